/**
 * The navigation area's decider for the chrome (sidebar, menus, modals, project, plugin
 * routes, navigation type, debug panel, chunk failures) as a specification (set-me-up and quick
 * setup are the onboarding area's: onboarding-decider.test.ts; the tour has its own:
 * tour-decider.test.ts). The route guard pipeline has its own tests (navigationPipeline.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { findRoute } from '../../domain/navigation/routes'
import { MFE_DEFAULT_ORDER } from '../../domain/shared/microFrontends'
import { navigationArea } from '../../domain/navigation'
import * as N from '../../domain/navigation/events'
import { spec } from '../support/decider'

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

  it('toggles the debug panel', () => {
    navigation
      .given()
      .when({ type: 'navigation/ToggleDebugPanel' })
      .then(N.DebugPanelToggled({ open: true }))
  })
})
