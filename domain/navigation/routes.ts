/**
 * The route registry: every route of the shell (spec 000 section 2) as plain data, and a
 * matcher for the same pattern syntax wouter uses (`:name`, `:name?`, trailing `*`), so the
 * guard pipeline and the views agree on which route a path is. Plugins extend the registry
 * with `navigation/RegisterRoute`; their routes live in `state.navigation.pluginRoutes`.
 */
import { MFE_DEFAULT_ORDER } from '../shared/microFrontends'

/** Which lazily loaded chunk (or shell screen) renders a route. */
export type RouteArea =
  | 'session'
  | 'packages'
  | 'releaseBundles'
  | 'admin'
  | 'serviceStatus'
  | 'supportBundles'
  | 'repositories'
  | 'artifacts'
  | 'security'
  | 'builds'
  | 'overview'
  | 'integrations'
  | 'tokens'
  | 'xray'
  | 'errors'
  | 'shell'
  | 'plugin'

export type SidebarKind = 'application' | 'administration' | 'projectSettings'

export interface RouteDef {
  /** Route name (e.g. `projects.overview`); public routes are recognised by name. */
  readonly name: string
  /** Path relative to the `/ui` base, in wouter's pattern syntax. */
  readonly pattern: string
  readonly title?: string
  /** `bare`: no chrome (the login family); `main`: top bar and sidebars. */
  readonly layout: 'bare' | 'main'
  readonly area: RouteArea
  /** Which sidebar is active on this route; the sidebar mode follows the route. */
  readonly sidebar?: SidebarKind
  /** Anonymous users may open it (the login family); the sign-in guard lets it pass. */
  readonly public?: boolean
  readonly adminOnly?: boolean
  /** Reachable only when this feature flag is on; otherwise navigation is cancelled. */
  readonly feature?: string
  /** A base path that only forwards to another one. */
  readonly redirectTo?: string
  /** Resets the selected project (project context) when visited. */
  readonly resetsProject?: boolean
  /** A plugin's (micro-frontend's) order among the plugins: lower is matched first. */
  readonly order?: number
}

export const LOGIN_CHILDREN = [
  ['login', ''],
  ['otpLogin', '/otp-login'],
  ['mfaEnroll', '/mfa-enroll'],
  ['forgotPassword', '/forgot-password'],
  ['resetPassword', '/reset-password'],
  ['changePassword', '/change-password/:userName?'],
  ['registration', '/registration'],
  ['invitation', '/invitation'],
  ['cliRegistration', '/cli-registration'],
  ['ssoLogin', '/sso/:ssoLoginType'],
] as const

/** Route names the route guard lets pass without a signed-in user. */
export const PUBLIC_ROUTE_NAMES: ReadonlySet<string> = new Set([
  ...LOGIN_CHILDREN.map(([name]) => name),
  'cli',
  'cliVerify',
  'logout',
  'authProvider',
])

const loginFamily: RouteDef[] = [
  ...LOGIN_CHILDREN.flatMap(([name, child]) =>
    ['/login', '/auth'].map((base): RouteDef => ({
      name,
      pattern: `${base}${child}`,
      title: 'Login',
      layout: 'bare',
      area: 'session',
      public: true,
    })),
  ),
  { name: 'logout', pattern: '/logout', layout: 'bare', area: 'session', public: true },
  { name: 'authProvider', pattern: '/auth-provider/:type', layout: 'bare', area: 'session', public: true },
  { name: 'myJfrogRedirect', pattern: '/user/my-jfrog-redirect', layout: 'bare', area: 'session' },
  { name: 'cli', pattern: '/plugs/extension/cli', layout: 'bare', area: 'session', public: true },
  {
    name: 'cliVerify',
    pattern: '/plugs/extension/cli/verify',
    layout: 'bare',
    area: 'session',
    public: true,
  },
]

const app = (
  name: string,
  pattern: string,
  title: string | undefined,
  area: RouteArea,
  extra: Partial<RouteDef> = {},
): RouteDef => ({
  name,
  pattern,
  ...(title === undefined ? {} : { title }),
  layout: 'main',
  area,
  sidebar: 'application',
  ...extra,
})

const admin = (
  name: string,
  pattern: string,
  title: string | undefined,
  area: RouteArea = 'admin',
  extra: Partial<RouteDef> = {},
): RouteDef => ({
  name,
  pattern,
  ...(title === undefined ? {} : { title }),
  layout: 'main',
  area,
  sidebar: 'administration',
  adminOnly: true,
  // Platform-wide settings are not a project's: opening one leaves the project context.
  resetsProject: true,
  ...extra,
})

const mainLayout: RouteDef[] = [
  app('notFound', '/404', 'Page Not Found', 'errors'),
  app('notAcceptable', '/406/:requestId', 'Not Acceptable', 'errors'),
  app('serverError', '/500', 'Server Error', 'errors'),
  app('authorization', '/authorization', 'Not Authorized', 'errors'),
  app('userProfile', '/user_profile', 'User Profile', 'session'),
  // The rest is optional (spec: /demo/admin/:requiredAdminPath(.*)): /demo/admin/ itself is the teaser index.
  app('demoAdmin', '/demo/admin/*?', 'Administration', 'admin', { sidebar: 'administration' }),
  app('packages', '/packages/:packageId?/:versionId?', 'Packages', 'packages', { resetsProject: false }),
  app('getStarted', '/get_started', 'Getting Started', 'shell'),
  app('tourGetStarted', '/tour_get_started', 'Getting Started', 'shell'),
  app('overview', '/overview', 'Overview', 'overview'),
  app('integrations', '/integrations', 'Integrations', 'integrations'),
  // Git integrations: admins, where the platform scans repositories (spec 001 section 6).
  app('integrations.vendor.list', '/integrations/vendors/:vendorName', 'Integrations', 'integrations', {
    adminOnly: true,
    feature: 'repositoryScanning',
  }),
  app('gitRepoScan.selectRepos', '/integrations/git-repo-scan/select-repos', 'Integrations', 'integrations', {
    adminOnly: true,
    feature: 'repositoryScanning',
  }),
  // A tool's page: the catalogue with that tool's integration modal open.
  app('integrations.named', '/integrations/:name', 'Integrations', 'integrations'),
  app('quickSetup', '/quick-setup', 'Quick Setup', 'shell'),
  app('topologyTeaser', '/topology-teaser', 'Topology', 'shell'),
  app('securityAndComplianceTeaser', '/security-and-compliance-teaser', 'Security and Compliance', 'shell'),
  app('securityPolicies', '/security_policies', 'Policies', 'xray'),
  app('pipelinesTeaser', '/pipelines-teaser', 'Pipelines', 'shell'),
  app('template', '/template', 'Template', 'shell', { feature: 'testedCommon' }),
  app('demo', '/demo', 'Demo', 'shell', { feature: 'tested' }),
  app('demo.tree', '/demo/tree', 'Demo', 'shell', { feature: 'tested' }),
  app('demo.greeting', '/demo/typescript/greeting', 'Demo', 'shell', { feature: 'tested' }),
  app('demo.multiMfe', '/demo/multi-mfe-mounting-container', 'Demo', 'shell', { feature: 'tested' }),
  app('repos', '/repos', 'Repositories', 'repositories'),
  app('repos.tree', '/repos/tree/*', 'Artifacts', 'artifacts'),
  app('artifacts', '/artifacts/browse/*?', 'Artifacts', 'artifacts'),
  app('builds', '/builds/*?', 'Builds', 'builds'),
  app('distribution', '/distribution/:activeTab?', 'Distribution', 'releaseBundles'),
  app('distributionTeaser', '/distribution-teaser', 'Distribution', 'releaseBundles'),
  app('releaseBundles', '/release-bundles/*?', 'Distribution', 'releaseBundles'),
  app('bundles', '/bundles/*?', 'Distribution', 'releaseBundles'),
  app('policies', '/policies', 'Policies', 'xray'),
  app('watches', '/watches', 'Watches', 'xray'),
  app('violations', '/violations', 'Violations', 'xray'),
  app('reports', '/reports', 'Reports', 'xray'),
  app('trends', '/trends', 'Trends', 'xray'),
  app('scans', '/scans', 'Scans List', 'xray'),
]

const adminRoutes: RouteDef[] = [
  admin('admin', '/admin', undefined, 'admin', { redirectTo: '/admin/management/users' }),
  admin('admin.menu', '/admin/artifactory/list', 'Administration'),
  admin('admin.general', '/admin/configuration/general', 'General Settings'),
  admin('admin.licenses', '/admin/license_management/licenses', 'Licences'),
  admin('xray.indexedResources', '/admin/xray/indexed_resources', 'Indexed Resources', 'xray'),
  admin('xray.settings', '/admin/xray/settings', 'Scans Settings', 'xray'),
  admin('xray.database', '/admin/xray/advisories', 'Advisory Database', 'xray'),
  admin('admin.systemLogs', '/admin/monitoring/system_logs', 'System Logs Viewer', 'serviceStatus'),
  admin('admin.peers', '/admin/monitoring/pdn', 'Peers'),
  admin('admin.serviceStatus', '/admin/monitoring/service-status', 'Service Status', 'serviceStatus'),
  admin('admin.supportZone', '/admin/support-zone', 'Support Zone', 'supportBundles'),
  admin('proxies', '/admin/proxies/configuration', undefined, 'admin', {
    redirectTo: '/admin/proxies/configuration/list',
  }),
  admin('proxies.list', '/admin/proxies/configuration/list', 'Proxies'),
  admin('proxies.new', '/admin/proxies/configuration/new', 'Proxy Configuration'),
  admin('proxies.edit', '/admin/proxies/configuration/edit/:proxyName', 'Proxy Configuration'),
  admin('projects', '/admin/projects', undefined, 'admin', {
    redirectTo: '/admin/projects/list',
    resetsProject: false,
  }),
  admin('projects.main', '/admin/projects/list', 'Projects', 'admin', { resetsProject: false }),
  admin('projects.create', '/admin/projects/create', 'Create Project', 'admin', { resetsProject: false }),
  admin('projects.overview', '/admin/projects/overview/:projectKey?', 'Project Overview', 'admin', {
    sidebar: 'projectSettings',
    resetsProject: false,
  }),
  admin('projects.members', '/admin/projects/members/:projectKey?', 'Project Members', 'admin', {
    sidebar: 'projectSettings',
    resetsProject: false,
  }),
  admin('repositories.local.new', '/admin/repositories/local/new', 'New Local Repository', 'repositories'),
  admin('repositories.remote.new', '/admin/repositories/remote/new', 'New Remote Repository', 'repositories'),
  admin(
    'repositories.virtual.new',
    '/admin/repositories/virtual/new',
    'New Virtual Repository',
    'repositories',
  ),
  admin('repositories.edit', '/admin/repositories/edit/:repoKey', 'Edit Repository', 'repositories'),
  admin('repositories.quick', '/admin/repositories/quick', 'Quick Repository Creation', 'repositories'),
  admin('users', '/admin/management/users', 'Users'),
  admin('users.new', '/admin/management/users/new', 'New User'),
  admin('users.edit', '/admin/management/users/edit/:userName', 'Edit User'),
  admin('groups', '/admin/management/groups', 'Groups'),
  admin('groups.new', '/admin/management/groups/new', 'New Group'),
  admin('groups.edit', '/admin/management/groups/edit/:groupName', 'Edit Group'),
  admin('permissions', '/admin/management/permissions', 'Permissions'),
  admin('permissions.create', '/admin/management/permissions/create', 'Permissions'),
  admin('permissions.edit', '/admin/management/permissions/edit/:permissionName', 'Permissions'),
  admin('globalRoles', '/admin/management/global_roles', 'Global Roles'),
  admin('accessTokens', '/admin/management/access_tokens', 'Access Tokens', 'tokens'),
  admin('security.saml', '/admin/configuration/security/saml_integration', 'Security Settings', 'security'),
  admin('security.ldap', '/admin/configuration/security/ldap', 'Security Settings', 'security'),
  admin('security.oauth', '/admin/configuration/security/oauth', 'Security Settings', 'security'),
  admin('security.crowd', '/admin/configuration/security/crowd_integration', 'Security Settings', 'security'),
  admin('security.httpsso', '/admin/configuration/security/http_sso', 'Security Settings', 'security'),
  admin('security.general', '/admin/configuration/security/general', 'Security Settings', 'security'),
  // The section's own address; its pages above are routes of their own (a pattern matches its
  // own path only, never the paths under it).
  admin('security', '/admin/configuration/security', 'Security Settings', 'security'),
  // The integrations an admin sets up are the catalogue's (with the git integrations): the same
  // page, under the Administration sidebar the admin opened it from.
  admin('admin.integrations', '/admin/configuration/integrations', 'Integrations', 'integrations'),
  // The console has no environments of its own: the page is the area's teaser (docs/decisions).
  admin('environments', '/admin/environments', 'Environments', 'admin', {
    redirectTo: '/demo/admin/environments',
  }),
  admin('topology', '/admin/mission_control/topology', 'Topology', 'serviceStatus'),
  admin('admin.contactRequests', '/admin/marketing/contact_requests', 'Contact Requests'),
]

export const NOT_FOUND_PATH = '/404'

export const shellRoutes: ReadonlyArray<RouteDef> = [...loginFamily, ...mainLayout, ...adminRoutes]

export interface RouteMatch {
  readonly route: RouteDef
  readonly params: Readonly<Record<string, string>>
}

/**
 * Matches `path` against a wouter-style pattern. Segments are compared literally (no
 * regular expression is ever built from a path), `:name?` may be absent, and a trailing
 * `*` (or `*?`) takes the rest of the path.
 */
export function matchPattern(pattern: string, path: string): Readonly<Record<string, string>> | null {
  const want = pattern.split('/').filter(Boolean)
  const have = path.split('/').filter(Boolean)
  const params: Record<string, string> = {}
  let i = 0
  for (let w = 0; w < want.length; w++) {
    const part = want[w] as string
    if (part === '*' || part === '*?') {
      const rest = have.slice(i)
      if (part === '*' && rest.length === 0) return null
      params['*'] = rest.join('/')
      return params
    }
    const segment = have[i]
    if (part.startsWith(':')) {
      const optional = part.endsWith('?')
      const name = part.slice(1, optional ? -1 : undefined)
      if (segment === undefined) {
        if (optional) continue
        return null
      }
      params[name] = safeDecode(segment)
      i++
      continue
    }
    if (segment !== part) return null
    i++
  }
  return i === have.length ? params : null
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The first route (plugins' after the shell's) that matches `path`, or undefined for a 404. */
export function findRoute(path: string, plugins: ReadonlyArray<RouteDef> = []): RouteMatch | undefined {
  // Plugins by their order (the micro-frontend default when they name none), then as registered.
  const ordered = [...plugins].sort((a, b) => (a.order ?? MFE_DEFAULT_ORDER) - (b.order ?? MFE_DEFAULT_ORDER))
  for (const route of [...shellRoutes, ...ordered]) {
    const params = matchPattern(route.pattern, path)
    if (params) return { route, params }
  }
  return undefined
}

export const isAdminPath = (path: string): boolean => path === '/admin' || path.startsWith('/admin/')

export const isLoginFamilyPath = (path: string): boolean => {
  const match = findRoute(path)
  return match !== undefined && match.route.area === 'session' && match.route.layout === 'bare'
}
