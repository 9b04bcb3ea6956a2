/**
 * The navigation area's decider for the chrome (sidebar, menus, modals, project, plugin
 * routes, navigation type, debug panel, chunk failures) as a specification (set-me-up and quick
 * setup are areas of their own: setMeUp-decider.test.ts, quickSetup-decider.test.ts; the tour
 * has its own: tour-decider.test.ts). The route guard pipeline has its own tests (navigation-pipeline.test.ts).
 */
import { appSlice } from '../../domain/app'
import { describe, expect, it } from 'vitest'
import { findRoute } from '../../domain/navigation/routes'
import { MFE_DEFAULT_ORDER } from '../../domain/shared/microFrontends'
import { navigationArea } from '../../domain/navigation'
import * as N from '../../domain/navigation/events'
import { IDLE_CHECK_MS } from '../../domain/navigation/decider'
import { recordedAt, spec, specMeta } from '../support/decider'
import { startedAs, startedEvents } from '../support/fixtures'

const navigation = spec(appSlice(navigationArea))

describe('the chrome', () => {
  it('toggles the sidebar', () => {
    navigation
      .given()
      .when({ type: 'navigation/ToggleSidebar' })
      .then(N.SidebarToggled({ collapsed: true }))
    navigation
      .given(N.SidebarToggled({ collapsed: true }))
      .when({ type: 'navigation/ToggleSidebar' })
      .then(N.SidebarToggled({ collapsed: false }))
  })

  it('opens a menu once; opening the open one again does nothing', () => {
    navigation
      .given()
      .when({ type: 'navigation/OpenMenu', menu: 'user' })
      .then(N.MenuOpened({ menu: 'user' }))
    navigation
      .given(N.MenuOpened({ menu: 'user' }))
      .when({ type: 'navigation/OpenMenu', menu: 'user' })
      .nothing()
  })

  it('opens and closes modals, each once', () => {
    navigation
      .given()
      .when({ type: 'navigation/OpenModal', modal: 'contactUs' })
      .then(N.ModalOpened({ modal: 'contactUs' }))
    navigation
      .given(N.ModalOpened({ modal: 'contactUs' }))
      .when({ type: 'navigation/OpenModal', modal: 'contactUs' })
      .nothing()
    navigation
      .given(N.ModalOpened({ modal: 'contactUs' }))
      .when({ type: 'navigation/CloseModal', modal: 'contactUs' })
      .then(N.ModalClosed({ modal: 'contactUs' }))
    navigation.given().when({ type: 'navigation/CloseModal', modal: 'contactUs' }).nothing()
  })

  it('selects a project only when it changes', () => {
    navigation
      .given()
      .when({ type: 'navigation/SelectProject', key: 'alpha' })
      .then(N.ProjectSelected({ user: null, key: 'alpha' }))
    navigation
      .given(N.ProjectSelected({ user: null, key: 'alpha' }))
      .when({ type: 'navigation/SelectProject', key: 'alpha' })
      .nothing()
    navigation
      .given(N.ProjectSelected({ user: null, key: 'alpha' }))
      .when({ type: 'navigation/SelectProject' })
      .then(N.ProjectSelected({ user: null }))
  })

  it('registers a plugin route once, with a pattern from the root', () => {
    const route = { type: 'navigation/RegisterRoute', name: 'plugin', pattern: '/plugin' } as const
    navigation
      .given()
      .when(route)
      .then(N.RouteRegistered({ name: 'plugin', pattern: '/plugin' }))
    navigation
      .given(N.RouteRegistered({ name: 'plugin', pattern: '/plugin' }))
      .when(route)
      .nothing()
    navigation
      .given()
      .when({ ...route, pattern: 'plugin' })
      .rejected('starts with /')
  })

  it('orders the plugins (micro-frontends) by their order, 999 by default, then as registered', () => {
    navigation
      .given()
      .when({ type: 'navigation/RegisterRoute', name: 'early', pattern: '/plugins/x', order: 10 })
      .then(N.RouteRegistered({ name: 'early', pattern: '/plugins/x', order: 10 }))
    const plugins = (...events: ReturnType<typeof N.RouteRegistered>[]) =>
      navigation.given(...events).state.navigation.pluginRoutes
    const wide = N.RouteRegistered({ name: 'wide', pattern: '/plugins/*' })
    const narrow = (order?: number) =>
      N.RouteRegistered({ name: 'narrow', pattern: '/plugins/x', ...(order === undefined ? {} : { order }) })
    // Without orders the first registered wins; an order below the default goes first.
    expect(findRoute('/plugins/x', plugins(wide, narrow()))?.route.name).toBe('wide')
    expect(findRoute('/plugins/x', plugins(wide, narrow(MFE_DEFAULT_ORDER - 1)))?.route.name).toBe('narrow')
    expect(findRoute('/plugins/x', plugins(wide, narrow(MFE_DEFAULT_ORDER)))?.route.name).toBe('wide')
    expect(findRoute('/plugins/x', plugins(wide, narrow(MFE_DEFAULT_ORDER + 1)))?.route.name).toBe('wide')
    expect(MFE_DEFAULT_ORDER).toBe(999)
  })

  it('leaves only for http(s) addresses', () => {
    navigation
      .given()
      .when({ type: 'navigation/LeaveForExternal', url: 'https://example.org/docs' })
      .then(N.LeftForExternal({ url: 'https://example.org/docs' }))
    navigation
      .given()
      .when({ type: 'navigation/LeaveForExternal', url: 'javascript:alert(1)' })
      .rejected('http(s)')
  })

  it('toggles the debug panel', () => {
    navigation
      .given()
      .when({ type: 'navigation/ToggleDebugPanel' })
      .then(N.DebugPanelToggled({ open: true }))
  })
})

describe('chunk failures and plugin routes', () => {
  const failure = { area: 'packages', failure: 'timeout', request: '/assets/p.js' } as const
  it('records a chunk that failed to load once per area, naming a style sheet apart', () => {
    navigation
      .given()
      .when({ type: 'navigation/RecordChunkFailure', ...failure })
      .then(
        N.ChunkLoadFailed({
          name: 'ChunkLoadError',
          area: 'packages',
          type: 'timeout',
          request: '/assets/p.js',
        }),
      )
    navigation
      .given()
      .when({ type: 'navigation/RecordChunkFailure', ...failure, asset: 'style' })
      .then(
        N.ChunkLoadFailed({
          name: 'CSS_CHUNK_LOAD_FAILED',
          area: 'packages',
          type: 'timeout',
          request: '/assets/p.js',
        }),
      )
    const failed = N.ChunkLoadFailed({
      name: 'ChunkLoadError',
      area: 'packages',
      type: 'timeout',
      request: 'x',
    })
    navigation
      .given(failed)
      .when({ type: 'navigation/RecordChunkFailure', ...failure })
      .nothing()
    navigation
      .given(failed)
      .when({ type: 'navigation/RecordChunkFailure', ...failure, area: 'search' })
      .then(
        N.ChunkLoadFailed({
          name: 'ChunkLoadError',
          area: 'search',
          type: 'timeout',
          request: '/assets/p.js',
        }),
      )
    expect(navigation.given(failed).state.navigation.failedChunks).toEqual(['packages'])
  })

  it('keeps the newest hundred plugin routes and chunk failures', () => {
    const routes = Array.from({ length: 103 }, (_, i) =>
      N.RouteRegistered({ name: `p${i}`, pattern: `/p${i}` }),
    )
    const kept = navigation.given(...routes).state.navigation.pluginRoutes
    expect(kept).toHaveLength(100)
    expect(kept[0]).toMatchObject({ name: 'p3', pattern: '/p3', layout: 'main', sidebar: 'application' })
    expect(kept[99]?.name).toBe('p102')
    const chunks = Array.from({ length: 101 }, (_, i) =>
      N.ChunkLoadFailed({ name: 'ChunkLoadError', area: `a${i}`, type: 'error', request: 'x' }),
    )
    const failed = navigation.given(...chunks).state.navigation.failedChunks
    expect(failed).toHaveLength(100)
    expect(failed[0]).toBe('a1')
  })

  it('a plugin route keeps the title it was registered with', () => {
    navigation
      .given()
      .when({ type: 'navigation/RegisterRoute', name: 'p', pattern: '/p', title: 'Plugin' })
      .then(N.RouteRegistered({ name: 'p', pattern: '/p', title: 'Plugin' }))
    expect(
      navigation.given(N.RouteRegistered({ name: 'p', pattern: '/p', title: 'Plugin' })).state.navigation
        .pluginRoutes[0]?.title,
    ).toBe('Plugin')
  })

  it('a guard that waited is run again only while a navigation waits', () => {
    navigation.given().when({ type: 'navigation/RecheckGuard' }).nothing()
  })
})

/**
 * The idle check (spec 000 section 9): a navigation after more than IDLE_CHECK_MS without one asks
 * whether the session is still valid. The last activity is when the last navigation was recorded:
 * its envelope's `at` (Navigated carries no copy of that time since v2).
 */
describe('the idle check', () => {
  const T0 = '2026-01-01T10:00:00.000Z'
  const later = (ms: number) => new Date(Date.parse(T0) + ms).toISOString()
  const onPackages = N.Navigated({
    location: { path: '/packages', query: '' },
    routeName: 'packages',
    mode: 'push',
    user: 'developer',
    sidebar: 'application',
  })
  const toBuilds = { type: 'navigation/Navigate', to: '/builds' } as const
  const checks = (events: ReadonlyArray<unknown>) =>
    events.filter((e) => (e as { type: string }).type === 'navigation/SessionCheckRequested')

  it('keeps the time its envelope says a navigation was recorded', () => {
    const state = navigation.given(...startedAs(), recordedAt(T0, onPackages)).state
    expect(state.navigation.lastActivityMs).toBe(Date.parse(T0))
    // Recorded at the specification's `now` when not given a time.
    expect(navigation.given(...startedAs(), onPackages).state.navigation.lastActivityMs).toBe(
      Date.parse(specMeta.now),
    )
  })

  it('asks for a session check after more than the idle limit since the last navigation', () => {
    const given = navigation.given(...startedAs(), recordedAt(T0, onPackages))
    expect(checks(given.when(toBuilds, { now: later(IDLE_CHECK_MS + 1) }).events())).toEqual([
      N.SessionCheckRequested({ idleMs: IDLE_CHECK_MS + 1, user: 'developer' }),
    ])
    expect(checks(given.when(toBuilds, { now: later(IDLE_CHECK_MS) }).events())).toEqual([])
    expect(checks(given.when(toBuilds, { now: later(1_000) }).events())).toEqual([])
  })

  it('counts from the latest navigation, and the navigation it decides is the new last activity', () => {
    const state = navigation.given(
      ...startedAs(),
      recordedAt(T0, onPackages),
      recordedAt(
        later(50_000),
        N.Navigated({ ...onPackages.data, location: { path: '/builds', query: '' } }),
      ),
    )
    expect(
      checks(state.when({ type: 'navigation/Navigate', to: '/packages' }, { now: later(100_000) }).events()),
    ).toEqual([])
    const after = state
      .when({ type: 'navigation/Navigate', to: '/packages' }, { now: later(200_000) })
      .after()
    expect(after.navigation.lastActivityMs).toBe(Date.parse(later(200_000)))
  })

  it('never asks for an anonymous session', () => {
    const given = navigation.given(
      ...startedEvents({ user: 'anonymous' }),
      recordedAt(
        T0,
        N.Navigated({
          ...onPackages.data,
          routeName: 'login',
          location: { path: '/login', query: '' },
          user: 'anonymous',
        }),
      ),
    )
    const events = given
      .when({ type: 'navigation/Navigate', to: '/login/forgot-password' }, { now: later(IDLE_CHECK_MS * 10) })
      .events()
    expect(checks(events)).toEqual([])
  })

  it('a v1 Navigated (read from an older log) keeps the time it recorded, not its envelope’s', () => {
    const { location } = onPackages.data
    const v1 = { location, routeName: 'packages', mode: 'push', user: 'developer', atMs: 42 }
    const upcast = {
      location,
      routeName: 'packages',
      mode: 'push',
      user: 'developer',
      recordedAtMs: 42,
    } as const
    expect(N.upcastNavigatedV1(v1)).toEqual(upcast)
    expect(navigation.given(recordedAt(T0, N.Navigated(upcast))).state.navigation.lastActivityMs).toBe(42)
  })
})
