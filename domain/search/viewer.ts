/**
 * Who is looking, as far as search and packages care: the user, their permissions, the
 * platform's services, licence and features, the selected project. Read from the session
 * and platform areas; until those carry a field, the safe default (least permission) holds.
 */
import type { AppState } from '../app'

export interface Viewer {
  /** 'anonymous' when nobody is signed in. */
  readonly userName: string
  readonly isAdmin: boolean
  readonly isProjectAdmin: boolean
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
  isProjectAdmin: false,
  isTour: false,
  services: ['artifactory'],
  licenseType: '',
  features: {},
  projectKey: null,
  inAdminArea: false,
  anonymousXrayAccess: false,
}

type Loose = Record<string, unknown> | undefined

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined)

/**
 * The viewer from the state of other areas. Read structurally, field by field, so this
 * area keeps working while those areas grow (a missing field means "not permitted").
 */
export function viewerOf(state: AppState): Viewer {
  const session = state.session as unknown as Loose
  const platform = state.platform as unknown as Loose
  const navigation = state.navigation as unknown as Loose
  const user = (session?.user ?? session?.current) as Loose
  const userName = str(user?.name) ?? 'anonymous'
  const anonymous = bool(user?.anonymous) ?? userName === 'anonymous'
  const servicesRaw = platform?.services ?? platform?.microservices
  const services = Array.isArray(servicesRaw)
    ? servicesRaw.flatMap((s: unknown) => {
        if (typeof s === 'string') return [s]
        const o = s as Loose
        return str(o?.name) && o?.enabled !== false ? [str(o?.name) as string] : []
      })
    : anonymousViewer.services
  const featuresRaw = platform?.features
  const features: Record<string, boolean> = {}
  if (featuresRaw && typeof featuresRaw === 'object')
    for (const [k, v] of Object.entries(featuresRaw as Record<string, unknown>))
      if (typeof v === 'boolean') features[k] = v
  const path = str(navigation?.path) ?? str(navigation?.location) ?? ''
  return {
    userName: anonymous ? 'anonymous' : userName,
    isAdmin: !anonymous && (bool(user?.admin) ?? false),
    isProjectAdmin: !anonymous && (bool(user?.projectAdmin) ?? bool(user?.isProjectAdmin) ?? false),
    isTour: bool(platform?.isTour) ?? bool(platform?.tour) ?? false,
    services,
    licenseType: str(platform?.licenseType) ?? str((platform?.footer as Loose)?.licenseType) ?? '',
    features,
    projectKey: str(navigation?.projectKey) ?? str(session?.projectKey) ?? null,
    inAdminArea: path.replace(/^\/ui/, '').startsWith('/admin'),
    anonymousXrayAccess: bool(platform?.anonymousXrayAccess) ?? false,
  }
}

/** Counts of packages are shown (and asked for) only for admins and project admins. */
export const canSeeCounts = (v: Viewer): boolean => v.isAdmin || v.isProjectAdmin
