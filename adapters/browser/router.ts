/**
 * The browser side of the router: back/forward (popstate) and the first page load become
 * `navigation/SyncFromHistory` commands with source 'router'. The other direction (state to
 * history) is the navigation area's `historySync` effect, through the HistoryPort.
 */
import type { NavigationCommand } from '../../domain/navigation'
import type { Source } from '../../domain/shared/area'

export type RouterDispatch = (command: NavigationCommand, source: Source) => void

/** The location under the `/ui` base, as the navigation area keeps it. */
export function currentTarget(loc: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const path =
    loc.pathname === '/ui' || loc.pathname.startsWith('/ui/') ? loc.pathname.slice(3) : loc.pathname
  return `${path || '/'}${loc.search}${loc.hash}`
}

/** Starts listening; returns the function that stops it. */
export function startHistorySync(dispatch: RouterDispatch, win: Window = window): () => void {
  const onPop = () =>
    dispatch({ type: 'navigation/SyncFromHistory', to: currentTarget(win.location) }, 'router')
  win.addEventListener('popstate', onPop)
  dispatch({ type: 'navigation/SyncFromHistory', to: currentTarget(win.location) }, 'router')
  return () => win.removeEventListener('popstate', onPop)
}
