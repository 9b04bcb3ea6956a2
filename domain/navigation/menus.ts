/**
 * The three sidebars with every visibility rule of spec 000 (sections 2 and 6); the top and help
 * menus are topMenus.ts. Pure: the views render what these return, and the navigation pipeline
 * refuses paths under an item that is hidden or disabled.
 */
import { feature, isTour, type Flavour, type ShellContext } from './context'
import type { SidebarKind } from './routes'
import type { Message } from '../shared/messages'

export interface MenuItem {
  readonly id: string
  readonly title: string
  readonly href: string
  readonly group?: string
  readonly adminOnly?: boolean
  readonly cloudOnly?: boolean
  /** Needs a licence: hidden when the licence type is N/A. */
  readonly licensed?: boolean
  readonly dependsOn?: 'artifactBrowser' | 'quickAction' | 'homePage'
  /** Disabled (with a tooltip) when this microservice is not enabled. */
  readonly requiresService?: string
  /** Flagged hidden on these flavours. */
  readonly hiddenOn?: ReadonlyArray<Flavour>
  /** Shown in addition to the core items; a tour with a non-admin user gets none of them. */
  readonly extra?: boolean
}

export interface VisibleItem extends MenuItem {
  readonly disabled: boolean
  /** Why it is disabled, as a message key (the view words it in its tooltip). */
  readonly tooltip?: Extract<Message, { key: 'requiresService' }>
}

const applicationItems: ReadonlyArray<MenuItem> = [
  // The home page `/` lands on where the instance has one (platform, cloud trial, tour).
  { id: 'overview', title: 'Overview', href: '/overview', dependsOn: 'homePage' },
  { id: 'packages', title: 'Packages', href: '/packages' },
  { id: 'artifacts', title: 'Artifacts', href: '/artifacts/browse', dependsOn: 'artifactBrowser' },
  { id: 'repos', title: 'Repositories', href: '/repos' },
  { id: 'builds', title: 'Builds', href: '/builds', hiddenOn: ['edge', 'container-registry'] },
  {
    id: 'distribution',
    title: 'Distribution',
    href: '/distribution',
    licensed: true,
    hiddenOn: ['container-registry'],
  },
  {
    id: 'policies',
    title: 'Policies',
    href: '/policies',
    group: 'Xray',
    licensed: true,
    requiresService: 'xray',
  },
  {
    id: 'violations',
    title: 'Violations',
    href: '/violations',
    group: 'Xray',
    licensed: true,
    requiresService: 'xray',
  },
  {
    id: 'watches',
    title: 'Watches',
    href: '/watches',
    group: 'Xray',
    licensed: true,
    requiresService: 'xray',
  },
  {
    id: 'reports',
    title: 'Reports',
    href: '/reports',
    group: 'Xray',
    licensed: true,
    requiresService: 'xray',
  },
  {
    id: 'scans',
    title: 'Scans List',
    href: '/scans',
    group: 'Xray',
    licensed: true,
    requiresService: 'xray',
  },
  {
    id: 'trends',
    title: 'Trends',
    href: '/trends',
    group: 'Xray',
    licensed: true,
    requiresService: 'xray',
  },
  { id: 'integrations', title: 'Integrations', href: '/integrations', licensed: true },
  { id: 'quickSetup', title: 'Quick Setup', href: '/quick-setup', dependsOn: 'quickAction' },
  { id: 'pipelinesTeaser', title: 'Pipelines', href: '/pipelines-teaser', extra: true, cloudOnly: true },
  { id: 'topologyTeaser', title: 'Topology', href: '/topology-teaser', extra: true, licensed: true },
  {
    id: 'securityTeaser',
    title: 'Security and Compliance',
    href: '/security-and-compliance-teaser',
    extra: true,
  },
]

// Grouped items stay together: the sidebar labels a group where it starts, so a group split in
// two showed its label twice (Topology first, the rest of Monitoring at the end).
const administrationItems: ReadonlyArray<MenuItem> = [
  { id: 'adminMenu', title: 'All settings', href: '/admin/artifactory/list', adminOnly: true },
  {
    id: 'general',
    title: 'General Settings',
    href: '/admin/configuration/general',
    group: 'Platform Configurations',
    adminOnly: true,
  },
  // Its addresses are under /admin/configuration, as General Settings' are (spec 000 section 2).
  {
    id: 'security',
    title: 'Security Settings',
    href: '/admin/configuration/security',
    group: 'Platform Configurations',
    adminOnly: true,
  },
  {
    id: 'proxies',
    title: 'Proxies',
    href: '/admin/proxies/configuration',
    group: 'Platform Configurations',
    adminOnly: true,
  },
  {
    id: 'licenses',
    title: 'Licences',
    href: '/admin/license_management/licenses',
    group: 'Platform Configurations',
    adminOnly: true,
    hiddenOn: ['oss', 'community'],
  },
  {
    id: 'projects',
    title: 'Projects',
    href: '/admin/projects',
    group: 'Platform Configurations',
    adminOnly: true,
    licensed: true,
    hiddenOn: ['edge'],
  },
  // The catalogue's admin view had no item: All settings showed as current on it.
  {
    id: 'adminIntegrations',
    title: 'Integrations',
    href: '/admin/configuration/integrations',
    group: 'Platform Configurations',
    adminOnly: true,
  },
  { id: 'users', title: 'Users', href: '/admin/management/users', group: 'User Management', adminOnly: true },
  {
    id: 'groups',
    title: 'Groups',
    href: '/admin/management/groups',
    group: 'User Management',
    adminOnly: true,
  },
  {
    id: 'permissions',
    title: 'Permissions',
    href: '/admin/management/permissions',
    group: 'User Management',
    adminOnly: true,
  },
  {
    id: 'topology',
    title: 'Topology',
    href: '/admin/mission_control/topology',
    group: 'Monitoring',
    adminOnly: true,
  },
  {
    id: 'serviceStatus',
    title: 'Service Status',
    href: '/admin/monitoring/service-status',
    group: 'Monitoring',
    adminOnly: true,
  },
  {
    id: 'systemLogs',
    title: 'System Logs Viewer',
    href: '/admin/monitoring/system_logs',
    group: 'Monitoring',
    adminOnly: true,
  },
  {
    id: 'peers',
    title: 'Peers',
    href: '/admin/monitoring/pdn',
    group: 'Monitoring',
    adminOnly: true,
    licensed: true,
    hiddenOn: ['oss', 'community', 'container-registry'],
  },
  {
    id: 'supportZone',
    title: 'Support Zone',
    href: '/admin/support-zone',
    group: 'Monitoring',
    adminOnly: true,
  },
]

export const projectSettingsItems = (projectKey: string): ReadonlyArray<MenuItem> => [
  {
    id: 'projectOverview',
    title: 'Overview',
    href: `/admin/projects/overview/${encodeURIComponent(projectKey)}`,
  },
  {
    id: 'projectMembers',
    title: 'Members',
    href: `/admin/projects/members/${encodeURIComponent(projectKey)}`,
  },
]

/** Why an item is hidden, or undefined when it shows. */
export function hiddenReason(item: MenuItem, ctx: ShellContext): string | undefined {
  if (item.licensed && ctx.licenseType === 'N/A') return 'needs a licence'
  if (item.cloudOnly && !ctx.cloud) return 'cloud only'
  if (item.adminOnly && !ctx.admin) return 'admins only'
  if (item.dependsOn === 'artifactBrowser' && !feature(ctx, 'artifactBrowser')) return 'no artifact browser'
  if (item.dependsOn === 'homePage' && !feature(ctx, 'homePage')) return 'no home page'
  // Quick setup is reachable when its quick action shows, or when it is the quick-deploy landing route.
  if (
    item.dependsOn === 'quickAction' &&
    !feature(ctx, 'newOnboardingQuickAction') &&
    !feature(ctx, 'quickDeployLanding')
  )
    return 'no quick action'
  if (item.hiddenOn?.includes(ctx.flavour)) return 'hidden on this flavour'
  if (item.extra && isTour(ctx) && !ctx.admin) return 'no extra items in a tour for non-admins'
  return undefined
}

function present(item: MenuItem, ctx: ShellContext): VisibleItem {
  const service = item.requiresService
  return service !== undefined && !ctx.services.includes(service)
    ? { ...item, disabled: true, tooltip: { key: 'requiresService', service } }
    : { ...item, disabled: false }
}

export function visibleItems(items: ReadonlyArray<MenuItem>, ctx: ShellContext): ReadonlyArray<VisibleItem> {
  return items.filter((item) => hiddenReason(item, ctx) === undefined).map((item) => present(item, ctx))
}

/** Which sidebars show: project settings replace administration for a project admin with a project selected. */
export function sidebarKinds(ctx: ShellContext): readonly [SidebarKind, SidebarKind] {
  return ctx.canAdminProjects && ctx.selectedProject !== undefined
    ? ['application', 'projectSettings']
    : ['application', 'administration']
}

export function sidebarItems(kind: SidebarKind, ctx: ShellContext): ReadonlyArray<VisibleItem> {
  switch (kind) {
    case 'application':
      return visibleItems(applicationItems, ctx)
    case 'administration':
      return visibleItems(administrationItems, ctx)
    case 'projectSettings':
      return ctx.selectedProject === undefined
        ? []
        : visibleItems(projectSettingsItems(ctx.selectedProject), ctx)
  }
}

/**
 * The sidebar a user sees on a route: the route's own when it is one of theirs and has items;
 * else, for a settings page, the user's other settings sidebar (a project page with all projects
 * chosen is an admin's Administration page: it showed Application); otherwise Application. A
 * tour's non-admin on the admin teaser (/demo/admin/) has no Administration items, and was shown
 * that sidebar empty.
 */
export function shownSidebar(requested: SidebarKind, ctx: ShellContext): SidebarKind {
  const usable = (kind: SidebarKind) => sidebarKinds(ctx).includes(kind) && sidebarItems(kind, ctx).length > 0
  if (usable(requested)) return requested
  const settings = sidebarKinds(ctx).find((kind) => kind !== 'application')
  return requested !== 'application' && settings !== undefined && usable(settings) ? settings : 'application'
}

/** Whether `path` is `href` or a page under it. */
export const under = (path: string, href: string) => path === href || path.startsWith(`${href}/`)

/** The Administration sidebar's group of the item a path is under, whatever the instance. */
export const sidebarGroupOf = (path: string): string | undefined =>
  administrationItems.find((i) => under(path, i.href))?.group

/**
 * The menu item a path falls under (the longest matching href), with why it may not be
 * opened: navigating under a hidden or disabled item is denied.
 */
export function menuBlock(path: string, ctx: ShellContext): string | undefined {
  let best: MenuItem | undefined
  for (const item of [...applicationItems, ...administrationItems])
    if (under(path, item.href) && (!best || item.href.length > best.href.length)) best = item
  if (!best) return undefined
  const hidden = hiddenReason(best, ctx)
  if (hidden) return `menu item ${best.title} is hidden (${hidden})`
  if (present(best, ctx).disabled) return `menu item ${best.title} is disabled`
  return undefined
}

// Admin paths with a teaser (spec 000 section 2: projects list, LDAP security, environments,
// user management, general security, general configuration, platform monitoring).
const TEASED_ADMIN_PATHS: ReadonlyArray<string> = [
  '/admin/projects',
  '/admin/configuration/security/ldap',
  '/admin/environments',
  '/admin/management',
  '/admin/configuration/security',
  '/admin/configuration/general',
  '/admin/monitoring',
  '/admin/mission_control/topology',
]
const TEASER_PREFIX = '/demo/admin'

/**
 * The teaser of an admin area the licence does not cover (spec 000 section 2, "Admin teaser
 * (unlicensed or demo areas)"): a path under a licensed item on an instance whose licence is N/A,
 * when that path has a teaser. Undefined otherwise (the path is refused as any hidden item).
 */
export function unlicensedTeaserPath(path: string, ctx: ShellContext): string | undefined {
  if (ctx.licenseType !== 'N/A' || !path.startsWith('/admin/')) return undefined
  const item = administrationItems.find((i) => under(path, i.href))
  if (item?.licensed !== true || !TEASED_ADMIN_PATHS.some((p) => under(path, p))) return undefined
  return `${TEASER_PREFIX}${path.slice('/admin'.length)}`
}

/** Whether the projects pages are open to this user here (licence, flavour, role). */
export function projectsUsable(ctx: ShellContext): boolean {
  return ctx.canAdminProjects && menuBlock('/admin/projects', { ...ctx, admin: true }) === undefined
}

/** First visible platform-configuration item: the admin landing when no project applies. */
export function firstPlatformConfigurationItem(ctx: ShellContext): VisibleItem | undefined {
  return visibleItems(administrationItems, ctx).find(
    (i) => i.group === 'Platform Configurations' && !i.disabled,
  )
}

/**
 * The quick-action button (new onboarding) opens quick setup; it is hidden on the quick-setup
 * page itself and shown again on leaving it (spec 000 section 4).
 */
export function quickActionVisible(ctx: ShellContext, path: string): boolean {
  return ctx.signedIn && feature(ctx, 'newOnboardingQuickAction') && path !== '/quick-setup'
}

/**
 * The remembered project choice to make again once the user's projects are known: only one
 * of them (storage is the user's to edit, and another user may have signed in since), and
 * only while no project is chosen yet.
 */
/** Local-storage key of the project a user last chose in the top bar (a UI fact, never a secret). */
export const selectedProjectKey = (user: string) => `selectedProject.${user}`

export function projectToRestore(
  stored: string | null,
  projects: ReadonlyArray<{ readonly key: string }>,
  selected: string | undefined,
): string | undefined {
  if (stored === null || selected !== undefined) return undefined
  return projects.some((p) => p.key === stored) ? stored : undefined
}
