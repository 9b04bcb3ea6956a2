// The composition root: the only UI module that imports adapters. Built out by the shell issue
// (createBrowserPorts() from adapters/browser/browserPorts.ts gives every port).
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <main>
        <h1>Platform console</h1>
      </main>
    </StrictMode>,
  )
}
