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
import type { AppCommand, AppState } from '../domain/app'
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
import { PartsProvider, type ChromePart, type PartName, type Parts, type ShownPart } from './shared/parts'
import type { ChromeProps } from './chrome'

/** Components plugins register for the routes they add with `navigation/RegisterRoute`. */
const pluginComponents = new Map<string, ComponentType>()
export function registerPluginComponent(pattern: string, component: ComponentType): void {
  pluginComponents.set(pattern, component)
}

/** The chrome is a chunk of its own: the login page does not load it. */
interface Screens {
  /** The screen of each route area: an area's (its manifest's) or the shell's own. */
  readonly byArea: ReadonlyMap<string, LazyArea<object>>
  readonly layout: LazyArea<ChromeProps>
  /** The panels and dialogs the areas lend the main layout, and the console's own. */
  readonly chromeParts: ReadonlyArray<ShownPart<AppState>>
}

/** Whether one of the overlays in ui/ChromeOverlays.tsx is open: their chunk loads then. */
function overlaysWanted(state: AppState): boolean {
  return (
    runQuery(state, { type: 'tour/Running' }) ||
    runQuery(state, { type: 'quickSetup/Wizard' }).visible ||
    runQuery(state, { type: 'navigation/State' }).openModals.length > 0 ||
    runQuery(state, { type: 'quickSetup/ClientFlow' }) !== undefined
  )
}

/** What the console itself draws over the main layout, after what the areas lend it. */
const CONSOLE_CHROME: ReadonlyArray<readonly [string, ChromePart<AppState>]> = [
  [
    'debug',
    {
      place: 'overlay',
      load: () => import('./debug/DebugPanel'),
      shown: (state) => runQuery(state, { type: 'navigation/State' }).debugPanelOpen,
    },
  ],
  ['chromeOverlays', { place: 'overlay', load: () => import('./ChromeOverlays'), shown: overlaysWanted }],
]

function lentParts(report: (command: AppCommand) => void): Parts {
  const parts: Partial<Record<PartName, LazyArea<object>>> = {}
  for (const manifest of areaManifests)
    for (const [name, load] of Object.entries(manifest.parts ?? {}))
      parts[name as PartName] = lazyArea(manifest.key, load, report)
  return parts
}

/** Provides the pieces the areas lend others' screens (their manifests' `parts`), made once per app. */
export function LentParts({ children }: { children: ReactNode }) {
  const app = useApp()
  const parts = useMemo(() => lentParts((command) => app.dispatch(command, 'ui')), [app])
  return <PartsProvider parts={parts}>{children}</PartsProvider>
}

function chromeParts(report: (command: AppCommand) => void): ReadonlyArray<ShownPart<AppState>> {
  const lent = areaManifests.flatMap((a) => (a.chrome ?? []).map((part) => [a.key, part] as const))
  return [...lent, ...CONSOLE_CHROME].map(([area, part], i) => ({
    key: `${area}-${i}`,
    place: part.place,
    shown: part.shown,
    Component: lazyArea(area, part.load, report),
  }))
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
      layout: lazyArea<ChromeProps>('layout', () => import('./chrome'), report, { fallback: BareLayout }),
      chromeParts: chromeParts(report),
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
    if (signedIn) import('./chrome').catch(() => undefined)
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

function Content({ screens }: { screens: Screens }) {
  const nav = useQuery({ type: 'navigation/State' })
  const match = useQuery({ type: 'navigation/Route' })
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
  const Chrome = screens.layout
  return (
    <Suspense fallback={<Loading />}>
      <Chrome parts={screens.chromeParts}>{body}</Chrome>
    </Suspense>
  )
}

/** The whole console below the AppProvider. */
export function Shell() {
  const screens = useScreens()
  return (
    <Router base="/ui" hook={useBusLocation} searchHook={useBusSearch}>
      <ErrorBoundary>
        <PageTitle />
        <OfflineBanner />
        <LentParts>
          <Content screens={screens} />
        </LentParts>
        <Toasts />
      </ErrorBoundary>
    </Router>
  )
}
