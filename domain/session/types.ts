// State of the session area: who is signed in, the login page's settings (spec 000 section 3),
// where a login stands (MFA step, password flows) and the failures of each, as facts.
import type { Failure } from '../shared/failure'

/** The user data of server/API.md (`UserData`). */
declare const safeInternalPath: unique symbol
/**
 * A path that stays on this origin at every level of percent-decoding: only `isSafeInternalPath`
 * (rules.ts) makes one, so a function that takes it cannot be handed an unchecked address.
 */
export type SafeInternalPath = string & { readonly [safeInternalPath]: true }

export interface UserData {
  readonly name: string
  readonly anonymous: boolean
  readonly admin: boolean
  /** 'internal', 'saml', 'ldap', … */
  readonly realm: string
  /** 'ENROLL', 'VERIFY' or anything else (login complete). */
  readonly mfaStatus: string
  readonly firstLogin: boolean
  readonly freeTier: boolean
  readonly hasSeenGettingStarted: boolean
  readonly quickDeployEnabled: boolean
  readonly wizardClosed: boolean
  readonly newOnboarding: boolean
  readonly existsInDB: boolean
  readonly profileUpdatable: boolean
  readonly requireProfilePassword: boolean
  readonly requireProfileUnlock: boolean
  readonly email?: string
  /** The user has the "Project Admin" role in at least one project. */
  readonly projectAdmin?: boolean
}

export interface NameUrl {
  readonly name: string
  readonly url: string
}

export interface OAuthProvider {
  readonly name: string
  readonly type: string
  readonly url: string
  /** Icon name derived from the lower-cased type. */
  readonly icon: string
}

/** Login state of spec 000 section 3 (what the login page needs to know). */
export interface LoginSettings {
  readonly samlLogoutUrl: string
  readonly forgotPassword: boolean
  readonly passwordAutocompleteEnabled: boolean
  readonly rememberMeEnabled: boolean
  readonly ssoProviderLinksSAML: ReadonlyArray<NameUrl>
  /** Plain SSO provider link of login-related data, used for the auto-redirect. */
  readonly ssoProviderLink: string
  readonly realms: ReadonlyArray<{ readonly realm: string; readonly enabled: boolean }>
  readonly samlRegistrationId: string
  readonly oauthProviders: ReadonlyArray<OAuthProvider>
  readonly loginDialogSettingsContent: { readonly content: string; readonly permanent: boolean } | null
  /** 'GOOGLE' once a login asked for a one-time code. */
  readonly mfaAuthenticator: string | null
  readonly loginViewMode: { readonly mode: 'internal' | 'external'; readonly isProvidersHidden: boolean }
  readonly authUserPlugin: boolean
  readonly autoRedirectLogin: boolean
  /** Anonymous read access is allowed by the platform. */
  readonly anonAccessEnabled: boolean
  /** People may create their own account; absent when not. */
  readonly registrationEnabled?: boolean
}

export type SessionStatus =
  /** Nothing known yet (start-up has not fetched user data). */
  | 'unknown'
  | 'anonymous'
  | 'signingIn'
  /** Password accepted; the user must enrol an authenticator. */
  | 'mfaEnroll'
  /** Password accepted; the user must type a one-time code. */
  | 'mfaVerify'
  | 'signedIn'
  | 'signingOut'

/** A form request of the login family and its outcome. */
export type FormState =
  | { readonly status: 'idle' }
  | { readonly status: 'pending' }
  | { readonly status: 'done' }
  | { readonly status: 'failed'; readonly failure: Failure }

/** Operations of the login family that each keep their own form state. */
export type SessionOperation =
  'signIn' | 'otp' | 'forgot' | 'reset' | 'change' | 'register' | 'invitation' | 'cli' | 'signOut'

export interface SessionState {
  readonly status: SessionStatus
  readonly user: UserData | null
  /** The name a login is under way for (MFA steps, change-password after an expired password). */
  readonly pendingUser: string | null
  readonly login: LoginSettings
  readonly loginDataLoaded: boolean
  /** True while a login-family request runs. */
  readonly loading: boolean
  readonly forms: Readonly<Record<SessionOperation, FormState>>
  /** Enrolment data is shown once and never enters the log: only a reference to it is kept. */
  readonly mfaEnrollment:
    | { readonly status: 'idle' | 'loading' }
    | { readonly status: 'ready'; readonly ref: string }
    | { readonly status: 'failed'; readonly failure: Failure }
  /** Reset-password key validation (the key itself never enters state). */
  readonly resetKey:
    | { readonly status: 'idle' | 'validating' }
    | { readonly status: 'valid'; readonly user: string }
    | { readonly status: 'invalid'; readonly failure: Failure }
  readonly invitation:
    | { readonly status: 'idle' | 'checking' }
    | { readonly status: 'valid'; readonly email: string }
    | { readonly status: 'invalid'; readonly failure: Failure }
  /** Saved path after login as read from / written to session storage (raw record, checked by rules on use). */
  readonly savedPath: unknown
  /** Client values a CLI login left in browser storage (the session id itself is never in state). */
  readonly cli: { readonly stored: boolean; readonly clientName: string; readonly registered: boolean }
  /** External target to go to after login (from the login page's redirectTo query). */
  readonly redirectTo: string | null
  /** Periodic refreshes run only while signed in; logout pauses them. */
  readonly refreshesPaused: boolean
  /** The login dialog was dismissed (stored dismissal value present). */
  readonly loginDialogDismissed: boolean
  /** Local flag set on logout so set-me-up reloads its data. */
  readonly setMeUpStale: boolean
  /** The analytics identity in force: whose, for how long (seconds) from when. Never a token. */
  readonly identity: { readonly user: string; readonly expiresIn: number; readonly at: string } | null
  readonly profile: ProfileState
}

/** The /user_profile screen: unlock with the password, changes, and the API key shown once. */
export interface ProfileState {
  /** The server confirmed the password; it keeps the profile unlocked for a while (until `unlockedUntil`). */
  readonly unlocked: boolean
  readonly unlockedUntil: string | null
  readonly unlock: FormState
  readonly update: FormState
  /** The key itself stays in memory outside state: only a reference to it is kept here. */
  readonly apiKey:
    | { readonly status: 'idle' | 'loading' }
    | { readonly status: 'ready'; readonly ref: string }
    | { readonly status: 'failed'; readonly failure: Failure }
}

export const initialProfileState: ProfileState = {
  unlocked: false,
  unlockedUntil: null,
  unlock: { status: 'idle' },
  update: { status: 'idle' },
  apiKey: { status: 'idle' },
}

export const idleForm: FormState = { status: 'idle' }

export const initialLoginSettings: LoginSettings = {
  samlLogoutUrl: '',
  forgotPassword: false,
  passwordAutocompleteEnabled: false,
  rememberMeEnabled: false,
  ssoProviderLinksSAML: [],
  ssoProviderLink: '',
  realms: [],
  samlRegistrationId: '',
  oauthProviders: [],
  loginDialogSettingsContent: null,
  mfaAuthenticator: null,
  loginViewMode: { mode: 'internal', isProvidersHidden: false },
  authUserPlugin: true,
  autoRedirectLogin: false,
  anonAccessEnabled: false,
}

export const initialSessionState: SessionState = {
  status: 'unknown',
  user: null,
  pendingUser: null,
  login: initialLoginSettings,
  loginDataLoaded: false,
  loading: false,
  forms: {
    signIn: idleForm,
    otp: idleForm,
    forgot: idleForm,
    reset: idleForm,
    change: idleForm,
    register: idleForm,
    invitation: idleForm,
    cli: idleForm,
    signOut: idleForm,
  },
  mfaEnrollment: { status: 'idle' },
  resetKey: { status: 'idle' },
  invitation: { status: 'idle' },
  savedPath: null,
  cli: { stored: false, clientName: '', registered: false },
  redirectTo: null,
  refreshesPaused: true,
  loginDialogDismissed: false,
  setMeUpStale: false,
  identity: null,
  profile: initialProfileState,
}

/**
 * `{ ...s, ...changes }`, made as a literal of every key: evolve runs for every event, replay
 * included, and V8 (Node 20) spreads an object of this many keys through its slow path (a new
 * hidden class per copy, several hundred bytes). A key added to SessionState must be added
 * here (the type checks it).
 */
export function sessionWith(s: SessionState, changes: Partial<SessionState>): SessionState {
  const next: { -readonly [K in keyof Required<SessionState>]: SessionState[K] } = {
    status: s.status,
    user: s.user,
    pendingUser: s.pendingUser,
    login: s.login,
    loginDataLoaded: s.loginDataLoaded,
    loading: s.loading,
    forms: s.forms,
    mfaEnrollment: s.mfaEnrollment,
    resetKey: s.resetKey,
    invitation: s.invitation,
    savedPath: s.savedPath,
    cli: s.cli,
    redirectTo: s.redirectTo,
    refreshesPaused: s.refreshesPaused,
    loginDialogDismissed: s.loginDialogDismissed,
    setMeUpStale: s.setMeUpStale,
    identity: s.identity,
    profile: s.profile,
  }
  return Object.assign(next, changes)
}
