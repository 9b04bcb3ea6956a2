/**
 * What the navigation rules need to know about the user and the instance, read from the
 * session and platform areas in one place. The pipeline, menus and landing rules take this
 * plain value, so they are tested without building the other areas' state.
 */
import { isUiBlocked, type PlatformState } from '../platform'
import { canAdministerProjects, isAdmin, isSignedIn, type SessionSlices } from '../session'

export type Flavour =
  'platform' | 'oss' | 'container-registry' | 'community' | 'edge' | 'lightweight' | 'cloud-trial' | 'tour'

export interface ShellContext {
  /** The start-up sequence has finished, successfully or not: guards can decide. */
  readonly startupSettled: boolean
  /** The start-up sequence has run and its initial data arrived. */
  readonly initialDataFetched: boolean
  /** A real (non-anonymous) user is signed in. */
  readonly signedIn: boolean
  readonly userName: string
  readonly admin: boolean
  /** The instance lets the user `anonymous` in. */
  readonly anonymousAccessAllowed: boolean
  /** The server blocks UI access for this user (subscription blocked usages). */
  readonly uiAccessBlocked: boolean
  /** No valid licence is installed. */
  readonly licenseMissing: boolean
  readonly licenseType: string
  readonly flavour: Flavour
  readonly cloud: boolean
  readonly serverName: string
  readonly features: Readonly<Record<string, boolean>>
  /** Enabled microservices by name (`xray`, `mission control`, `insight`, …). */
  readonly services: ReadonlyArray<string>
  /** What the licence entitles the instance to (`distribution`, …). */
  readonly entitlements: ReadonlyArray<string>
  readonly canAdminProjects: boolean
  /** The selected project's key; undefined for all projects. */
  readonly selectedProject?: string
  /** User flags the landing rules use. */
  readonly freeTier: boolean
  readonly hasSeenGettingStarted: boolean
  /** Logos: one the admin uploaded, and the configured logo URL. */
  readonly userLogo?: string
  readonly configuredLogoUrl?: string
}

export const anonymousContext: ShellContext = {
  startupSettled: false,
  initialDataFetched: false,
  signedIn: false,
  userName: 'anonymous',
  admin: false,
  anonymousAccessAllowed: false,
  uiAccessBlocked: false,
  licenseMissing: false,
  licenseType: 'N/A',
  flavour: 'platform',
  cloud: false,
  serverName: '',
  features: {},
  services: [],
  entitlements: [],
  canAdminProjects: false,
  freeTier: false,
  hasSeenGettingStarted: false,
}

export const isLightweight = (ctx: ShellContext) => ctx.flavour === 'lightweight'
export const isTour = (ctx: ShellContext) => ctx.flavour === 'tour'
export const isCloudTrial = (ctx: ShellContext) => ctx.flavour === 'cloud-trial'
export const feature = (ctx: ShellContext, name: string) => ctx.features[name] === true

const FLAVOURS: ReadonlySet<string> = new Set([
  'platform',
  'oss',
  'container-registry',
  'community',
  'edge',
  'lightweight',
  'cloud-trial',
  'tour',
])

/** The slices the context is read from: the app's state is one. */
export interface ShellSlices extends SessionSlices {
  readonly platform: PlatformState
  readonly navigation: { readonly selectedProject?: string }
}

/** Reads the context from the session and platform slices (and the selected project). */
export function shellContextOf(state: ShellSlices): ShellContext {
  const { platform, session } = state
  const footer = platform.footer
  const user = isSignedIn(state) ? session.user : null
  const admin = isAdmin(state)
  const flavour = footer && FLAVOURS.has(footer.flavour) ? (footer.flavour as Flavour) : 'platform'
  const selectedProject = state.navigation.selectedProject
  return {
    // Start-up has run at least once and is not running now (it failed or it finished).
    startupSettled: platform.starts > 0 && !platform.loading,
    initialDataFetched: platform.initialDataFetched,
    signedIn: user !== null,
    userName: user?.name ?? 'anonymous',
    admin,
    anonymousAccessAllowed: session.login.anonAccessEnabled,
    uiAccessBlocked: isUiBlocked(platform),
    // The footer answers with an empty licence type when no licence is installed.
    licenseMissing: footer !== null && footer.licenseType.trim() === '',
    licenseType: footer?.licenseType ?? 'N/A',
    flavour,
    cloud: footer?.isCloud === true,
    serverName: footer?.serverName ?? '',
    ...(footer?.userLogo ? { userLogo: footer.userLogo } : {}),
    ...(footer?.logoUrl ? { configuredLogoUrl: footer.logoUrl } : {}),
    features: platform.features,
    services: platform.microservices.filter((m) => m.enabled).map((m) => m.name),
    entitlements: platform.entitlements,
    canAdminProjects: canAdministerProjects(state),
    freeTier: user?.freeTier === true,
    hasSeenGettingStarted: user?.hasSeenGettingStarted === true,
    ...(selectedProject === undefined ? {} : { selectedProject }),
  }
}
