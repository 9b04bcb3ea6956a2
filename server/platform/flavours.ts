/**
 * What each instance flavour offers: services, entitlements, feature flags and package
 * types. Derived from `config.flavour`, `config.cloud` and `config.licenseType` only, so every
 * flavour the specification names can be started and tested. The mapping is documented in
 * server/API.md ("Flavours").
 */
import type { Flavour, ServerConfig } from '../config'

export interface Microservice {
  readonly name:
    | 'artifactory'
    | 'xray'
    | 'mission control'
    | 'distribution'
    | 'insight'
    | 'pipelines'
    | 'tracker'
    | 'access'
  readonly key: 'jfrt' | 'jfxr' | 'jfmc' | 'jfds' | 'jfisv' | 'jfpip' | 'jftrk' | 'jfac'
  readonly enabled: boolean
}

export interface FlavourProfile {
  readonly microservices: readonly Microservice[]
  readonly entitlements: readonly string[]
  readonly features: Readonly<Record<string, boolean>>
  readonly packageTypes: readonly string[]
  /** Free-tier (cloud trial) users see the trial start page and limits. */
  readonly freeTier: boolean
}

export const ALL_PACKAGE_TYPES = [
  'alpine',
  'bower',
  'cargo',
  'chef',
  'cocoapods',
  'composer',
  'conan',
  'conda',
  'cran',
  'debian',
  'docker',
  'frogmldataset',
  'frogmlmodel',
  'gems',
  'generic',
  'gitlfs',
  'go',
  'gradle',
  'helm',
  'helmoci',
  'huggingfacemldataset',
  'huggingfacemlmodel',
  'ivy',
  'maven',
  'npm',
  'nuget',
  'oci',
  'opkg',
  'pub',
  'puppet',
  'pypi',
  'rpm',
  'sbt',
  'swift',
  'terraform',
  'vagrant',
] as const

const SERVICE_KEYS: ReadonlyArray<readonly [Microservice['name'], Microservice['key']]> = [
  ['artifactory', 'jfrt'],
  ['xray', 'jfxr'],
  ['mission control', 'jfmc'],
  ['distribution', 'jfds'],
  ['insight', 'jfisv'],
  ['pipelines', 'jfpip'],
  ['tracker', 'jftrk'],
]

/** Aliases the console uses for the service-enabled check (`/system/ismicroserviceenabled/mc`). */
export const SERVICE_ALIASES: Readonly<Record<string, Microservice['key']>> = {
  rt: 'jfrt',
  artifactory: 'jfrt',
  xray: 'jfxr',
  xr: 'jfxr',
  mc: 'jfmc',
  'mission control': 'jfmc',
  mission_control: 'jfmc',
  distribution: 'jfds',
  ds: 'jfds',
  insight: 'jfisv',
  pipelines: 'jfpip',
  pip: 'jfpip',
  tracker: 'jftrk',
}

type ServiceSet = ReadonlySet<Microservice['key']>
const services = (enabled: ServiceSet): Microservice[] =>
  SERVICE_KEYS.map(([name, key]) => ({ name, key, enabled: enabled.has(key) }))

const FULL: ServiceSet = new Set(['jfrt', 'jfxr', 'jfmc', 'jfds', 'jfisv', 'jfpip', 'jftrk'])
const ARTIFACTORY_ONLY: ServiceSet = new Set(['jfrt'])

interface FlavourRow {
  readonly services: ServiceSet
  readonly entitlements: readonly string[]
  readonly packageTypes: readonly string[]
  readonly flags: Readonly<Record<string, boolean>>
}

const PRO_ENTITLEMENTS = ['artifactory', 'projects', 'sso', 'federation', 'replication', 'ha']
const SECURITY_ENTITLEMENTS = ['xray', 'advanced_security', 'curation', 'repository_scanning']
const PLATFORM_ENTITLEMENTS = [
  ...PRO_ENTITLEMENTS,
  ...SECURITY_ENTITLEMENTS,
  'distribution',
  'mission_control',
  'pipelines',
  'release_lifecycle',
]

/**
 * Licence types that run every service the flavour offers but do not include the security
 * pack: the scanner runs, and the console says its results need a licence.
 */
export const LICENCES_WITHOUT_SECURITY: ReadonlySet<string> = new Set(['Pro'])

const ROWS: Readonly<Record<Flavour, FlavourRow>> = {
  platform: {
    services: FULL,
    entitlements: PLATFORM_ENTITLEMENTS,
    packageTypes: ALL_PACKAGE_TYPES,
    flags: { homePage: true, archiveSearch: true, repositoryScanning: true },
  },
  // Open source: Artifactory alone, Maven-family and generic repositories, no licence.
  oss: {
    services: ARTIFACTORY_ONLY,
    entitlements: ['artifactory'],
    packageTypes: ['generic', 'gradle', 'ivy', 'maven', 'sbt'],
    flags: { oss: true },
  },
  // Container registry edition: Docker-ish types only.
  'container-registry': {
    services: ARTIFACTORY_ONLY,
    entitlements: ['artifactory', 'container_registry'],
    packageTypes: ['docker', 'helm', 'helmoci', 'oci'],
    flags: { containerRegistry: true },
  },
  // Community edition (C/C++): Conan and generic, no licence.
  community: {
    services: ARTIFACTORY_ONLY,
    entitlements: ['artifactory'],
    packageTypes: ['conan', 'generic'],
    flags: { communityEdition: true },
  },
  // Edge: a distribution target close to consumers, no scanning, no pipelines.
  edge: {
    services: new Set(['jfrt', 'jfds']),
    entitlements: ['artifactory', 'edge', 'distribution'],
    packageTypes: ALL_PACKAGE_TYPES,
    flags: { edge: true },
  },
  // Lightweight instance: lands in the repository tree, no home page.
  lightweight: {
    services: ARTIFACTORY_ONLY,
    entitlements: ['artifactory'],
    packageTypes: ALL_PACKAGE_TYPES,
    flags: { lightweightInstance: true },
  },
  'cloud-trial': {
    services: FULL,
    entitlements: PLATFORM_ENTITLEMENTS,
    packageTypes: ALL_PACKAGE_TYPES,
    flags: {
      homePage: true,
      archiveSearch: true,
      repositoryScanning: true,
      trial: true,
      freeTier: true,
      newOnboardingQuickAction: true,
      quickDeployLanding: true,
      platformGetStarted: true,
      contactUs: true,
    },
  },
  tour: {
    services: FULL,
    entitlements: PLATFORM_ENTITLEMENTS,
    packageTypes: ALL_PACKAGE_TYPES,
    flags: {
      homePage: true,
      archiveSearch: true,
      repositoryScanning: true,
      tour: true,
      tourGetStarted: true,
      contactUs: true,
    },
  },
}

/** Every flag is always present (false when off), so clients need no defaults. */
const FLAG_NAMES = [
  'homePage',
  'artifactBrowser',
  'newOnboardingQuickAction',
  'quickDeployLanding',
  'platformGetStarted',
  'tested',
  'testedCommon',
  'archiveSearch',
  'licenseData',
  'repositoryScanning',
  'trial',
  'freeTier',
  'tour',
  'tourGetStarted',
  'contactUs',
  'lightweightInstance',
  'edge',
  'oss',
  'communityEdition',
  'containerRegistry',
  'cloud',
  'analytics',
  'infoWidget',
  'onPremMetrics',
] as const

export function flavourProfile(
  config: Pick<ServerConfig, 'flavour' | 'cloud' | 'licenseType'> & {
    readonly onPremMetrics?: boolean
    readonly accessLogin?: boolean
  },
): FlavourProfile {
  const row = ROWS[config.flavour]
  const licensed = config.licenseType !== 'N/A'
  const features: Record<string, boolean> = Object.fromEntries(FLAG_NAMES.map((f) => [f, false]))
  Object.assign(features, row.flags, {
    artifactBrowser: true,
    licenseData: licensed,
    cloud: config.cloud,
    infoWidget: config.cloud,
    analytics: config.cloud,
    onPremMetrics: !config.cloud && licensed && config.onPremMetrics !== false,
  })
  // Without a licence, licensed services are off whatever the flavour offers.
  const enabled: ServiceSet = licensed ? row.services : ARTIFACTORY_ONLY
  return {
    // The access service is named only where it answers sign-ins (the console then uses its login).
    microservices: [
      ...services(enabled),
      ...(config.accessLogin === true
        ? [{ name: 'access', key: 'jfac', enabled: true } satisfies Microservice]
        : []),
    ],
    entitlements:
      licensed && !LICENCES_WITHOUT_SECURITY.has(config.licenseType)
        ? row.entitlements
        : row.entitlements.filter((e) => !SECURITY_ENTITLEMENTS.includes(e)),
    features,
    packageTypes: row.packageTypes,
    freeTier: features.freeTier === true,
  }
}
