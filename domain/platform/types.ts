// State of the platform area: the start-up data every other area reads (version, services,
// flavour, licence, entitlements, features) and where the start-up sequence stands.
import type { Failure } from '../shared/failure'

export interface Microservice {
  readonly name: string
  readonly key: string
  readonly enabled: boolean
}

export interface Footer {
  readonly serverName: string
  /** Instance flavour: platform, oss, container-registry, community, edge, lightweight, cloud-trial, tour. */
  readonly flavour: string
  readonly isCloud: boolean
  /** 'N/A' when the deployment has no licence. */
  readonly licenseType: string
  readonly buildNumber: string
  readonly copyright: string
  /** The logo an admin uploaded, as an address to show (absent: none). */
  readonly userLogo?: string
  /** The logo address the general settings name (absent: none). */
  readonly logoUrl?: string
  /** Where the account-portal route sends users (absent: none is set). */
  readonly accountPortalUrl?: string
}

export interface ProjectSummary {
  readonly key: string
  readonly name: string
}

/** The steps of the start-up sequence (spec 000 section 4), named for the failure facts. */
export type StartStep =
  | 'loginData'
  | 'userData'
  | 'initialData'
  | 'features'
  | 'parallelLoads'
  | 'uiPersonalisation'
  | 'navigationType'

export interface PlatformState {
  /** The sequence is running; a second Start while it runs is refused (the app starts only once). */
  readonly loading: boolean
  /** How many times the sequence has been started (again after each login). */
  readonly starts: number
  readonly initialDataFetched: boolean
  readonly version: { readonly version: string; readonly revision: string } | null
  readonly microservices: ReadonlyArray<Microservice>
  readonly footer: Footer | null
  readonly entitlements: ReadonlyArray<string>
  readonly features: Readonly<Record<string, boolean>>
  readonly featuresLoaded: boolean
  /** Values the user kept in local storage (UI preferences), read at start-up. */
  readonly localPreferences: Readonly<Record<string, string>>
  readonly packageTypes: ReadonlyArray<string>
  readonly projects: ReadonlyArray<ProjectSummary>
  /** Usages the subscription blocks (e.g. 'ui' blocks access to the console). */
  readonly blockedUsages: ReadonlyArray<string>
  /** Onboarding start data: null until loaded (or when the load was skipped). */
  readonly hasOnlyDefaultRepos: boolean | null
  /** Artifact count of the info widget (cloud only); null until loaded. */
  readonly artifactCount: number | null
  readonly supportAnalyticsEnabled: boolean
  readonly cloudTrial: boolean
  readonly analyticsEnabled: boolean
  readonly uiPersonalised: boolean
  readonly scanningInitialised: boolean
  /** On-prem metrics went out (they are sent once per page life). */
  readonly onPremMetricsSent: boolean
  /** The last failure of the sequence, kept as a fact; start-up shows no message for it. */
  readonly lastFailure: { readonly step: StartStep; readonly failure: Failure } | null
}

export const initialPlatformState: PlatformState = {
  loading: false,
  starts: 0,
  initialDataFetched: false,
  version: null,
  microservices: [],
  footer: null,
  entitlements: [],
  features: {},
  featuresLoaded: false,
  localPreferences: {},
  packageTypes: [],
  projects: [],
  blockedUsages: [],
  hasOnlyDefaultRepos: null,
  artifactCount: null,
  supportAnalyticsEnabled: false,
  cloudTrial: false,
  analyticsEnabled: false,
  uiPersonalised: false,
  scanningInitialised: false,
  onPremMetricsSent: false,
  lastFailure: null,
}
