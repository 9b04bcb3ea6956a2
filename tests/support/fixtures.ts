/**
 * The test data of every area, in one place: users and sign-ins, the platform's start-up facts,
 * login data, failures, the session and platform APIs answering as the platform does, and a
 * repository as the platform lists it. Recorded logs of real sessions are in tests/fixtures/logs.
 */
import { left, right } from 'fp-ts/Either'
import type { LoginRelatedData, PlatformApi, SessionApi } from '../../adapters/ports'
import type { AppEvent, AppState } from '../../domain/app'
import * as P from '../../domain/platform/events'
import * as S from '../../domain/session/events'
import type { SafeInternalPath, UserData } from '../../domain/session/types'
import { isSafeInternalPath } from '../../domain/session/rules'
import type { Footer } from '../../domain/platform/types'
import type { Failure } from '../../domain/shared/failure'
import type { RepositorySummary } from '../../domain/repositories'
import type { ArtifactInfo, TreeRepository } from '../../domain/artifacts/types'
import type { SaveOp } from '../../domain/admin'
import type { ReleaseBundle } from '../../domain/releaseBundles/types'
import type { PackageDetails } from '../../domain/packages/types'
import { notFaked } from './fakePorts'

export const user = (over: Partial<UserData> = {}): UserData => ({
  name: 'developer',
  anonymous: false,
  admin: false,
  realm: 'internal',
  mfaStatus: 'NONE',
  firstLogin: false,
  freeTier: false,
  hasSeenGettingStarted: false,
  quickDeployEnabled: false,
  wizardClosed: false,
  newOnboarding: false,
  existsInDB: true,
  profileUpdatable: true,
  requireProfilePassword: true,
  requireProfileUnlock: true,
  ...over,
})

export const anonymous = (): UserData => user({ name: 'anonymous', anonymous: true })

export const footer = (over: Partial<Footer> = {}): Footer => ({
  serverName: 'Platform',
  flavour: 'platform',
  isCloud: false,
  licenseType: 'Enterprise+',
  buildNumber: '1',
  copyright: '©',
  ...over,
})

/** The platform's start-up answer: these services running, under this licence. */
export function platformWith(
  services: ReadonlyArray<string>,
  licenseType = 'ENTERPRISE_PLUS',
  over: Partial<Footer> = {},
): AppEvent {
  return P.InitialDataLoaded({
    version: { version: '7.0.0', revision: '1' },
    microservices: services.map((name) => ({ name, key: name, enabled: true })),
    footer: footer({ serverName: 'test', licenseType, copyright: '', ...over }),
    entitlements: [],
  })
}

/** A user signed in with a password, past every first-login step. */
export function signedIn(name: string, admin = false, projectAdmin = false): AppEvent {
  const past = { hasSeenGettingStarted: true, wizardClosed: true }
  const noReauth = { requireProfilePassword: false, requireProfileUnlock: false }
  return S.SignedIn({
    user: user({ name, admin, ...(projectAdmin ? { projectAdmin } : {}), ...past, ...noReauth }),
    via: 'password',
  })
}

export interface Seed {
  readonly user?: Partial<UserData> | 'anonymous'
  readonly footer?: Partial<Footer>
  /** The platform's feature flags; absent, start-up records none. */
  readonly features?: Record<string, boolean>
  readonly services?: ReadonlyArray<string>
  /** Further facts recorded after start-up (e.g. the navigation type it loaded). */
  readonly extra?: ReadonlyArray<AppEvent>
}

/** The facts of a finished start-up for this user and instance (user data as start-up loads it). */
export function startedEvents(seed: Seed = {}): AppEvent[] {
  const started = seed.user === 'anonymous' ? anonymous() : user(seed.user)
  return [
    P.StartRequested({ reason: 'boot', onPremMetricsSent: false }),
    platformWith(seed.services ?? [], 'Enterprise+', {
      serverName: 'Platform',
      copyright: '©',
      ...seed.footer,
    }),
    ...(seed.features === undefined ? [] : [P.FeaturesLoaded({ features: seed.features })]),
    S.UserDataLoaded({ user: started }),
    P.StartCompleted({}),
    ...(seed.extra ?? []),
  ]
}

/**
 * The events of a completed start-up for a signed-in user: the seed of a test that needs the
 * platform's initial data and a user (who, which flavour, which services run).
 */
export const startedAs = (
  options: { name?: string; admin?: boolean; flavour?: string; services?: ReadonlyArray<string> } = {},
): AppEvent[] =>
  startedEvents({
    user: { name: options.name ?? 'developer', admin: options.admin ?? false },
    footer: { flavour: options.flavour ?? 'platform' },
    ...(options.services ? { services: options.services } : {}),
  })

export const related = (over: Partial<LoginRelatedData> = {}): LoginRelatedData => ({
  forgotPassword: true,
  rememberMeEnabled: true,
  passwordAutocompleteEnabled: true,
  ssoProviderLink: '',
  samlProviders: [],
  anonAccessEnabled: false,
  ...over,
})

/** The login page's settings as start-up records them (every option on, no SSO). */
export const loginData = (over: Partial<S.LoginDataLoadedData['settings']> = {}) =>
  S.LoginDataLoaded({
    failures: [],
    settings: {
      samlLogoutUrl: '',
      forgotPassword: true,
      passwordAutocompleteEnabled: true,
      rememberMeEnabled: true,
      ssoProviderLinksSAML: [],
      ssoProviderLink: '',
      realms: [],
      samlRegistrationId: '',
      oauthProviders: [],
      loginDialogSettingsContent: null,
      loginViewMode: { mode: 'internal', isProvidersHidden: false },
      authUserPlugin: true,
      autoRedirectLogin: false,
      anonAccessEnabled: false,
      ...over,
    },
  })

export const statusFailure = (status: number, message: string, code?: string): Failure =>
  code === undefined ? { kind: 'status', status, message } : { kind: 'status', status, message, code }

const ok = <A>(a: A) => Promise.resolve(right(a))
export const fail = (f: Failure) => Promise.resolve(left(f))

/** A session API answering the login page's calls; override what a test exercises. */
export function sessionApi(over: Partial<SessionApi> = {}, current: UserData = anonymous()): SessionApi {
  return {
    ...notFaked<SessionApi>(),
    loginRelatedData: () => ok(related()),
    visualMode: () => ok({ loginIsExternal: false, isProvidersHidden: false }),
    userPlugins: () => ok(true),
    realms: () => ok([{ realm: 'internal', enabled: true }]),
    loginDialog: () => ok({ content: '', permanent: false }),
    samlLogoutUrl: () => ok(''),
    samlRegistrationId: () => ok(''),
    oauthProviders: () => ok([]),
    autoRedirect: () => ok(false),
    current: () => ok(current),
    logout: () => ok(undefined),
    ...over,
  }
}

export function platformApi(over: Partial<PlatformApi> = {}): PlatformApi {
  return {
    ...notFaked<PlatformApi>(),
    version: () => ok({ version: '7.0.0', revision: 'abc' }),
    microservices: () =>
      ok([
        { name: 'artifactory', key: 'jfrt', enabled: true },
        { name: 'xray', key: 'jfxr', enabled: true },
      ]),
    footer: () => ok(footer()),
    entitlements: () => ok(['packages']),
    features: () => ok({ artifactBrowser: true }),
    microserviceEnabled: () => ok(true),
    onboardingStatus: () => ok(true),
    blockedUsages: () => ok([]),
    packageTypes: () => ok(['npm', 'maven']),
    projects: () => ok([{ key: 'proj', name: 'Project' }]),
    artifactCount: () => ok(42),
    ...over,
  }
}

/** A repository as the platform lists it, for the repositories area's tests. */
export const repositorySummary = (
  key: string,
  kind: RepositorySummary['kind'],
  packageType = 'npm',
): RepositorySummary => ({
  key,
  packageType,
  kind,
  description: '',
  includesPattern: '**/*',
  excludesPattern: '',
  url: kind === 'remote' ? 'https://registry.npmjs.org' : null,
  members: [],
  defaultDeploymentRepo: null,
  created: '2026-01-01T00:00:00.000Z',
  modified: '2026-01-01T00:00:00.000Z',
  packageCount: 3,
  artifactCount: 4,
  size: 2048,
})

/** A repository of the artifacts browser's tree, without a default deployment repository. */
export const treeRepository = (
  key: string,
  packageType: string,
  kind: TreeRepository['kind'],
  artifactCount = 1,
): TreeRepository => ({ key, packageType, kind, artifactCount, defaultDeploymentRepo: null })

/** A 12-byte text file's information in the artifacts browser; with a version, an npm package's file. */
export const artifactInfo = (repoKey: string, path: string, version?: string): ArtifactInfo => ({
  repoKey,
  path,
  name: path.split('/').pop()!,
  size: 12,
  sha256: 'a'.repeat(64),
  sha1: 'b'.repeat(40),
  md5: 'c'.repeat(32),
  mimeType: 'text/plain',
  created: '2026-11-25T10:00:00Z',
  modified: '2026-11-25T10:00:00Z',
  deployedBy: 'developer',
  packageId: version ? 'npm://left-pad' : null,
  version: version ?? null,
  properties: [],
})

/** A path a test states as safe: checked with the safe-redirect rule, so a typo fails loudly. */
export function safePath(path: string): SafeInternalPath {
  if (!isSafeInternalPath(path)) throw new Error(`not a safe internal path: ${path}`)
  return path
}

/** A user as the admin pages save it: a plain developer, no password reference unless given. */
export const savedUser = (
  over: Partial<Extract<SaveOp, { kind: 'saveUser' }>['user']> = {},
): Extract<SaveOp, { kind: 'saveUser' }>['user'] => ({
  name: 'dev',
  email: 'dev@example.com',
  admin: false,
  mfaRequired: false,
  passwordExpired: false,
  credentialsExpired: false,
  disabled: false,
  groups: [],
  ...over,
})

/** A release bundle as the checksum lookup lists it. */
export const releaseBundle: ReleaseBundle = {
  name: 'app-release',
  version: '1.0.0',
  created: '2026-01-02T03:04:05Z',
  status: 'COMPLETE',
  repository: 'release-bundles',
  artifacts: 3,
}

/** The open package's details, which a test expects loaded (it fails naming the state otherwise). */
export function loadedPackage(state: AppState): PackageDetails {
  const details = state.packages.details
  if (details.status !== 'loaded') throw new Error(`the package is not loaded: ${details.status}`)
  return details.data
}
