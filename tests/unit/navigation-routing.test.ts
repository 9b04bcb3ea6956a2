/**
 * The navigation area's decider on a navigation (spec 000 section 4, "On every navigation, in
 * order"), read as what the log records: where the user ends up, how (push, replace, pop), the
 * redirects on the way, a refusal and where a first navigation goes instead, the login guard's
 * requests, and what a navigation brings with it (the contact-us dialog of a trial, the project
 * context left, the tour's guide context). Then what the state keeps of navigations (the last
 * pages per user, the previous path) and the policies. The pipeline's own steps are in
 * navigation-pipeline.test.ts; the chrome's commands in navigation-decider.test.ts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { appSlice, type AppEvent } from '../../domain/app'
import { navigationArea, parseTarget, locationText } from '../../domain/navigation'
import * as N from '../../domain/navigation/events'
import { GuideContextMatched } from '../../domain/tour/events'
import { spec } from '../support/decider'
import { loginData, signedIn, startedAs, startedEvents } from '../support/fixtures'

const navigation = spec(appSlice(navigationArea))
const go = (to: string) => ({ type: 'navigation/Navigate', to }) as const
const at = (path: string, query = '') => ({ path, query })

const onPackages = N.Navigated({
  location: at('/packages'),
  routeName: 'packages',
  mode: 'push',
  user: 'developer',
  sidebar: 'application',
})
/** A signed-in developer already on the packages page. */
const developerOnPackages = () => navigation.given(...startedAs(), onPackages)

/** An anonymous visitor to an instance whose login goes straight to its SSO provider. */
const ssoOnly = () => [
  ...startedEvents({ user: 'anonymous' }),
  loginData({ autoRedirectLogin: true, ssoProviderLink: 'https://idp.example/sso' }),
]

describe('where a navigation ends', () => {
  it('an allowed page is drawn, and nothing else happens on an ordinary instance', () => {
    navigation
      .given(...startedAs())
      .when(go('/packages'))
      .then(
        N.Navigated({
          location: at('/packages'),
          routeName: 'packages',
          mode: 'push',
          user: 'developer',
          sidebar: 'application',
        }),
      )
  })

  it('going to the page already shown does nothing; the first navigation always draws', () => {
    developerOnPackages().when(go('/packages')).nothing()
    developerOnPackages().when({ type: 'navigation/SyncFromHistory', to: '/ui/packages' }).nothing()
    // Another query is another location.
    expect(developerOnPackages().when(go('/packages?q=react')).events()).toHaveLength(1)
  })

  it('records how the page was reached: pushed, replaced, from the history; a redirect replaces', () => {
    const modeOf = (command: Parameters<ReturnType<typeof navigation.given>['when']>[0]) =>
      developerOnPackages()
        .when(command)
        .events()
        .flatMap((e) => (e.type === 'navigation/Navigated' ? [e.data.mode] : []))
    expect(modeOf(go('/builds'))).toEqual(['push'])
    expect(modeOf({ type: 'navigation/Navigate', to: '/builds', replace: true })).toEqual(['replace'])
    expect(modeOf({ type: 'navigation/SyncFromHistory', to: '/builds' })).toEqual(['pop'])
    // `/admin` redirects to the users page: a history entry reached by a redirect is replaced…
    const admin = navigation.given(...startedAs({ admin: true }), onPackages)
    const modes = (command: Parameters<typeof admin.when>[0]) =>
      admin
        .when(command)
        .events()
        .flatMap((e) => (e.type === 'navigation/Navigated' ? [e.data.mode] : []))
    expect(modes({ type: 'navigation/SyncFromHistory', to: '/admin' })).toEqual(['replace'])
    expect(modes({ type: 'navigation/Navigate', to: '/admin', replace: true })).toEqual(['replace'])
    // …while a link the user followed stays a new entry.
    expect(modes(go('/admin'))).toEqual(['push'])
  })

  it('names the sidebar of pages in the main layout only, never of the login or error pages', () => {
    const navigated = (events: ReadonlyArray<AppEvent>) =>
      events.flatMap((e) => (e.type === 'navigation/Navigated' ? [e.data] : []))
    expect(navigated(developerOnPackages().when(go('/404')).events())).toEqual([
      { location: at('/404'), routeName: 'notFound', mode: 'push', user: 'developer' },
    ])
    expect(
      navigated(
        navigation
          .given(...startedEvents({ user: 'anonymous' }))
          .when(go('/login'))
          .events(),
      ),
    ).toEqual([{ location: at('/login'), routeName: 'login', mode: 'push', user: 'anonymous' }])
    const admin = navigation.given(...startedAs({ admin: true }), onPackages)
    expect(navigated(admin.when(go('/admin/configuration/general')).events())[0]?.sidebar).toBe(
      'administration',
    )
  })

  it('refuses a target that leaves the console, without a notification', () => {
    developerOnPackages()
      .when(go('//evil.example/'))
      .then(
        N.Denied({
          path: '//evil.example/',
          reason: 'unsafe target',
          notify: false,
          id: 'id-1',
          stayAt: at('/packages'),
        }),
      )
  })
})

describe('a refusal', () => {
  const denied = (stayAt: { path: string; query: string } | null) =>
    N.Denied({ path: '/admin/management/users', reason: 'admin route', notify: true, id: 'id-1', stayAt })

  it('on a page shown, keeps the user there', () => {
    developerOnPackages()
      .when(go('/admin/management/users'))
      .then(denied(at('/packages')))
  })

  it('on the first navigation, sends the user to the landing instead of a blank screen', () => {
    navigation
      .given(...startedAs())
      .when(go('/admin/management/users'))
      .then(
        denied(null),
        N.Redirected({ from: '/admin/management/users', to: '/packages', reason: 'fallback after denial' }),
        N.Navigated({
          location: at('/packages'),
          routeName: 'packages',
          mode: 'push',
          user: 'developer',
          sidebar: 'application',
        }),
      )
    // From the history, the landing replaces the refused entry.
    const modes = navigation
      .given(...startedAs())
      .when({ type: 'navigation/SyncFromHistory', to: '/admin/management/users' })
      .events()
      .flatMap((e) => (e.type === 'navigation/Navigated' ? [e.data.mode] : []))
    expect(modes).toEqual(['replace'])
  })

  it('on a navigation that waited for start-up, counts as a first one', () => {
    const waited = navigation.given(
      ...startedAs(),
      onPackages,
      N.Deferred({ location: at('/admin/management/users'), mode: 'push' }),
    )
    expect(
      waited
        .when(go('/admin/management/users'))
        .events()
        .map((e) => e.type),
    ).toEqual([
      'navigation/Denied',
      'navigation/Redirected',
      // The packages page was shown before: the guard's second run draws it again.
      'navigation/Navigated',
    ])
  })

  it('records the fallback where it goes, then its redirects, and nothing more when it is refused too', () => {
    // The SSO-only login cancels the console's login page; the landing goes back to it.
    navigation
      .given(...ssoOnly())
      .when(go('/login'))
      .then(
        N.Denied({
          path: '/login',
          reason: 'login guard: leaving the console',
          notify: false,
          id: 'id-1',
          stayAt: null,
        }),
        N.Redirected({ from: '/login', to: '/packages', reason: 'fallback after denial' }),
        N.Redirected({
          from: '/packages',
          to: '/login?error=notAuthorized',
          reason: 'not authorized: anonymous access is off',
        }),
        // Asked once, although both the login page and the landing's way back asked.
        N.GuardRequested({ commands: [{ type: 'session/AutoRedirectToSso' }] }),
      )
  })
})

describe("the login guard's part", () => {
  it("a redirect of the guard is recorded as the guard's, with the commands it asks for", () => {
    navigation
      .given(...startedAs())
      .when(go('/login/invitation'))
      .then(
        N.Redirected({ from: '/login/invitation', to: '/login', reason: 'login guard' }),
        N.Redirected({ from: '/login', to: '/packages', reason: 'signed in: default landing' }),
        N.Navigated({
          location: at('/packages'),
          routeName: 'packages',
          mode: 'push',
          user: 'developer',
          sidebar: 'application',
        }),
        N.GuardRequested({ commands: [{ type: 'session/SignOut', reason: 'invitation' }] }),
      )
  })

  it('every different request of the guard on the way is asked for, each once', () => {
    // An invitation without its token signs out and goes to login, which an SSO-only login leaves.
    const asked = navigation
      .given(...ssoOnly())
      .when(go('/login/invitation'))
      .events()
      .flatMap((e) => (e.type === 'navigation/GuardRequested' ? e.data.commands : []))
    expect(asked).toEqual([
      { type: 'session/SignOut', reason: 'invitation' },
      { type: 'session/AutoRedirectToSso' },
    ])
  })

  it('a signed-in user opening the login page goes to the page last visited', () => {
    const back = navigation
      .given(
        ...startedAs(),
        N.Navigated({ ...onPackages.data, location: at('/builds'), routeName: 'builds' }),
      )
      .when(go('/login'))
      .events()
    expect(back[0]).toEqual(
      N.Redirected({ from: '/login', to: '/builds', reason: 'signed in: default landing' }),
    )
  })

  it('a navigation that waited is guarded again, replacing its history entry', () => {
    const waiting = navigation.given(...startedAs(), N.Deferred({ location: at('/packages'), mode: 'push' }))
    waiting.when({ type: 'navigation/RecheckGuard' }).then(
      N.Navigated({
        location: at('/packages'),
        routeName: 'packages',
        mode: 'replace',
        user: 'developer',
        sidebar: 'application',
      }),
    )
    developerOnPackages().when({ type: 'navigation/RecheckGuard' }).nothing()
  })

  it('sso/:ssoLoginType cancels a navigation that waits (spec 000 section 2)', () => {
    const waiting = navigation.given(...startedAs(), N.Deferred({ location: at('/packages'), mode: 'push' }))
    const sso = waiting.when(go('/login/sso/saml'))
    expect(sso.events().map((e) => e.type)).toContain('navigation/Navigated')
    // The page that waited is never drawn once start-up settles.
    navigation.at(sso.after()).when({ type: 'navigation/RecheckGuard' }).nothing()
  })
})

describe('what a navigation brings with it', () => {
  const contactUs = '/packages?contactUsContext=pricing'
  const kinds = (events: ReadonlyArray<AppEvent>) => events.map((e) => e.type)

  it('a cloud trial or a tour opens the contact-us dialog a link asks for; other instances do not', () => {
    for (const flavour of ['cloud-trial', 'tour']) {
      const events = navigation
        .given(...startedAs({ flavour }))
        .when(go(contactUs))
        .events()
      expect(events).toContainEqual(N.ModalOpened({ modal: 'contactUs' }))
      expect(
        navigation
          .given(...startedAs({ flavour }))
          .when(go('/packages'))
          .events(),
      ).not.toContainEqual(N.ModalOpened({ modal: 'contactUs' }))
    }
    expect(
      kinds(
        navigation
          .given(...startedAs())
          .when(go(contactUs))
          .events(),
      ),
    ).toEqual(['navigation/Navigated'])
  })

  it('a tour or a trial matches its guide to the page; not on a page outside the main layout', () => {
    expect(
      navigation
        .given(...startedAs({ flavour: 'tour' }))
        .when(go('/builds'))
        .events(),
    ).toContainEqual(GuideContextMatched({ context: 'builds' }))
    expect(
      kinds(
        navigation
          .given(...startedEvents({ user: 'anonymous', footer: { flavour: 'tour' } }))
          .when(go('/login'))
          .events(),
      ),
    ).toEqual(['navigation/Navigated'])
  })

  it('a platform-wide page leaves the project selected; the projects and packages pages keep it', () => {
    const inProject = navigation.given(
      ...startedAs({ admin: true }),
      onPackages,
      N.ProjectSelected({ user: 'developer', key: 'alpha' }),
    )
    expect(inProject.when(go('/admin/configuration/general')).events()).toContainEqual(
      N.ProjectSelected({ user: 'developer' }),
    )
    expect(kinds(inProject.when(go('/admin/projects/list')).events())).toEqual(['navigation/Navigated'])
    // Without a project selected there is none to leave.
    expect(
      kinds(
        navigation
          .given(...startedAs({ admin: true }), onPackages)
          .when(go('/admin/configuration/general'))
          .events(),
      ),
    ).toEqual(['navigation/Navigated'])
  })
})

describe('the landings', () => {
  const landing = (given: ReturnType<typeof navigation.given>, command: Parameters<typeof given.when>[0]) =>
    given
      .when(command)
      .events()
      .flatMap((e) => (e.type === 'navigation/Navigated' ? [e.data.location.path] : []))

  it("go to the user's landing, the administration's and the application's", () => {
    const admin = navigation.given(...startedAs({ admin: true }))
    expect(landing(admin, { type: 'navigation/GoToLanding' })).toEqual(['/admin/mission_control/topology'])
    expect(landing(admin, { type: 'navigation/GoToAdminLanding' })).toEqual(['/admin/projects/list'])
    const onAdminPage = navigation.given(
      ...startedAs({ admin: true }),
      N.Navigated({ ...onPackages.data, location: at('/builds'), routeName: 'builds' }),
      N.Navigated({
        ...onPackages.data,
        location: at('/admin/management/users'),
        routeName: 'users',
        sidebar: 'administration',
      }),
    )
    expect(landing(onAdminPage, { type: 'navigation/GoToApplicationLanding' })).toEqual(['/builds'])
  })

  it('each is a new history entry: Back returns to the page left', () => {
    const modes = (command: Parameters<ReturnType<typeof navigation.given>['when']>[0]) =>
      navigation
        .given(...startedAs({ admin: true }))
        .when(command)
        .events()
        .flatMap((e) => (e.type === 'navigation/Navigated' ? [e.data.mode] : []))
    expect(modes({ type: 'navigation/GoToLanding' })).toEqual(['push'])
    expect(modes({ type: 'navigation/GoToAdminLanding' })).toEqual(['push'])
    const onAdminPage = navigation.given(
      ...startedAs({ admin: true }),
      onPackages,
      N.Navigated({
        ...onPackages.data,
        location: at('/admin/management/users'),
        routeName: 'users',
        sidebar: 'administration',
      }),
    )
    expect(
      onAdminPage
        .when({ type: 'navigation/GoToApplicationLanding' })
        .events()
        .flatMap((e) => (e.type === 'navigation/Navigated' ? [e.data.mode] : [])),
    ).toEqual(['push'])
  })
})

describe('leaving for another site', () => {
  it('takes http and https addresses, and nothing that only contains one', () => {
    for (const url of ['http://example.org/docs', 'HTTPS://example.org'])
      navigation.given().when({ type: 'navigation/LeaveForExternal', url }).then(N.LeftForExternal({ url }))
    navigation
      .given()
      .when({ type: 'navigation/LeaveForExternal', url: 'javascript:go("https://example.org")' })
      .rejected('http(s)')
  })
})

describe('plugin routes', () => {
  it('a second plugin registers beside the first; its page is in the main layout as a plugin', () => {
    const first = N.RouteRegistered({ name: 'one', pattern: '/plugins/one' })
    navigation
      .given(first)
      .when({ type: 'navigation/RegisterRoute', name: 'two', pattern: '/plugins/two' })
      .then(N.RouteRegistered({ name: 'two', pattern: '/plugins/two' }))
    expect(navigation.given(first).state.navigation.pluginRoutes).toEqual([
      { name: 'one', pattern: '/plugins/one', layout: 'main', area: 'plugin', sidebar: 'application' },
    ])
  })
})

describe('what the state keeps', () => {
  const nav = (...events: AppEvent[]) => navigation.given(...events).state.navigation
  const visit = (
    path: string,
    user: string,
    sidebar?: 'application' | 'administration' | 'projectSettings',
  ) =>
    N.Navigated({
      location: at(path),
      routeName: 'any',
      mode: 'push',
      user,
      ...(sidebar === undefined ? {} : { sidebar }),
    })

  it("the last application and administration pages of the same user; another user's are forgotten", () => {
    const developer = [
      visit('/builds', 'developer', 'application'),
      visit('/admin/management/users', 'developer', 'administration'),
    ]
    expect(nav(...developer)).toMatchObject({
      lastApplicationPath: '/builds',
      lastAdminPath: '/admin/management/users',
    })
    // A page outside both sidebars (the login page) keeps them for the same user…
    expect(nav(...developer, visit('/login', 'developer'))).toMatchObject({
      lastApplicationPath: '/builds',
      lastAdminPath: '/admin/management/users',
    })
    // …and forgets them when someone else is there.
    expect(nav(...developer, visit('/login', 'anonymous'))).toMatchObject({
      lastApplicationPath: undefined,
      lastAdminPath: undefined,
      lastUser: 'anonymous',
    })
    expect(nav(visit('/admin/projects/overview/alpha', 'developer', 'projectSettings')).lastAdminPath).toBe(
      '/admin/projects/overview/alpha',
    )
    // The query is part of the page kept.
    expect(
      nav(N.Navigated({ ...onPackages.data, location: at('/packages', '?q=react') })).lastApplicationPath,
    ).toBe('/packages?q=react')
  })

  it('the previous path is the page shown before, none on the first navigation', () => {
    expect(nav(visit('/builds', 'developer', 'application')).previousPath).toBeUndefined()
    expect(nav(visit('/builds', 'developer', 'application'), onPackages).previousPath).toBe('/builds')
    // A navigation that waited for start-up has no page shown before it.
    expect(
      nav(N.Deferred({ location: at('/builds'), mode: 'push' }), visit('/builds', 'developer', 'application'))
        .previousPath,
    ).toBeUndefined()
    // A location only waited for was never shown: it is no previous page.
    expect(
      nav(
        visit('/builds', 'developer', 'application'),
        N.Deferred({ location: at('/packages'), mode: 'push' }),
        onPackages,
      ).previousPath,
    ).not.toBe('/packages')
  })

  it('closing one dialog leaves the others open; the debug panel toggles back', () => {
    expect(
      nav(
        N.ModalOpened({ modal: 'contactUs' }),
        N.ModalOpened({ modal: 'keyboardShortcuts' }),
        N.ModalClosed({ modal: 'contactUs' }),
      ).openModals,
    ).toEqual(['keyboardShortcuts'])
    navigation
      .given(N.DebugPanelToggled({ open: true }))
      .when({ type: 'navigation/ToggleDebugPanel' })
      .then(N.DebugPanelToggled({ open: false }))
  })
})

describe('policies', () => {
  const policies = appSlice(navigationArea).policies!
  const envelope = (event: AppEvent) => ({
    seq: 1,
    at: '2026-01-01T00:00:00.000Z',
    source: 'effect' as const,
    corr: 'c',
    event,
  })

  it("the login guard's requests are dispatched as the session's commands", () => {
    const commands = [{ type: 'session/SignOut' as const, reason: 'invitation' }]
    expect(
      policies(envelope(N.GuardRequested({ commands })), navigation.given(...startedAs()).state),
    ).toEqual(commands)
  })

  it("a logged request is the login guard's own: no other command is asked again from the log", () => {
    const decodes = (commands: ReadonlyArray<object>) =>
      N.GuardRequested.codec.decode({ type: 'navigation/GuardRequested', data: { commands } })._tag ===
      'Right'
    expect(decodes([{ type: 'session/SignOut', reason: 'invitation' }, { type: 'session/SignOut' }])).toBe(
      true,
    )
    expect(decodes([{ type: 'session/AutoRedirectToSso' }])).toBe(true)
    // The policy asks what the line holds as it is: a command no area takes, or another area's.
    expect(decodes([{ type: '' }])).toBe(false)
    expect(decodes([{ type: 'admin/DeleteUser', name: 'admin' }])).toBe(false)
    expect(decodes([{ type: 'session/SignOut', reason: 1 }])).toBe(false)
  })

  it('a navigation that waits is guarded again when another area settles start-up, not before', () => {
    const waiting = N.Deferred({ location: at('/packages'), mode: 'push' })
    const settled = navigation.given(...startedAs(), waiting).state
    const outside = envelope(signedIn('developer'))
    expect(policies(outside, settled)).toEqual([{ type: 'navigation/RecheckGuard' }])
    // The navigation area's own events do not ask again (its decision is what they record).
    expect(policies(envelope(N.SidebarToggled({ collapsed: true })), settled)).toEqual([])
    // Start-up not settled: nothing yet.
    expect(policies(outside, navigation.given(waiting).state)).toEqual([])
    // No navigation waiting: nothing.
    expect(policies(outside, navigation.given(...startedAs()).state)).toEqual([])
  })
})

/**
 * The rule behind every redirect the log records: they form one chain. Each starts where the
 * one before ended (the first at the target, or at the location refused), a refusal names the
 * location reached, and the page drawn is where the last one ended.
 */
describe('the redirects a navigation records', () => {
  const targets = [
    '/',
    '/home',
    '/login',
    '/login/invitation',
    '/login/registration',
    '/packages',
    '/builds',
    '/admin',
    '/admin/management/users',
    '/admin/projects',
    '/admin/configuration/general',
    '/integrations/vendors/github',
    '/security-and-compliance-teaser',
    '/distribution',
    '/template',
    '/404',
    '/500',
    '/no/such/page',
  ]
  const flavours = ['platform', 'tour', 'cloud-trial', 'lightweight', 'edge', 'oss']
  const seeds = fc.record({
    flavour: fc.constantFrom(...flavours),
    who: fc.constantFrom('anonymous', 'developer', 'admin'),
    sso: fc.boolean(),
    anonymousAccess: fc.boolean(),
    shown: fc.boolean(),
  })

  it('form one chain from the target to the page drawn', () => {
    fc.assert(
      fc.property(seeds, fc.constantFrom(...targets), (seed, target) => {
        const given = [
          ...startedEvents({
            user: seed.who === 'anonymous' ? 'anonymous' : { name: seed.who, admin: seed.who === 'admin' },
            footer: { flavour: seed.flavour },
          }),
          loginData({
            anonAccessEnabled: seed.anonymousAccess,
            ...(seed.sso ? { autoRedirectLogin: true, ssoProviderLink: 'https://idp.example/sso' } : {}),
          }),
          ...(seed.shown ? [N.Navigated({ ...onPackages.data, user: seed.who })] : []),
        ]
        let here = locationText(parseTarget(target)!)
        for (const event of navigation
          .given(...given)
          .when(go(target))
          .events()) {
          if (event.type === 'navigation/Redirected') {
            expect(event.data.from).toBe(here)
            here = event.data.to
          } else if (event.type === 'navigation/Denied') {
            expect(event.data.path).toBe(here)
          } else if (event.type === 'navigation/Navigated' || event.type === 'navigation/Deferred') {
            expect(locationText(event.data.location)).toBe(here)
          }
        }
      }),
      { numRuns: 400 },
    )
  })
})
