import { describe, expect, it } from 'vitest'
import {
  anonymousContext,
  initialNavigationState,
  guardStep,
  parseTarget,
  resolveNavigation,
  homeRedirect,
  defaultLanding,
  adminLanding,
  applicationLanding,
  landingFor,
  type ShellContext,
  type NavigationState,
} from '../../domain/navigation'
import { corpusLines } from '../support/corpora'

const started: ShellContext = {
  ...anonymousContext,
  startupSettled: true,
  initialDataFetched: true,
  licenseType: 'Enterprise+',
  serverName: 'Platform',
  services: ['artifactory', 'xray'],
}
const user: ShellContext = { ...started, signedIn: true, userName: 'developer' }
const admin: ShellContext = { ...user, userName: 'admin', admin: true }
const visited: NavigationState = {
  ...initialNavigationState,
  navigations: 1,
  location: { path: '/packages', query: '' },
}

const to = (path: string) => parseTarget(path) ?? { path: 'unparsed', query: '' }
const go = (ctx: ShellContext, path: string, nav: NavigationState = visited) =>
  resolveNavigation(ctx, nav, to(path))

describe('parseTarget', () => {
  it('keeps paths under the /ui base relative to it and normalises slashes', () => {
    expect(parseTarget('/ui/packages')).toEqual({ path: '/packages', query: '' })
    expect(parseTarget('/ui')).toEqual({ path: '/', query: '' })
    expect(parseTarget('/admin//projects/')).toEqual({ path: '/admin/projects', query: '' })
    expect(parseTarget('/packages?q=react')).toEqual({ path: '/packages', query: '?q=react' })
  })

  it('rewrites old hash links, #/builds with jenkinsRedirect=true', () => {
    expect(parseTarget('/#/builds/my-build/3')).toEqual({
      path: '/builds/my-build/3',
      query: '?jenkinsRedirect=true',
    })
    expect(parseTarget('/ui/#/packages')).toEqual({ path: '/packages', query: '' })
  })

  it('refuses every target that would leave the origin (open-redirect corpus)', () => {
    const lines = corpusLines('open-redirect')
    expect(lines.length).toBeGreaterThan(10)
    for (const line of lines) {
      const parsed = parseTarget(line)
      if (parsed) {
        // Whatever is accepted is a same-origin path: it starts with one slash.
        expect(parsed.path.startsWith('/'), line).toBe(true)
        expect(parsed.path.startsWith('//'), line).toBe(false)
      }
    }
    expect(parseTarget('//evil.example/x')).toBeUndefined()
    expect(parseTarget('https://evil.example/')).toBeUndefined()
    expect(parseTarget('/\\evil.example')).toBeUndefined()
    expect(parseTarget('javascript:alert(1)')).toBeUndefined()
  })

  // Each refusal on its own: the URL parser would otherwise quietly make a path of the target
  // (dropping a tab, turning a backslash into a slash, resolving a relative name), and the
  // console would go somewhere the target did not say.
  it('refuses a blank target rather than going home', () => {
    expect(parseTarget('')).toBeUndefined()
    expect(parseTarget('   ')).toBeUndefined()
  })

  it('takes a target with blanks around it as the target', () => {
    expect(parseTarget('  /packages?q=a  ')).toEqual({ path: '/packages', query: '?q=a' })
  })

  it('refuses control characters and backslashes rather than rewriting the path', () => {
    for (const target of [
      '/pack\tages',
      '/pack\nages',
      '/pack\rages',
      '/a\u0000b',
      '/\u001fx',
      '/a\\b',
      '/admin\\',
    ])
      expect(parseTarget(target), JSON.stringify(target)).toBeUndefined()
    // The last character before the refused range, and the first after it, are ordinary.
    expect(parseTarget('/a b')).toEqual({ path: '/a%20b', query: '' })
  })

  it('refuses a relative target: only a path from the root or an old hash link', () => {
    for (const target of ['packages', 'admin/projects', '?q=react', '.', '..', './packages'])
      expect(parseTarget(target), target).toBeUndefined()
    expect(parseTarget('#/packages')).toEqual({ path: '/packages', query: '' })
  })

  it('refuses a network-path target even when it names the console itself', () => {
    expect(parseTarget('//console.invalid/packages')).toBeUndefined()
    expect(parseTarget('///packages')).toBeUndefined()
  })

  it('refuses an old hash link that leaves the origin', () => {
    expect(parseTarget('#//evil.example/x')).toBeUndefined()
    expect(parseTarget('/ui/#//evil.example/packages')).toBeUndefined()
    // A hash that is not an old link is not a place: the page it is on is.
    expect(parseTarget('/packages#https://evil.example/x')).toEqual({ path: '/packages', query: '' })
  })

  it('flags only the builds page and what is under it as an old Jenkins link', () => {
    expect(parseTarget('#/builds')).toEqual({ path: '/builds', query: '?jenkinsRedirect=true' })
    expect(parseTarget('#/builds/b/1?x=1')).toEqual({
      path: '/builds/b/1',
      query: '?x=1&jenkinsRedirect=true',
    })
    expect(parseTarget('#/buildsx')).toEqual({ path: '/buildsx', query: '' })
    // Only an old hash link: the page itself is not flagged.
    expect(parseTarget('/builds')).toEqual({ path: '/builds', query: '' })
  })
})

describe('navigation pipeline, in the specification order', () => {
  it('defers non-public routes until start-up has settled, but lets the login family pass', () => {
    expect(go(anonymousContext, '/packages').kind).toBe('defer')
    const login = go(anonymousContext, '/login')
    expect(login.kind).toBe('go')
  })

  it('sends an anonymous user to login with the not-authorized error when anonymous access is off', () => {
    const r = go(started, '/packages')
    expect(r.kind).toBe('go')
    expect(r.location).toEqual({ path: '/login', query: '?error=notAuthorized' })
    expect(r.hops[0]?.reason).toMatch(/not authorized/)
  })

  it('sends the console root to the plain login page, not through the anonymous landing', () => {
    for (const root of ['/', '/home']) {
      const r = go(started, root)
      expect(r.location, root).toEqual({ path: '/login', query: '' })
      // One hop: the root is never resolved to a landing before anyone has signed in.
      expect(
        r.hops.map((h) => h.from),
        root,
      ).toEqual([root])
    }
  })

  it('lets an anonymous user browse packages when anonymous access is allowed; admin pages go to login', () => {
    const anon = { ...started, anonymousAccessAllowed: true }
    expect(go(anon, '/packages').kind).toBe('go')
    // Route guard (spec 000 section 4): anonymous users go to login, the page kept for after it.
    const toLogin = go(anon, '/admin/configuration/general')
    expect(toLogin).toMatchObject({ kind: 'go', location: { path: '/login', query: '' } })
    expect(toLogin.hops).toEqual([
      { from: '/admin/configuration/general', to: '/login', reason: 'route guard: anonymous user' },
    ])
  })

  it('sends a blocked user to login before the licence check', () => {
    const r = go({ ...user, uiAccessBlocked: true, licenseMissing: true }, '/packages')
    expect(r.location.path).toBe('/login')
  })

  it('sends an admin without a licence to the licences page and others to logout', () => {
    expect(go({ ...admin, licenseMissing: true }, '/packages').location.path).toBe(
      '/admin/license_management/licenses',
    )
    // To login with logout, and the reason for the login page to say (not a silent return).
    expect(go({ ...user, licenseMissing: true }, '/packages').location).toEqual({
      path: '/login',
      query: '?error=noLicence&logout=true',
    })
  })

  it('denies a non-admin an admin route with a notification, and names a fallback', () => {
    const r = go(user, '/admin/configuration/general')
    expect(r).toMatchObject({ kind: 'deny', notify: true, reason: 'admin route' })
    if (r.kind === 'deny') expect(r.fallback?.path).toBe('/packages')
    const lightweight = go({ ...user, flavour: 'lightweight' }, '/admin/configuration/general')
    if (lightweight.kind === 'deny') expect(lightweight.fallback?.path).toBe('/repos/tree/General')
  })

  it('lets a project administrator into project settings but not other admin pages', () => {
    const pa = { ...user, canAdminProjects: true, selectedProject: 'alpha' }
    expect(go(pa, '/admin/projects/overview/alpha').kind).toBe('go')
    expect(go(pa, '/admin/proxies/configuration/list').kind).toBe('deny')
  })

  it('shows an admin the teaser of the unlicensed projects area (oss, licence N/A), never the page', () => {
    const oss = { ...admin, flavour: 'oss' as const, licenseType: 'N/A', canAdminProjects: true }
    // Spec 000 section 2: the admin teaser is for unlicensed areas; the projects list is one.
    expect(go(oss, '/admin/projects/list')).toMatchObject({
      kind: 'go',
      location: { path: '/demo/admin/projects/list' },
    })
    // Edge hides Projects by flavour, not for want of a licence: refused, no teaser.
    expect(
      go({ ...admin, flavour: 'edge' as const, canAdminProjects: true }, '/admin/projects/list'),
    ).toMatchObject({
      kind: 'deny',
      reason: expect.stringMatching(/Projects is hidden/),
    })
    const pa = { ...user, licenseType: 'N/A', canAdminProjects: true, selectedProject: 'alpha' }
    expect(go(pa, '/admin/projects/overview/alpha').kind).toBe('deny')
    expect(go({ ...admin, canAdminProjects: true }, '/admin/projects/list').kind).toBe('go')
  })

  it('sends a tour non-admin from an admin path to the same path under /demo/admin', () => {
    const r = go({ ...user, flavour: 'tour' }, '/admin/projects/list')
    expect(r.kind).toBe('go')
    expect(r.location.path).toBe('/demo/admin/projects/list')
  })

  it('denies paths under a hidden or disabled menu item', () => {
    expect(go({ ...admin, licenseType: 'N/A' }, '/distribution')).toMatchObject({ kind: 'deny' })
    expect(go({ ...user, services: ['artifactory'] }, '/policies')).toMatchObject({
      kind: 'deny',
      reason: 'menu item Policies is disabled',
    })
    expect(go(user, '/artifacts/browse')).toMatchObject({ kind: 'deny' })
    expect(go({ ...user, features: { artifactBrowser: true } }, '/artifacts/browse').kind).toBe('go')
  })

  it('cancels feature-gated routes without their feature', () => {
    expect(go(user, '/template')).toMatchObject({ kind: 'deny', notify: false })
    expect(go({ ...user, features: { testedCommon: true } }, '/template').kind).toBe('go')
    expect(go(user, '/demo/tree')).toMatchObject({ kind: 'deny' })
    expect(go({ ...user, features: { tested: true } }, '/demo/tree').kind).toBe('go')
  })

  it('sends unknown paths to 404 and base paths to their first child', () => {
    expect(go(user, '/no/such/page').location.path).toBe('/404')
    expect(go(admin, '/admin').location.path).toBe('/admin/management/users')
    expect(go(admin, '/admin/proxies/configuration').location.path).toBe('/admin/proxies/configuration/list')
    expect(go(admin, '/admin/projects').location.path).toBe('/admin/projects/list')
  })

  it('redirects the 500 page opened directly to /, and keeps it after a previous route', () => {
    const direct = go(user, '/500', initialNavigationState)
    expect(direct.hops[0]).toMatchObject({ from: '/500', to: '/' })
    expect(go(user, '/500').location.path).toBe('/500')
  })

  it('redirects the security teaser to policies when the scanner is licensed', () => {
    expect(go(user, '/security-and-compliance-teaser').location.path).toBe('/security_policies')
    expect(go({ ...user, services: [] }, '/security-and-compliance-teaser').location.path).toBe(
      '/security-and-compliance-teaser',
    )
  })

  it('stops a redirect loop instead of spinning', () => {
    // A login guard that bounces between two public paths.
    const real = resolveNavigation(user, visited, to('/login'), (path) =>
      path === '/login'
        ? { kind: 'redirect', to: '/logout', reason: 'a' }
        : { kind: 'redirect', to: '/login', reason: 'b' },
    )
    expect(real).toMatchObject({ kind: 'deny', reason: 'redirect loop' })
  })

  it('guards the login family with the session guard only', () => {
    const step = guardStep(started, visited, to('/login/otp-login'), () => ({
      kind: 'redirect',
      to: '/login',
      reason: 'no pending login',
    }))
    expect(step).toMatchObject({ kind: 'redirect', to: '/login' })
    expect(guardStep(started, visited, to('/auth/forgot-password')).kind).toBe('allow')
  })
})

// What the log says of each redirect and refusal (navigation/Redirected's and Denied's reason,
// which a script reads), and whether a refusal shows the not-authorized notification (Denied's
// notify): each rule names itself, so that a log tells which rule sent the user where.
describe('the reason each rule gives, and whether a refusal notifies', () => {
  const hopsOf = (ctx: ShellContext, path: string, nav: NavigationState = visited) =>
    go(ctx, path, nav).hops.map((h) => [h.from, h.to, h.reason])

  it('names the rule of each redirect', () => {
    expect(hopsOf(user, '/no/such/page')).toEqual([['/no/such/page', '/404', 'unknown path']])
    expect(hopsOf(admin, '/admin')).toEqual([['/admin', '/admin/management/users', 'base path']])
    expect(hopsOf(user, '/500', initialNavigationState)[0]).toEqual(['/500', '/', '500 opened directly'])
    expect(hopsOf(user, '/home')).toEqual([['/home', '/packages', 'home redirects by context']])
    expect(hopsOf({ ...user, uiAccessBlocked: true }, '/packages')).toEqual([
      ['/packages', '/login?error=uiBlocked&logout=true', 'UI access is blocked'],
    ])
    expect(hopsOf({ ...user, flavour: 'tour' }, '/admin/projects/list')).toEqual([
      ['/admin/projects/list', '/demo/admin/projects/list', 'tour non-admin sees the admin teaser'],
    ])
    const oss = { ...admin, flavour: 'oss' as const, licenseType: 'N/A', canAdminProjects: true }
    expect(hopsOf(oss, '/admin/projects/list')).toEqual([
      ['/admin/projects/list', '/demo/admin/projects/list', 'unlicensed area: its teaser'],
    ])
    expect(hopsOf(user, '/security-and-compliance-teaser')).toEqual([
      ['/security-and-compliance-teaser', '/security_policies', 'the scanner is licensed'],
    ])
  })

  it('sends everyone to a licence first when there is none, and lets an admin stay on the licences page', () => {
    const noLicence = { ...admin, licenseMissing: true }
    expect(hopsOf(noLicence, '/packages')).toEqual([
      ['/packages', '/admin/license_management/licenses', 'no licence'],
    ])
    // The licences page itself is where the admin installs one: opened, not a redirect loop.
    expect(go(noLicence, '/admin/license_management/licenses')).toMatchObject({
      kind: 'go',
      location: { path: '/admin/license_management/licenses' },
      hops: [],
    })
    expect(hopsOf({ ...user, licenseMissing: true }, '/packages')).toEqual([
      ['/packages', '/login?error=noLicence&logout=true', 'no licence'],
    ])
  })

  it('refuses a route without its feature quietly, naming the feature', () => {
    expect(go(user, '/template')).toMatchObject({
      kind: 'deny',
      reason: 'feature testedCommon is not supported',
      notify: false,
    })
    expect(go(user, '/demo/tree')).toMatchObject({ reason: 'feature tested is not supported', notify: false })
  })

  it('notifies the refusal of an admin route or a hidden or disabled menu item', () => {
    expect(go(user, '/admin/configuration/general')).toMatchObject({ reason: 'admin route', notify: true })
    expect(go({ ...user, services: ['artifactory'] }, '/policies')).toMatchObject({
      kind: 'deny',
      reason: 'menu item Policies is disabled',
      notify: true,
    })
    // A project administrator is an admin for the project pages only: any other admin page is an
    // admin route to them, and the project pages are one to a user who administers none.
    const pa = { ...user, canAdminProjects: true, selectedProject: 'alpha' }
    expect(go(pa, '/admin/proxies/configuration/list')).toMatchObject({ reason: 'admin route', notify: true })
    expect(go(user, '/admin/projects/overview/alpha')).toMatchObject({ reason: 'admin route', notify: true })
  })

  it('sends the root to login when start-up settled without its data, even with anonymous access', () => {
    // The initial data failed (spec 000 section 4: the flag is cleared): there is no landing to
    // choose for an anonymous visitor, who signs in first.
    const failed = { ...started, anonymousAccessAllowed: true, initialDataFetched: false }
    expect(hopsOf(failed, '/')).toEqual([['/', '/login', 'sign-in required']])
    // With its data, an anonymous visitor allowed in lands where anyone does: packages.
    expect(go({ ...failed, initialDataFetched: true }, '/')).toMatchObject({
      kind: 'go',
      location: { path: '/packages' },
      hops: [{ from: '/', to: '/packages', reason: 'home redirects by context' }],
    })
    // Before start-up has settled the root waits, for anyone.
    expect(go(anonymousContext, '/')).toMatchObject({ kind: 'defer', location: { path: '/' } })
    expect(go({ ...anonymousContext, anonymousAccessAllowed: true }, '/').kind).toBe('defer')
  })

  it('refuses a redirect that would leave the console, naming it, without a notification', () => {
    const leaving = resolveNavigation(user, visited, to('/login'), () => ({
      kind: 'redirect',
      to: 'https://evil.example/',
      reason: 'login guard',
    }))
    expect(leaving).toMatchObject({
      kind: 'deny',
      location: { path: '/login' },
      reason: 'unsafe redirect to https://evil.example/',
      notify: false,
    })
  })

  it('stops a loop where it comes back, quietly, and a chain of redirects after six hops', () => {
    const loop = resolveNavigation(user, visited, to('/login'), (path) =>
      path === '/login'
        ? { kind: 'redirect', to: '/logout', reason: 'a' }
        : { kind: 'redirect', to: '/login', reason: 'b' },
    )
    expect(loop).toMatchObject({
      kind: 'deny',
      reason: 'redirect loop',
      notify: false,
      location: { path: '/login' },
    })
    expect(loop.hops.map((h) => h.to)).toEqual(['/logout', '/login'])
    // Never the same place twice, yet never ending: stopped after the sixth redirect.
    const chain = resolveNavigation(user, visited, to('/login'), (_path, query) => ({
      kind: 'redirect',
      to: `/login?n=${Number(new URLSearchParams(query).get('n') ?? 0) + 1}`,
      reason: 'next',
    }))
    expect(chain).toMatchObject({ kind: 'deny', reason: 'redirect loop', notify: false })
    expect(chain.hops).toHaveLength(6)
    expect(chain.location).toEqual({ path: '/login', query: '?n=6' })
  })

  it('sends the security teaser to policies for each licence that includes the scanner', () => {
    for (const licenseType of ['Enterprise+', 'Enterprise', 'Enterprise Plus', 'Pro X'])
      expect(go({ ...user, licenseType }, '/security-and-compliance-teaser').location.path, licenseType).toBe(
        '/security_policies',
      )
    for (const licenseType of ['Pro', 'N/A', ''])
      expect(go({ ...user, licenseType }, '/security-and-compliance-teaser').location.path, licenseType).toBe(
        '/security-and-compliance-teaser',
      )
  })
})

describe('landing', () => {
  it('lands each user kind on its default', () => {
    expect(defaultLanding(admin)).toBe('/admin/mission_control/topology')
    expect(defaultLanding(user)).toBe('/packages')
    expect(defaultLanding({ ...user, flavour: 'lightweight' })).toBe('/repos')
    expect(defaultLanding({ ...admin, flavour: 'cloud-trial' })).toBe('/get_started')
    expect(defaultLanding({ ...user, flavour: 'tour' })).toBe('/tour_get_started')
  })

  it('redirects / and /home by context in the specified order', () => {
    const nav = initialNavigationState
    expect(homeRedirect({ ...admin, features: { homePage: true }, flavour: 'lightweight' }, nav)).toBe(
      '/overview',
    )
    expect(
      homeRedirect({ ...admin, flavour: 'lightweight', features: { platformGetStarted: true } }, nav),
    ).toBe('/repos')
    expect(homeRedirect({ ...admin, features: { platformGetStarted: true } }, nav)).toBe('/get_started')
    expect(homeRedirect({ ...user, features: { platformGetStarted: true } }, nav)).toBe('/packages')
    expect(homeRedirect({ ...user, flavour: 'tour' }, nav)).toBe('/tour_get_started')
    expect(go(admin, '/').location.path).toBe('/admin/mission_control/topology')
    expect(go(user, '/home').location.path).toBe('/packages')
  })

  it('uses the same user last visited pages as overrides, never another user', () => {
    const nav: NavigationState = {
      ...visited,
      lastUser: 'admin',
      lastAdminPath: '/admin/proxies/configuration/list',
      lastApplicationPath: '/packages/npm%3A%2F%2Freact',
    }
    expect(landingFor(admin, nav)).toBe('/admin/proxies/configuration/list')
    expect(landingFor(user, nav)).toBe('/packages')
    expect(adminLanding(admin, nav)).toBe('/admin/proxies/configuration/list')
    expect(applicationLanding(admin, nav)).toBe('/packages/npm%3A%2F%2Freact')
    expect(adminLanding(admin, initialNavigationState)).toBe('/admin/configuration/general')
    expect(adminLanding({ ...user, canAdminProjects: true }, initialNavigationState)).toBe(
      '/admin/projects/list',
    )
    expect(
      adminLanding({ ...user, canAdminProjects: true, selectedProject: 'p1' }, initialNavigationState),
    ).toBe('/admin/projects/overview/p1')
  })

  it("Project settings lands on the selected project's page, not on the last Administration page", () => {
    const projectAdmin = { ...admin, canAdminProjects: true }
    const onTopology: NavigationState = {
      ...visited,
      lastUser: 'admin',
      lastAdminPath: '/admin/mission_control/topology',
    }
    expect(adminLanding({ ...projectAdmin, selectedProject: 'p1' }, onTopology)).toBe(
      '/admin/projects/overview/p1',
    )
    // Back on Administration (no project), the last Administration page still wins.
    expect(adminLanding(projectAdmin, onTopology)).toBe('/admin/mission_control/topology')
    const onMembers: NavigationState = { ...onTopology, lastAdminPath: '/admin/projects/members/p1' }
    expect(adminLanding({ ...projectAdmin, selectedProject: 'p1' }, onMembers)).toBe(
      '/admin/projects/members/p1',
    )
    expect(adminLanding({ ...projectAdmin, selectedProject: 'p2' }, onMembers)).toBe(
      '/admin/projects/overview/p2',
    )
    expect(adminLanding(projectAdmin, onMembers)).toBe('/admin/projects/list')
  })

  it('an admin on OSS (licence N/A) lands on the first platform configuration, General Settings', () => {
    // Spec 000 section 2: the projects page only where the user can administer projects there.
    const oss = { ...admin, flavour: 'oss' as const, licenseType: 'N/A', canAdminProjects: true }
    expect(adminLanding(oss, initialNavigationState)).toBe('/admin/configuration/general')
    const edge = { ...admin, flavour: 'edge' as const, canAdminProjects: true }
    expect(adminLanding(edge, initialNavigationState)).toBe('/admin/configuration/general')
  })
})
