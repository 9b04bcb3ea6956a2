/**
 * The route table (spec 000 section 2), route by route: the name the log gives a path
 * (`navigation/Navigated`'s `routeName`), the page's title, its layout (the login family has no
 * chrome), the screen that renders it, the sidebar it opens, whether it leaves the project
 * context, and what the guard makes of it: who may open it, which feature it needs, where a base
 * path forwards. Each route is reached by a path only it matches, so a route renamed, moved or
 * given another flag changes a row here.
 *
 * It reads the registry only, so that mutation testing can measure the table with this file
 * alone (`MUTATE=navigation/routes:56-261 MUTATE_TESTS=tests/unit/navigation-routes-table.test.ts`,
 * docs/mutation.md): every mutant of the table is made as the module loads, and Stryker runs all
 * the tests it is given for each.
 */
import { describe, expect, it } from 'vitest'
import {
  anonymousContext,
  findRoute,
  guardStep,
  initialNavigationState,
  pageTitle,
  type NavigationState,
  type RouteArea,
  type RouteDef,
  type ShellContext,
  type SidebarKind,
} from '../../domain/navigation'

/** A path, the route it is, its title (none: the server name alone) and the screen that renders it. */
type Row = readonly [path: string, name: string, title: string | undefined, area: RouteArea]

const LOGIN_FAMILY: ReadonlyArray<readonly [child: string, name: string]> = [
  ['', 'login'],
  ['/otp-login', 'otpLogin'],
  ['/mfa-enroll', 'mfaEnroll'],
  ['/forgot-password', 'forgotPassword'],
  ['/reset-password', 'resetPassword'],
  ['/change-password', 'changePassword'],
  ['/change-password/bob', 'changePassword'],
  ['/registration', 'registration'],
  ['/invitation', 'invitation'],
  ['/cli-registration', 'cliRegistration'],
  ['/sso/saml', 'ssoLogin'],
]

/** The other screens without chrome: public ones, and the account portal's redirect. */
const BARE: ReadonlyArray<readonly [path: string, name: string, isPublic: boolean]> = [
  ['/logout', 'logout', true],
  ['/auth-provider/github', 'authProvider', true],
  ['/user/my-jfrog-redirect', 'myJfrogRedirect', false],
  ['/plugs/extension/cli', 'cli', true],
  ['/plugs/extension/cli/verify', 'cliVerify', true],
]

/** The main layout's pages, under the Application sidebar unless said otherwise. */
const APPLICATION: ReadonlyArray<Row> = [
  ['/404', 'notFound', 'Page Not Found', 'errors'],
  ['/406/req-17', 'notAcceptable', 'Not Acceptable', 'errors'],
  ['/500', 'serverError', 'Server Error', 'errors'],
  ['/authorization', 'authorization', 'Not Authorized', 'errors'],
  ['/user_profile', 'userProfile', 'User Profile', 'session'],
  ['/demo/admin/environments', 'demoAdmin', 'Administration', 'admin'],
  ['/packages/npm%3A%2F%2Freact/18.2.0', 'packages', 'Packages', 'packages'],
  ['/get_started', 'getStarted', 'Getting Started', 'shell'],
  ['/tour_get_started', 'tourGetStarted', 'Getting Started', 'shell'],
  ['/overview', 'overview', 'Overview', 'overview'],
  ['/integrations', 'integrations', 'Integrations', 'integrations'],
  ['/integrations/vendors/github', 'integrations.vendor.list', 'Integrations', 'integrations'],
  ['/integrations/git-repo-scan/select-repos', 'gitRepoScan.selectRepos', 'Integrations', 'integrations'],
  ['/integrations/jenkins', 'integrations.named', 'Integrations', 'integrations'],
  ['/quick-setup', 'quickSetup', 'Quick Setup', 'shell'],
  ['/topology-teaser', 'topologyTeaser', 'Topology', 'shell'],
  ['/security-and-compliance-teaser', 'securityAndComplianceTeaser', 'Security and Compliance', 'shell'],
  ['/security_policies', 'securityPolicies', 'Policies', 'xray'],
  ['/pipelines-teaser', 'pipelinesTeaser', 'Pipelines', 'shell'],
  ['/template', 'template', 'Template', 'shell'],
  ['/demo', 'demo', 'Demo', 'shell'],
  ['/demo/tree', 'demo.tree', 'Demo', 'shell'],
  ['/demo/typescript/greeting', 'demo.greeting', 'Demo', 'shell'],
  ['/demo/multi-mfe-mounting-container', 'demo.multiMfe', 'Demo', 'shell'],
  ['/repos', 'repos', 'Repositories', 'repositories'],
  ['/repos/tree/General/npm-local', 'repos.tree', 'Artifacts', 'artifacts'],
  ['/artifacts/browse/tree/General/npm-local', 'artifacts', 'Artifacts', 'artifacts'],
  ['/builds/my-build/3', 'builds', 'Builds', 'builds'],
  ['/distribution/source', 'distribution', 'Distribution', 'releaseBundles'],
  ['/distribution-teaser', 'distributionTeaser', 'Distribution', 'releaseBundles'],
  ['/release-bundles/v2/bundle-a', 'releaseBundles', 'Distribution', 'releaseBundles'],
  ['/bundles/bundle-a', 'bundles', 'Distribution', 'releaseBundles'],
  ['/policies', 'policies', 'Policies', 'xray'],
  ['/watches', 'watches', 'Watches', 'xray'],
  ['/violations', 'violations', 'Violations', 'xray'],
  ['/reports', 'reports', 'Reports', 'xray'],
  ['/trends', 'trends', 'Trends', 'xray'],
  ['/scans', 'scans', 'Scans List', 'xray'],
]

/** Administration: an admin's pages, under its sidebar, each leaving the project context unless said. */
const ADMINISTRATION: ReadonlyArray<Row> = [
  ['/admin', 'admin', undefined, 'admin'],
  ['/admin/artifactory/list', 'admin.menu', 'Administration', 'admin'],
  ['/admin/configuration/general', 'admin.general', 'General Settings', 'admin'],
  ['/admin/license_management/licenses', 'admin.licenses', 'Licences', 'admin'],
  ['/admin/xray/indexed_resources', 'xray.indexedResources', 'Indexed Resources', 'xray'],
  ['/admin/xray/settings', 'xray.settings', 'Scans Settings', 'xray'],
  ['/admin/xray/advisories', 'xray.database', 'Advisory Database', 'xray'],
  ['/admin/monitoring/system_logs', 'admin.systemLogs', 'System Logs Viewer', 'serviceStatus'],
  ['/admin/monitoring/pdn', 'admin.peers', 'Peers', 'admin'],
  ['/admin/monitoring/service-status', 'admin.serviceStatus', 'Service Status', 'serviceStatus'],
  ['/admin/support-zone', 'admin.supportZone', 'Support Zone', 'supportBundles'],
  ['/admin/proxies/configuration', 'proxies', undefined, 'admin'],
  ['/admin/proxies/configuration/list', 'proxies.list', 'Proxies', 'admin'],
  ['/admin/proxies/configuration/new', 'proxies.new', 'Proxy Configuration', 'admin'],
  ['/admin/proxies/configuration/edit/corporate', 'proxies.edit', 'Proxy Configuration', 'admin'],
  ['/admin/projects', 'projects', undefined, 'admin'],
  ['/admin/projects/list', 'projects.main', 'Projects', 'admin'],
  ['/admin/projects/create', 'projects.create', 'Create Project', 'admin'],
  ['/admin/projects/overview/web', 'projects.overview', 'Project Overview', 'admin'],
  ['/admin/projects/members', 'projects.members', 'Project Members', 'admin'],
  ['/admin/repositories/local/new', 'repositories.local.new', 'New Local Repository', 'repositories'],
  ['/admin/repositories/remote/new', 'repositories.remote.new', 'New Remote Repository', 'repositories'],
  ['/admin/repositories/virtual/new', 'repositories.virtual.new', 'New Virtual Repository', 'repositories'],
  ['/admin/repositories/edit/npm-local', 'repositories.edit', 'Edit Repository', 'repositories'],
  ['/admin/repositories/quick', 'repositories.quick', 'Quick Repository Creation', 'repositories'],
  ['/admin/management/users', 'users', 'Users', 'admin'],
  ['/admin/management/users/new', 'users.new', 'New User', 'admin'],
  ['/admin/management/users/edit/bob', 'users.edit', 'Edit User', 'admin'],
  ['/admin/management/groups', 'groups', 'Groups', 'admin'],
  ['/admin/management/groups/new', 'groups.new', 'New Group', 'admin'],
  ['/admin/management/groups/edit/readers', 'groups.edit', 'Edit Group', 'admin'],
  ['/admin/management/permissions', 'permissions', 'Permissions', 'admin'],
  ['/admin/management/permissions/create', 'permissions.create', 'Permissions', 'admin'],
  ['/admin/management/permissions/edit/deploy', 'permissions.edit', 'Permissions', 'admin'],
  ['/admin/management/global_roles', 'globalRoles', 'Global Roles', 'admin'],
  ['/admin/management/access_tokens', 'accessTokens', 'Access Tokens', 'tokens'],
  ['/admin/configuration/security/saml_integration', 'security.saml', 'Security Settings', 'security'],
  ['/admin/configuration/security/ldap', 'security.ldap', 'Security Settings', 'security'],
  ['/admin/configuration/security/oauth', 'security.oauth', 'Security Settings', 'security'],
  ['/admin/configuration/security/crowd_integration', 'security.crowd', 'Security Settings', 'security'],
  ['/admin/configuration/security/http_sso', 'security.httpsso', 'Security Settings', 'security'],
  ['/admin/configuration/security/general', 'security.general', 'Security Settings', 'security'],
  ['/admin/configuration/security', 'security', 'Security Settings', 'security'],
  ['/admin/configuration/integrations', 'admin.integrations', 'Integrations', 'integrations'],
  ['/admin/environments', 'environments', 'Environments', 'admin'],
  ['/admin/mission_control/topology', 'topology', 'Topology', 'serviceStatus'],
  ['/admin/marketing/contact_requests', 'admin.contactRequests', 'Contact Requests', 'admin'],
]

/** Where the base paths forward (spec 000 section 2), and the environments page to its teaser. */
const FORWARDS: ReadonlyArray<readonly [from: string, to: string]> = [
  ['/admin', '/admin/management/users'],
  ['/admin/proxies/configuration', '/admin/proxies/configuration/list'],
  ['/admin/projects', '/admin/projects/list'],
  ['/admin/environments', '/demo/admin/environments'],
]

/** Pages reachable only with a feature on (spec 000 section 2; the git integrations, spec 001 section 6). */
const FEATURES: ReadonlyArray<readonly [path: string, feature: string]> = [
  ['/template', 'testedCommon'],
  ['/demo', 'tested'],
  ['/demo/tree', 'tested'],
  ['/demo/typescript/greeting', 'tested'],
  ['/demo/multi-mfe-mounting-container', 'tested'],
  ['/integrations/vendors/github', 'repositoryScanning'],
  ['/integrations/git-repo-scan/select-repos', 'repositoryScanning'],
]

/** The project pages: they keep the project context, and two of them open the Project settings sidebar. */
const PROJECT_PAGES = ['/admin/projects', '/admin/projects/list', '/admin/projects/create']
const PROJECT_SETTINGS = ['/admin/projects/overview/web', '/admin/projects/members']

const routeAt = (path: string): RouteDef => {
  const match = findRoute(path)
  if (match === undefined) throw new Error(`no route for ${path}`)
  return match.route
}

const anonymous: ShellContext = { ...anonymousContext, startupSettled: true, initialDataFetched: true }
const allFeatures = Object.fromEntries(FEATURES.map(([, name]) => [name, true]))
const developer: ShellContext = {
  ...anonymous,
  signedIn: true,
  userName: 'developer',
  licenseType: 'Enterprise+',
  serverName: 'Acme Platform',
  services: ['artifactory', 'xray'],
  features: allFeatures,
}
const admin: ShellContext = { ...developer, userName: 'admin', admin: true }
const visited: NavigationState = {
  ...initialNavigationState,
  navigations: 1,
  location: { path: '/packages', query: '' },
}
const stepAt = (ctx: ShellContext, path: string) => guardStep(ctx, visited, { path, query: '' })

/** What a row says of a route, read from the registry and the page title. */
const seen = (path: string) => {
  const route = routeAt(path)
  return { name: route.name, title: pageTitle(path, ''), area: route.area, layout: route.layout }
}

describe('the login family (spec 000 section 2: /login, alias /auth)', () => {
  it('is each child screen under both bases, titled Login, without chrome, opened by anyone', () => {
    for (const base of ['/login', '/auth'])
      for (const [child, name] of LOGIN_FAMILY) {
        const path = `${base}${child}`
        expect(seen(path), path).toEqual({ name, title: 'Login', area: 'session', layout: 'bare' })
        // An anonymous visitor without anonymous access is let through (its own guard decides).
        expect(stepAt(anonymous, path), path).toEqual({ kind: 'allow' })
      }
  })

  it('has the other bare screens: logout, a provider, the account portal and the CLI screens', () => {
    for (const [path, name, isPublic] of BARE) {
      expect(seen(path), path).toEqual({ name, title: '', area: 'session', layout: 'bare' })
      expect(stepAt(anonymous, path), path).toEqual(
        isPublic
          ? { kind: 'allow' }
          : {
              kind: 'redirect',
              to: '/login?error=notAuthorized',
              reason: 'not authorized: anonymous access is off',
              notify: false,
            },
      )
    }
  })

  it('lets a route through by its public name, a plugin’s too; another name sends the visitor to sign in', () => {
    const plugin = (name: string): NavigationState => ({
      ...visited,
      pluginRoutes: [{ name, pattern: '/plugin-page', layout: 'main', area: 'plugin' }],
    })
    const publicNames = [...new Set([...LOGIN_FAMILY.map(([, name]) => name), 'cli', 'cliVerify', 'logout'])]
    for (const name of [...publicNames, 'authProvider'])
      expect(guardStep(anonymous, plugin(name), { path: '/plugin-page', query: '' }), name).toEqual({
        kind: 'allow',
      })
    expect(
      guardStep(anonymous, plugin('myJfrogRedirect'), { path: '/plugin-page', query: '' }),
    ).toMatchObject({
      kind: 'redirect',
      to: '/login?error=notAuthorized',
    })
  })
})

describe('the main layout', () => {
  it('names, titles and renders each Application page, under the Application sidebar', () => {
    for (const [path, name, title, area] of APPLICATION) {
      expect(seen(path), path).toEqual({ name, title: title ?? '', area, layout: 'main' })
      const sidebar: SidebarKind = name === 'demoAdmin' ? 'administration' : 'application'
      expect(routeAt(path).sidebar, path).toBe(sidebar)
    }
  })

  it('names, titles and renders each Administration page, under the Administration sidebar', () => {
    for (const [path, name, title, area] of ADMINISTRATION) {
      expect(seen(path), path).toEqual({ name, title: title ?? '', area, layout: 'main' })
      expect(routeAt(path).sidebar, path).toBe(
        PROJECT_SETTINGS.includes(path) ? 'projectSettings' : 'administration',
      )
    }
  })

  it('sends any unknown path to the Page Not Found page (spec 000 section 2)', () => {
    for (const path of ['/no-such-page', '/admin/no-such-page'])
      expect(stepAt(admin, path), path).toEqual({ kind: 'redirect', to: '/404', reason: 'unknown path' })
    expect(seen('/404').name).toBe('notFound')
  })

  it('gives the title and the server name in the page title, or the server name alone', () => {
    expect(pageTitle('/admin/management/users/new', 'Acme Platform')).toBe('New User - Acme Platform')
    expect(pageTitle('/admin/projects', 'Acme Platform')).toBe('Acme Platform')
  })
})

describe('who may open a page', () => {
  it('sends an anonymous visitor to sign in from every page with chrome', () => {
    for (const [path] of [...APPLICATION, ...ADMINISTRATION]) {
      // A base path forwards before anyone is asked who they are.
      if (FORWARDS.some(([from]) => from === path)) continue
      expect(stepAt(anonymous, path), path).toMatchObject({
        kind: 'redirect',
        to: '/login?error=notAuthorized',
      })
    }
  })

  it('refuses a signed-in user who is no admin every Administration page, and the git integrations', () => {
    const adminOnly = [
      ...ADMINISTRATION.map(([path]) => path).filter((path) => !FORWARDS.some(([from]) => from === path)),
      '/integrations/vendors/github',
      '/integrations/git-repo-scan/select-repos',
    ]
    for (const path of adminOnly)
      expect(stepAt(developer, path), path).toEqual({ kind: 'deny', reason: 'admin route', notify: true })
    for (const [path] of APPLICATION)
      if (!adminOnly.includes(path))
        expect(stepAt(developer, path), path).not.toMatchObject({ reason: 'admin route' })
  })

  it('forwards a base path wherever it is opened from, before any other rule', () => {
    for (const [from, to] of FORWARDS) {
      expect(stepAt(anonymous, from), from).toEqual({ kind: 'redirect', to, reason: 'base path' })
      expect(stepAt(admin, from), from).toEqual({ kind: 'redirect', to, reason: 'base path' })
    }
    for (const [path] of [...APPLICATION, ...ADMINISTRATION])
      if (!FORWARDS.some(([from]) => from === path))
        expect(stepAt(admin, path), path).not.toMatchObject({ reason: 'base path' })
  })

  it('cancels a page whose feature is off, and lets an admin open it with the feature on', () => {
    const without: ShellContext = { ...admin, features: {} }
    for (const [path, name] of FEATURES) {
      expect(stepAt(without, path), path).toEqual({
        kind: 'deny',
        reason: `feature ${name} is not supported`,
      })
      expect(stepAt(admin, path), path).toEqual({ kind: 'allow' })
    }
    for (const [path] of [...APPLICATION, ...ADMINISTRATION])
      if (!FEATURES.some(([gated]) => gated === path))
        expect(stepAt(without, path), path).not.toMatchObject({ reason: expect.stringMatching(/^feature /) })
  })
})

describe('the project context', () => {
  it('is left by every platform-wide Administration page and kept by the project pages and the rest', () => {
    const kept = [...PROJECT_PAGES, ...PROJECT_SETTINGS]
    for (const [path] of ADMINISTRATION)
      expect(routeAt(path).resetsProject === true, path).toBe(!kept.includes(path))
    for (const [path] of APPLICATION) expect(routeAt(path).resetsProject === true, path).toBe(false)
    for (const base of ['/login', '/auth'])
      for (const [child] of LOGIN_FAMILY)
        expect(routeAt(`${base}${child}`).resetsProject === true).toBe(false)
  })
})
