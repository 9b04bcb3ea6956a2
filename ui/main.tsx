// The composition root: the only UI module that imports adapters. Built out by the shell issue.
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
