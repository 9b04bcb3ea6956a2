/**
 * The navigation area's decider for the chrome (sidebar, menus, modals, project, plugin
 * routes, navigation type, debug panel, chunk failures) and the tour (set-me-up and quick setup
 * are the onboarding area's: onboarding-decider.test.ts),
 * as a specification. The route guard pipeline has its own tests (navigationPipeline.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { findRoute } from '../../domain/navigation/routes'
import { MFE_DEFAULT_ORDER } from '../../domain/shared/microFrontends'
import { navigationArea } from '../../domain/navigation'
import * as N from '../../domain/navigation/events'
import { spec, specMeta } from '../support/decider'
import { startedAs } from '../support/fixtures'

const started = (flavour = 'platform', admin = false) => startedAs({ name: 'dev', flavour, admin })
const navigation = spec(navigationArea)

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
      .then(N.ProjectSelected({ key: 'alpha' }))
    navigation
      .given(N.ProjectSelected({ key: 'alpha' }))
      .when({ type: 'navigation/SelectProject', key: 'alpha' })
      .nothing()
    navigation
      .given(N.ProjectSelected({ key: 'alpha' }))
      .when({ type: 'navigation/SelectProject' })
      .then(N.ProjectSelected({}))
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

  it('switches the navigation type of a signed-in user only', () => {
    navigation
      .given(...started())
      .when({ type: 'navigation/SwitchNavigationType' })
      .then(N.NavigationTypeSwitched({ type: 'classic' }))
    navigation.given().when({ type: 'navigation/SwitchNavigationType' }).rejected('signed-in user')
  })

  it('toggles the debug panel', () => {
    navigation
      .given()
      .when({ type: 'navigation/ToggleDebugPanel' })
      .then(N.DebugPanelToggled({ open: true }))
  })
})

describe('the tour', () => {
  it('starts where it is available, not for a non-admin of the tour environment', () => {
    navigation
      .given(...started())
      .when({ type: 'navigation/StartTour' })
      .then(N.TourStarted({}))
    navigation
      .given(...started('tour'))
      .when({ type: 'navigation/StartTour' })
      .rejected('not available')
    navigation
      .given(...started('tour', true))
      .when({ type: 'navigation/StartTour' })
      .then(N.TourStarted({}))
  })

  it('moves within its steps while it runs', () => {
    const running = [...started(), N.TourStarted({})]
    navigation
      .given(...running)
      .when({ type: 'navigation/MoveTour', step: 4 })
      .then(N.TourStepShown({ step: 4 }))
    navigation
      .given(...running)
      .when({ type: 'navigation/MoveTour', step: 0 })
      .nothing()
    navigation
      .given(...running)
      .when({ type: 'navigation/MoveTour', step: 5 })
      .rejected('no step 5')
    navigation
      .given(...running)
      .when({ type: 'navigation/MoveTour', step: -1 })
      .rejected('no step -1')
    navigation
      .given(...started())
      .when({ type: 'navigation/MoveTour', step: 1 })
      .rejected('no tour is running')
  })

  it('ends with who finished it and when; ending no tour does nothing', () => {
    navigation
      .given(...started(), N.TourStarted({}))
      .when({ type: 'navigation/EndTour', completed: true })
      .then(N.TourEnded({ completed: true, user: 'dev', at: specMeta.now }))
    navigation
      .given(...started())
      .when({ type: 'navigation/EndTour', completed: false })
      .nothing()
  })
})
