// The composition root: the only UI module that imports adapters. It builds the app from the
// browser's ports, keeps history in step with the bus, starts the platform and renders the shell.
import './shared/tokens.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserApp } from '../commands/browserApp'
import { createBrowserPorts } from '../adapters/browser/browserPorts'
import { startHistorySync } from '../adapters/browser/router'
import { AppProvider } from './shared/appContext'
import { startActivityWatch } from './session/activityWatch'
import { Shell } from './routes'
import { areaManifests } from './areas'
import { importEarly } from './earlyChunks'
// In the entry, which every page has loaded, rather than the login page's session chunk: what that
// chunk shares with the chunks that load without it (the message catalogue, the layout, the toasts,
// the areas' forms). There, each of those loaded the whole login screen with them; in a chunk of
// their own, they would be one more file on the login page (vite.config.ts, the `initial` group).
import '../domain/shared/formWords'
import './shared/notAuthorized'
import './shared/forms'
import './shared/kit/Skeleton'
import './shared/kit/checkbox.module.css'

const app = createBrowserApp(
  createBrowserPorts(areaManifests.flatMap((a) => (a.ports ? [a.ports] : []))),
  areaManifests,
)
// A signed-in user's page in the chrome, as the server marked its skeleton (server/ui/indexPage.ts),
// evaluates the chrome's chunk and its area's (named in the page as preloads) at once: while
// start-up's answers are still on their way, instead of after start-up has decided.
void importEarly(document, location.pathname, {
  chrome: () => import('./chrome'),
  area: (key) => {
    const area = areaManifests.find((a) => a.key === key)
    return [area?.screen?.(), area?.firstIntent?.()].flatMap((p) => (p ? [p] : []))
  },
})
startHistorySync((command, source) => app.dispatch(command, source))
app.dispatch({ type: 'platform/Start', reason: 'boot' }, 'ui')
startActivityWatch((command, source) => app.dispatch(command, source))

function mount(): void {
  const root = document.getElementById('root')
  if (!root) return
  createRoot(root).render(
    <StrictMode>
      <AppProvider app={app}>
        <Shell />
      </AppProvider>
    </StrictMode>,
  )
}
// A page that carries start-up's answers runs this entry as soon as it has loaded, maybe before
// the parser has reached the root (server/ui/indexPage.ts, withAsyncEntry).
if (document.getElementById('root') || document.readyState !== 'loading') mount()
else document.addEventListener('DOMContentLoaded', mount, { once: true })
