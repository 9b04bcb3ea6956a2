/**
 * The router: wouter under the `/ui` base with a location backed by the bus. The guard
 * pipeline (domain/navigation) has already decided where the user is; this renders the
 * route's layout and its area's lazily loaded chunk.
 */
import { Suspense, createElement, useEffect, useMemo, type ComponentType, type ReactNode } from 'react'
import { Route, Router } from 'wouter'
import type { RouteArea } from '../domain/navigation'
import { useApp, useQuery } from './shared/appContext'
import { lazyArea } from './shared/lazyArea'
import { useBusLocation, useBusSearch } from './shared/busLocation'
import { BareLayout } from './layout/BareLayout'
import { ErrorBoundary } from './errors/ErrorBoundary'
import { Toasts } from './notifications/Toasts'
import { OfflineBanner } from './shared/OfflineBanner'

/** Components plugins register for the routes they add with `navigation/RegisterRoute`. */
const pluginComponents = new Map<string, ComponentType>()
export function registerPluginComponent(pattern: string, component: ComponentType): void {
  pluginComponents.set(pattern, component)
}

type Areas = Readonly<Record<Exclude<RouteArea, 'plugin'>, ComponentType>> & {
  /** The chrome is a chunk of its own: the login page does not load it. */
  readonly layout: ComponentType<{ children: ReactNode }>
}

function useAreas(): Areas {
  const app = useApp()
  return useMemo(() => {
    const report = (command: Parameters<typeof app.dispatch>[0]) => app.dispatch(command, 'ui')
    return {
      session: lazyArea('session', () => import('./session/index'), report),
      packages: lazyArea('packages', () => import('./packages/index'), report),
      releaseBundles: lazyArea('releaseBundles', () => import('./releaseBundles/index'), report),
      admin: lazyArea('admin', () => import('./admin/index'), report),
      serviceStatus: lazyArea('serviceStatus', () => import('./serviceStatus/index'), report),
      supportBundles: lazyArea('supportBundles', () => import('./supportBundles/index'), report),
      repositories: lazyArea('repositories', () => import('./repositories/index'), report),
      artifacts: lazyArea('artifacts', () => import('./artifacts/index'), report),
      security: lazyArea('security', () => import('./security/index'), report),
      builds: lazyArea('builds', () => import('./builds/index'), report),
      overview: lazyArea('overview', () => import('./overview/index'), report),
      integrations: lazyArea('integrations', () => import('./integrations/index'), report),
      tokens: lazyArea('tokens', () => import('./tokens/index'), report),
      xray: lazyArea('xray', () => import('./xray/index'), report),
      errors: lazyArea('errors', () => import('./errors/index'), report),
      shell: lazyArea('shell', () => import('./navigation/ShellPages'), report),
      layout: lazyArea<{ children: ReactNode }>('layout', () => import('./layout/MainLayout'), report, {
        fallback: BareLayout,
      }),
    }
  }, [app])
}

/**
 * While a route's chunk loads: an empty status named for screen readers. Inside the main layout
 * its styles draw a page-shaped skeleton (layout.module.css); the login family's chunk comes
 * with the login page, and its screens draw their own skeletons (ui/session/kit.tsx). As the
 * top-level child (before the first navigation settles, while the chrome's chunk loads), it
 * is what shows index.html's skeleton of the whole shell: keep its role and name.
 */
export function Loading() {
  return <div role="status" aria-label="Loading" />
}

function PageTitle() {
  const title = useQuery({ type: 'navigation/Title' })
  useEffect(() => {
    if (title) document.title = title
  }, [title])
  return null
}

/**
 * The chrome's chunk is asked for as soon as the platform says who is signed in, while
 * start-up still loads the initial data and the navigation type: it would otherwise wait for
 * them, one more round trip on every signed-in first load. The import is the same module
 * the lazy layout loads, so that load then finds it ready.
 */
function usePreloadedChrome(): void {
  const signedIn = useQuery({ type: 'session/SignedIn' })
  useEffect(() => {
    if (signedIn) import('./layout/MainLayout').catch(() => undefined)
  }, [signedIn])
}

/**
 * The packages list's search is asked for as soon as the route is settled. The list would ask
 * only once the chrome and the packages area had loaded and rendered, after start-up: its
 * request then started last, on a signed-in cold load of /ui/packages (a trace showed the
 * chrome's render and the Radix widgets' first commits before it). The list's own request on
 * mount then finds the search already asked for (ui/packages/listQuery.ts). The module is the
 * list's own, which the page names as a preload on that route (server/ui/indexPage.ts): a module
 * of its own would be one more request on the landing.
 */
function useListAskedEarly(listLevel: boolean, search: string): void {
  const app = useApp()
  useEffect(() => {
    if (!listLevel) return
    let live = true
    import('./packages/PackagesList').then(
      ({ listQueryOf }) =>
        live && app.dispatch({ type: 'packages/OpenList', query: listQueryOf(search) }, 'ui'),
      // The area's own chunk failing shows in its place; the list then asks on mount.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [app, listLevel, search])
}

function Content() {
  const nav = useQuery({ type: 'navigation/State' })
  const match = useQuery({ type: 'navigation/Route' })
  const areas = useAreas()
  usePreloadedChrome()
  const settled = nav.navigations > 0 && !nav.guardPending && match !== undefined
  useListAskedEarly(
    settled && match?.route.area === 'packages' && !match.params.packageId,
    nav.location.query.replace(/^\?/, ''),
  )
  if (nav.navigations === 0 || nav.guardPending || !match) return <Loading />
  const { route } = match
  const Area: ComponentType | undefined =
    route.area === 'plugin' ? pluginComponents.get(route.pattern) : areas[route.area]
  const bare = route.layout === 'bare'
  const body: ReactNode = (
    <ErrorBoundary resetKey={nav.location.path}>
      <Suspense fallback={<Loading />}>
        <Route path={route.pattern}>{Area ? createElement(Area) : null}</Route>
      </Suspense>
    </ErrorBoundary>
  )
  if (bare) return <BareLayout logo>{body}</BareLayout>
  return <Suspense fallback={<Loading />}>{createElement(areas.layout, null, body)}</Suspense>
}

/** The whole console below the AppProvider. */
export function Shell() {
  return (
    <Router base="/ui" hook={useBusLocation} searchHook={useBusSearch}>
      <ErrorBoundary>
        <PageTitle />
        <OfflineBanner />
        <Content />
        <Toasts />
      </ErrorBoundary>
    </Router>
  )
}
