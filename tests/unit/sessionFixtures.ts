// Shared test data of the session and platform areas (user data, login data, start-up answers).
import { left, right } from 'fp-ts/Either'
import type { LoginRelatedData, PlatformApi, SessionApi } from '../../adapters/ports'
import type { AppEvent } from '../../domain/app'
import * as P from '../../domain/platform/events'
import * as S from '../../domain/session/events'
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

/**
 * The events of a completed start-up for a signed-in user: the seed of a test that needs the
 * platform's initial data and a user (who, which flavour, which services run).
 */
export const startedAs = (
  options: { name?: string; admin?: boolean; flavour?: string; services?: ReadonlyArray<string> } = {},
): AppEvent[] => [
  P.StartRequested({ reason: 'boot' }),
  P.InitialDataLoaded({
    version: { version: '7.0.0', revision: '1' },
    microservices: (options.services ?? []).map((name) => ({ name, key: name, enabled: true })),
    footer: footer({ flavour: options.flavour ?? 'platform' }),
    entitlements: [],
  }),
  S.UserDataLoaded({ user: user({ name: options.name ?? 'developer', admin: options.admin ?? false }) }),
  P.StartCompleted({}),
]

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
