/** Where a user lands: by user kind, for `/` and `/home`, and when switching sidebars (spec 000 section 2). */
import { feature, isCloudTrial, isLightweight, isTour, type ShellContext } from './context'
import { firstPlatformConfigurationItem, projectsUsable, sidebarKinds } from './menus'
import { findRoute } from './routes'
import type { NavigationState } from './types'

export const TOPOLOGY_PATH = '/admin/mission_control/topology'
export const PACKAGES_PATH = '/packages'
export const REPOS_PATH = '/repos'
export const GET_STARTED_PATH = '/get_started'
export const TOUR_GET_STARTED_PATH = '/tour_get_started'
export const LIGHTWEIGHT_FALLBACK_PATH = '/repos/tree/General'
export const LICENSES_PATH = '/admin/license_management/licenses'

/** The default landing by user kind, without overrides. */
export function defaultLanding(ctx: ShellContext): string {
  if (isLightweight(ctx)) return REPOS_PATH
  if (isTour(ctx)) return TOUR_GET_STARTED_PATH
  if (isCloudTrial(ctx)) return GET_STARTED_PATH
  return ctx.admin ? TOPOLOGY_PATH : PACKAGES_PATH
}

/** The landing after login: the last-visited page of this user overrides the default of regular and admin users. */
export function landingFor(ctx: ShellContext, nav: NavigationState): string {
  const fallback = defaultLanding(ctx)
  if (isLightweight(ctx) || isTour(ctx) || isCloudTrial(ctx)) return fallback
  if (nav.lastUser !== ctx.userName) return fallback
  return (ctx.admin ? nav.lastAdminPath : undefined) ?? nav.lastApplicationPath ?? fallback
}

/** `/` and `/home`, in the specification's order. */
export function homeRedirect(ctx: ShellContext, nav: NavigationState): string {
  if (feature(ctx, 'homePage')) return '/overview'
  if (isLightweight(ctx)) return REPOS_PATH
  if (ctx.admin && feature(ctx, 'platformGetStarted')) return GET_STARTED_PATH
  if (isTour(ctx)) return TOUR_GET_STARTED_PATH
  return landingFor(ctx, nav)
}

/** Admin landing: the projects page for a project admin, else the first platform configuration; last visit overrides. */
export function adminLanding(ctx: ShellContext, nav: NavigationState): string {
  if (nav.lastUser === ctx.userName && nav.lastAdminPath && landsIn(ctx, nav.lastAdminPath))
    return nav.lastAdminPath
  // Only where the projects pages open (licensed, not on edge): else the platform configuration.
  if (projectsUsable(ctx))
    return ctx.selectedProject === undefined
      ? '/admin/projects/list'
      : `/admin/projects/overview/${encodeURIComponent(ctx.selectedProject)}`
  return firstPlatformConfigurationItem(ctx)?.href ?? TOPOLOGY_PATH
}

export function applicationLanding(ctx: ShellContext, nav: NavigationState): string {
  if (nav.lastUser === ctx.userName && nav.lastApplicationPath) return nav.lastApplicationPath
  return isLightweight(ctx) ? REPOS_PATH : PACKAGES_PATH
}

/**
 * Whether a last visited admin page belongs to the sidebar the user is going to: an
 * Administration page is no landing for Project settings (an admin who picked a project on
 * Topology landed back on Topology), nor another project's page for the project selected.
 */
function landsIn(ctx: ShellContext, path: string): boolean {
  const match = findRoute(path.split(/[?#]/, 1)[0] ?? path)
  const kind = sidebarKinds(ctx)[1]
  if (match?.route.sidebar !== kind) return false
  return kind !== 'projectSettings' || match.params.projectKey === ctx.selectedProject
}
