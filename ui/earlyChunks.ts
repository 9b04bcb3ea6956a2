/**
 * The chunks a signed-in user's first page evaluates as soon as the entry runs, not once
 * start-up has decided: the chrome's, and the screen and first intent's code of the page's area.
 *
 * The server marks a signed-in user's page in the chrome on its skeleton (`#boot[data-chrome]`,
 * server/ui/indexPage.ts) and names these chunks as preloads, so their files are on their way
 * with the page. The page that carries start-up's answers runs its entry as soon as it has loaded
 * (`async`), which may be before the parser has reached `#boot`: the mark is then read once the
 * parser has put it in the document (the body's first element), not missed.
 */
import { findRoute } from '../domain/navigation/routes'
import { UI_BASE } from './shared/busLocation'

/** What is imported early: each loader is the one the console uses later, so the module is shared. */
export interface EarlyImports {
  readonly chrome: () => Promise<unknown>
  /** The area's screen and first intent's code, by the route area of the page's path. */
  readonly area: (area: string) => ReadonlyArray<Promise<unknown>>
}

/** The skeleton's element once the parser has made it (null if the page has none). */
export function bootOnceParsed(doc: Document): Promise<Element | null> {
  const now = doc.getElementById('boot')
  if (now || doc.readyState !== 'loading') return Promise.resolve(now)
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const boot = doc.getElementById('boot')
      if (boot) done(boot)
    })
    const done = (boot: Element | null) => {
      observer.disconnect()
      doc.removeEventListener('DOMContentLoaded', parsed)
      resolve(boot)
    }
    const parsed = () => done(doc.getElementById('boot'))
    observer.observe(doc, { childList: true, subtree: true })
    doc.addEventListener('DOMContentLoaded', parsed, { once: true })
  })
}

/** The route area of a console path (`/ui/packages` → `packages`), if a route knows it. */
export function areaOfPath(pathname: string): string | undefined {
  const path =
    pathname === UI_BASE || pathname.startsWith(`${UI_BASE}/`)
      ? pathname.slice(UI_BASE.length) || '/'
      : pathname
  const match = findRoute(path)
  return match && match.route.layout !== 'bare' ? match.route.area : undefined
}

/**
 * Imports the chrome's chunk and the page's area's once the skeleton says the page is a signed-in
 * user's in the chrome; settles once they were asked for (or the page is not such a page).
 */
export async function importEarly(doc: Document, pathname: string, imports: EarlyImports): Promise<void> {
  const boot = await bootOnceParsed(doc)
  if (!boot?.hasAttribute('data-chrome')) return
  imports.chrome().catch(() => undefined)
  const area = areaOfPath(pathname)
  if (area) for (const loading of imports.area(area)) loading.catch(() => undefined)
}
