// Shared test data of the session and platform areas (user data, login data, start-up answers).
import { left, right } from 'fp-ts/Either'
import type { LoginRelatedData, PlatformApi, SessionApi } from '../../adapters/ports'
import type { UserData } from '../../domain/session/types'
import type { Footer } from '../../domain/platform/types'
import type { Failure } from '../../domain/shared/failure'
import { notFaked } from '../support/fakePorts'

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

export const related = (over: Partial<LoginRelatedData> = {}): LoginRelatedData => ({
  forgotPassword: true,
  rememberMeEnabled: true,
  passwordAutocompleteEnabled: true,
  ssoProviderLink: '',
  samlProviders: [],
  anonAccessEnabled: false,
  ...over,
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
