/**
 * Who is looking, as far as search and packages care: the user, their permissions, the
 * platform's services, licence and features, the selected project. Read from the session
 * and platform areas through their own rules, never a copy of them.
 */
import { isTour, type PlatformState } from '../platform'
import { canAdministerProjects, isAdmin, type SessionState } from '../session'
import type { NavigationState } from '../navigation'

/** The slices a viewer is read from. */
export interface ViewerSlices {
  readonly session: SessionState
  readonly platform: PlatformState
  readonly navigation: Pick<NavigationState, 'location' | 'selectedProject'>
}

export interface Viewer {
  /** 'anonymous' when nobody is signed in. */
  readonly userName: string
  readonly isAdmin: boolean
  /** An admin or a project admin: the session's one rule (`canAdministerProjects`). */
  readonly canAdminProjects: boolean
  /** The demo tour environment. */
  readonly isTour: boolean
  /** Names of enabled services ('artifactory', 'xray', 'distribution', …). */
  readonly services: ReadonlyArray<string>
  readonly licenseType: string
  readonly features: Readonly<Record<string, boolean>>
  /** The selected project, or null for all projects. */
  readonly projectKey: string | null
  /** Whether the current route is in the admin area. */
  readonly inAdminArea: boolean
  readonly anonymousXrayAccess: boolean
}

export const anonymousViewer: Viewer = {
  userName: 'anonymous',
  isAdmin: false,
  canAdminProjects: false,
  isTour: false,
  services: ['artifactory'],
  licenseType: '',
  features: {},
  projectKey: null,
  inAdminArea: false,
  anonymousXrayAccess: false,
}

/** The viewer from the session, platform and navigation areas. */
export function viewerOf(state: ViewerSlices): Viewer {
  const { session, platform } = state
  const user = session.user
  const anonymous = user === null || user.anonymous
  const enabled = platform.microservices.filter((m) => m.enabled).map((m) => m.name.toLowerCase())
  // The console is served by the artifact manager, so it is always there.
  const services = enabled.includes('artifactory') ? enabled : ['artifactory', ...enabled]
  const path = state.navigation.location.path
  return {
    userName: anonymous ? 'anonymous' : user.name,
    isAdmin: isAdmin(state),
    canAdminProjects: canAdministerProjects(state),
    isTour: isTour(platform),
    services,
    licenseType: platform.footer?.licenseType ?? '',
    features: platform.features,
    projectKey: state.navigation.selectedProject ?? null,
    inAdminArea: path.replace(/^\/ui(?=\/|$)/, '').startsWith('/admin'),
    anonymousXrayAccess: platform.features.anonymousXrayAccess === true,
  }
}

/** Counts of packages are shown (and asked for) only for admins and project admins. */
export const canSeeCounts = (v: Viewer): boolean => v.canAdminProjects
