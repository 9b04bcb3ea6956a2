/**
 * The router: wouter under the `/ui` base with a location backed by the bus. The guard
 * pipeline (domain/navigation) has already decided where the user is; this renders the
 * route's layout and its area's lazily loaded chunk.
 */
import {
  Suspense,
  createElement,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react'
import { Route, Router } from 'wouter'
import { map } from 'rxjs'
import type { AppState } from '../domain/app'
import { runQuery } from '../queries'
import { areaManifests } from './areas'
import { intentTarget, sendRouteIntents } from './routeIntent'
import { useApp, useQuery } from './shared/appContext'
import { lazyArea, useChunkReady, type LazyArea } from './shared/lazyArea'
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

/** The chrome is a chunk of its own: the login page does not load it. */
interface Screens {
  /** The screen of each route area: an area's (its manifest's) or the shell's own. */
  readonly byArea: ReadonlyMap<string, LazyArea<object>>
  readonly layout: LazyArea<{ children: ReactNode }>
}

function useScreens(): Screens {
  const app = useApp()
  return useMemo(() => {
    const report = (command: Parameters<typeof app.dispatch>[0]) => app.dispatch(command, 'ui')
    const byArea = new Map<string, LazyArea<object>>(
      areaManifests.flatMap((a) => (a.screen ? [[a.key, lazyArea(a.key, a.screen, report)] as const] : [])),
    )
    byArea.set(
      'errors',
      lazyArea('errors', () => import('./errors/index'), report),
    )
    byArea.set(
      'shell',
      lazyArea('shell', () => import('./navigation/ShellPages'), report),
    )
    return {
      byArea,
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

/** How long a first load's chrome waits for its screen's chunk and its first intent. */
const FIRST_DRAW_WAIT_MS = 100

/** The settled route and query a first intent is asked for, as one comparable key. */
function firstIntentTarget(state: AppState): string | undefined {
  const nav = runQuery(state, { type: 'navigation/State' })
  const match = runQuery(state, { type: 'navigation/Route' })
  if (nav.navigations === 0 || nav.guardPending) return undefined
  return intentTarget(match, nav.location.query.replace(/^\?/, ''))
}

/**
 * What a route asks for first (its area's manifest's `firstIntent`), sent as soon as the route is
 * settled, while the chrome and the screen's chunk still load (ui/routeIntent.ts); the screen
 * renders what was asked and asks nothing itself. Asked anew when the route's parameters or
 * query change, or when the state makes the intent another command.
 *
 * Watched on the app's state, not in an effect after the router's render: a click in the list
 * first rendered the list page again and unmounted it (tens of milliseconds of the click's
 * budget) before the package's request could go, and the screen's chunks then took the
 * browser's six connections ahead of it (the package page's request log).
 *
 * Says whether this route's intent has been dispatched (or there is none, or it failed to load):
 * a first load draws the chrome after it, so the request's chain of chunks is not held behind
 * the chrome's first render (one long task).
 */
function useFirstIntent(settled: boolean): boolean {
  const app = useApp()
  const [asked, setAsked] = useState<string | undefined>(undefined)
  useEffect(() => {
    const following = sendRouteIntents(
      app,
      app.state$.pipe(map((state) => [firstIntentTarget(state), state] as const)),
      setAsked,
    )
    return () => following.unsubscribe()
  }, [app])
  const target = settled ? firstIntentTarget(app.getState()) : undefined
  return target === undefined || asked === target
}

function Content() {
  const nav = useQuery({ type: 'navigation/State' })
  const match = useQuery({ type: 'navigation/Route' })
  const screens = useScreens()
  usePreloadedChrome()
  const settled = nav.navigations > 0 && !nav.guardPending && match !== undefined
  const asked = useFirstIntent(settled)
  const route = settled ? match.route : undefined
  const lazyScreen = route && route.area !== 'plugin' ? screens.byArea.get(route.area) : undefined
  const bare = route?.layout === 'bare'
  // The chrome and the screen are drawn once their chunks are in, never as Suspense fallbacks
  // (useChunkReady); while a new area's chunk loads the chrome stays, with the Loading status
  // in its body.
  const chromeReady = useChunkReady(route && !bare ? screens.layout : undefined)
  const screenReady = useChunkReady(lazyScreen)
  // A first load draws the chrome with the route's screen, once the route's first intent has
  // been dispatched (useFirstIntent); not longer than a bound, so a slow chunk does not hold
  // the chrome: it then draws with the Loading status in its body.
  const [drawn, setDrawn] = useState(false)
  const [waited, setWaited] = useState(false)
  const whole = screenReady && asked
  const holding = route !== undefined && chromeReady && !drawn && !waited && !whole
  useEffect(() => {
    if (!holding) return
    const timer = setTimeout(() => setWaited(true), FIRST_DRAW_WAIT_MS)
    return () => clearTimeout(timer)
  }, [holding])
  const showing = route !== undefined && chromeReady && (drawn || waited || whole)
  if (showing && !drawn) setDrawn(true)
  if (!showing) return <Loading />
  const Area: ComponentType | undefined =
    route.area === 'plugin' ? pluginComponents.get(route.pattern) : lazyScreen
  const body: ReactNode = (
    <ErrorBoundary resetKey={nav.location.path}>
      <Suspense fallback={<Loading />}>
        <Route path={route.pattern}>{!screenReady ? <Loading /> : Area ? createElement(Area) : null}</Route>
      </Suspense>
    </ErrorBoundary>
  )
  if (bare) return <BareLayout logo>{body}</BareLayout>
  return <Suspense fallback={<Loading />}>{createElement(screens.layout, null, body)}</Suspense>
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
