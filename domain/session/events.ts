import * as t from 'io-ts'
import { defineEvent, movesRecordedTime, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import type { accountSessionEvents } from './accountEvents'
import { FailureData, UserDataC } from './eventData'
import { isSafeInternalPath, SafeInternalPathC } from './rules'

export { UserDataC }

const NameUrlC = t.type({ name: t.string, url: t.string })

/** Everything the login page shows, as loaded (mfaAuthenticator is set by a login, not loaded). */
export const LoadedLoginSettingsC = t.intersection([
  t.type({
    samlLogoutUrl: t.string,
    forgotPassword: t.boolean,
    passwordAutocompleteEnabled: t.boolean,
    rememberMeEnabled: t.boolean,
    ssoProviderLinksSAML: t.array(NameUrlC),
    ssoProviderLink: t.string,
    realms: t.array(t.type({ realm: t.string, enabled: t.boolean })),
    samlRegistrationId: t.string,
    oauthProviders: t.array(t.type({ name: t.string, type: t.string, url: t.string, icon: t.string })),
    loginDialogSettingsContent: t.union([t.type({ content: t.string, permanent: t.boolean }), t.null]),
    loginViewMode: t.type({
      mode: t.keyof({ internal: null, external: null }),
      isProvidersHidden: t.boolean,
    }),
    authUserPlugin: t.boolean,
    autoRedirectLogin: t.boolean,
    anonAccessEnabled: t.boolean,
  }),
  // Absent in logs recorded before the platform said it (registration then counted as off).
  t.partial({ registrationEnabled: t.boolean }),
])

const PartFailureC = t.type({ part: t.string, failure: Failure })

// Secrets never enter events: request events carry only the vault references the UI got from
// `app.stashSecret`, which the effect takes (once) from `ports.secrets`.

// Login page data. Failed side calls fall back to the catalogue's defaults and are listed.
export const LoginDataRequested = defineEvent('session/LoginDataRequested', t.type({}))
export const LoginDataLoaded = defineEvent(
  'session/LoginDataLoaded',
  t.type({ settings: LoadedLoginSettingsC, failures: t.array(PartFailureC) }),
)
export const LoginDataFailed = defineEvent('session/LoginDataFailed', FailureData)
export type LoginDataLoadedData = t.TypeOf<typeof LoginDataLoaded.codec>['data']
export const UserDataLoaded = defineEvent('session/UserDataLoaded', t.type({ user: UserDataC }))
export const SamlLogoutUrlLoaded = defineEvent('session/SamlLogoutUrlLoaded', t.type({ logoutUrl: t.string }))

// Signing in.
export const SignInRequested = defineEvent(
  'session/SignInRequested',
  t.intersection([
    t.type({
      user: t.string,
      rememberMe: t.boolean,
      redirectTo: t.union([t.string, t.null]),
      passwordRef: t.string,
    }),
    // Set when the platform names its access service: the sign-in goes through the access login.
    t.partial({ service: t.literal('access') }),
  ]),
)
export const SignInFailed = defineEvent('session/SignInFailed', t.type({ user: t.string, failure: Failure }))
const SsoLoginKindC = t.keyof({ crowd: null, http: null })
/** A sign-in through Crowd's SSO cookie or a trusted proxy's header was asked for. */
export const SsoSignInRequested = defineEvent('session/SsoSignInRequested', t.type({ kind: SsoLoginKindC }))
/** The platform signed nobody in that way; the failure's code says why. */
export const SsoSignInFailed = defineEvent(
  'session/SsoSignInFailed',
  t.type({ kind: SsoLoginKindC, failure: Failure }),
)
/** The user moved on from a failed login (edited or resubmitted the form): its failure is no longer shown. */
export const SignInFailureDismissed = defineEvent('session/SignInFailureDismissed', t.type({}))
export const MfaRequired = defineEvent(
  'session/MfaRequired',
  t.type({ user: t.string, step: t.keyof({ enroll: null, verify: null }) }),
)
const SignedInViaC = t.keyof({
  password: null,
  otp: null,
  reset: null,
  change: null,
  register: null,
  invitation: null,
  sso: null,
})
export type SignedInVia = t.TypeOf<typeof SignedInViaC>
/** Login complete: `via` says which flow completed it. */
export const SignedIn = defineEvent('session/SignedIn', t.type({ user: UserDataC, via: SignedInViaC }))
/** Set on the MFA steps of a sign-in through the access login: the access service takes them. */
const AccessService = t.partial({ service: t.literal('access') })
export const MfaEnrollmentRequested = defineEvent('session/MfaEnrollmentRequested', AccessService)
/** The enrolment secret is shown once from memory; only a reference to it is recorded. */
export const MfaEnrollmentLoaded = defineEvent('session/MfaEnrollmentLoaded', t.type({ ref: t.string }))
export const MfaEnrollmentFailed = defineEvent('session/MfaEnrollmentFailed', FailureData)
export const OtpSubmitted = defineEvent(
  'session/OtpSubmitted',
  t.intersection([t.type({ otpRef: t.string }), AccessService]),
)
/** `service: 'access'`: the access service refused the code (its 403 does not end the login). */
export const OtpFailed = defineEvent('session/OtpFailed', t.intersection([FailureData, AccessService]))

// Signing out.
/**
 * `providerLogout`: where the browser goes once the server session ended, to sign out of the
 * identity provider the session came from (a SAML logout address or the OIDC logout path), or
 * null. v1 did not say (its effect read the user and login data from the state): its effects ran
 * when it was written, and replay runs none.
 */
export const SignOutRequested = defineEvent(
  'session/SignOutRequested',
  t.type({ reason: t.string, providerLogout: t.union([t.string, t.null]) }),
  { v: 2, upcasters: { 1: (data) => ({ ...(data as Record<string, unknown>), providerLogout: null }) } },
)
export const SignedOut = defineEvent('session/SignedOut', t.type({ reason: t.string }))

// CLI login: the client values live in browser storage; state only knows they are there.
export const CliSessionStored = defineEvent(
  'session/CliSessionStored',
  t.type({ clientName: t.string, sessionRef: t.string, codeRef: t.union([t.string, t.null]) }),
)
export const CliSessionRestored = defineEvent(
  'session/CliSessionRestored',
  t.type({ stored: t.boolean, clientName: t.string }),
)
export const CliRegistrationRequested = defineEvent('session/CliRegistrationRequested', t.type({}))
export const CliSessionRegistered = defineEvent('session/CliSessionRegistered', t.type({}))
export const CliRegistrationFailed = defineEvent('session/CliRegistrationFailed', FailureData)

// Saved path after login (session storage key path_after_login).
export const PathAfterLoginSaved = defineEvent(
  'session/PathAfterLoginSaved',
  t.type({ pathAfterLogin: t.string, expiration: t.number }),
)
export const PathAfterLoginRestored = defineEvent(
  'session/PathAfterLoginRestored',
  t.type({ record: t.unknown }),
)
/**
 * Where a completed login led: `path` is a `SafeInternalPath` without the /ui base for 'internal'
 * and 'saved', same-origin for 'external'; the landing has none (''). v2 decodes the path with the
 * safe-redirect rule; v1 lines whose path lost the rule with the base (`/ui//x` → `//x`) read as '/'.
 */
export const RedirectedAfterLogin = defineEvent(
  'session/RedirectedAfterLogin',
  t.union([
    t.type({ target: t.literal('landing'), path: t.literal('') }),
    t.type({ target: t.keyof({ external: null, internal: null, saved: null }), path: SafeInternalPathC }),
  ]),
  {
    v: 2,
    upcasters: {
      1: (data) => {
        const d = data as { target?: unknown; path?: unknown }
        return d.target !== 'landing' && typeof d.path === 'string' && !isSafeInternalPath(d.path)
          ? { ...d, path: '/' }
          : d
      },
    },
  },
)
export const PathAfterLoginCleared = defineEvent('session/PathAfterLoginCleared', t.type({}))

// Login dialog and SSO.
export const LoginDialogDismissed = defineEvent('session/LoginDialogDismissed', t.type({}))
export const LoginDialogDismissalRestored = defineEvent(
  'session/LoginDialogDismissalRestored',
  t.type({ dismissed: t.boolean }),
)
/** The browser leaves for an SSO provider (or the SAML logout address). */
export const SsoRedirectRequested = defineEvent(
  'session/SsoRedirectRequested',
  t.type({ url: t.string, signOutFirst: t.boolean }),
)

// The idle-session check (spec 000 section 4): the request is `navigation/SessionCheckRequested`.
/** The server still knows the session: its current user data is recorded. */
export const SessionConfirmed = defineEvent('session/SessionConfirmed', t.type({ user: UserDataC }))
/** The check could not reach the server: nothing changes (the next activity checks again). */
export const SessionCheckFailed = defineEvent('session/SessionCheckFailed', FailureData)

// Identity tracking (analytics identity): set after a completed login, reset on logout (not in
// the tour). Only the user and the lifetime are facts here; no token is ever recorded.
/** Set at its envelope's time; v1 carried that time as `at`, kept as `recordedAt` (movesRecordedTime). */
export const IdentitySet = defineEvent(
  'session/IdentitySet',
  t.intersection([t.type({ user: t.string, expiresIn: t.number }), t.partial({ recordedAt: t.string })]),
  { v: 2, upcasters: { 1: movesRecordedTime('at', 'recordedAt') } },
)
export const IdentityFailed = defineEvent('session/IdentityFailed', FailureData)
export const IdentityReset = defineEvent('session/IdentityReset', t.type({}))
/**
 * Periodic refresh of `user`'s session while refreshes run (paused on logout). v1 had no user
 * and was recorded signed in or not (its effect looked); replay runs no effects.
 */
export const RefreshDue = defineEvent('session/RefreshDue', t.type({ user: t.string }), {
  v: 2,
  upcasters: { 1: (data) => ({ ...(data as Record<string, unknown>), user: '' }) },
})

/** The events of the login page's part of the area (loginDecider.ts). */
export const loginSessionEvents = [
  LoginDataRequested,
  LoginDataLoaded,
  LoginDataFailed,
  UserDataLoaded,
  SamlLogoutUrlLoaded,
  SignInRequested,
  SignInFailed,
  SsoSignInRequested,
  SsoSignInFailed,
  SignInFailureDismissed,
  MfaRequired,
  SignedIn,
  MfaEnrollmentRequested,
  MfaEnrollmentLoaded,
  MfaEnrollmentFailed,
  OtpSubmitted,
  OtpFailed,
  SignOutRequested,
  SignedOut,
  CliSessionStored,
  CliSessionRestored,
  CliRegistrationRequested,
  CliSessionRegistered,
  CliRegistrationFailed,
  PathAfterLoginSaved,
  PathAfterLoginRestored,
  PathAfterLoginCleared,
  RedirectedAfterLogin,
  LoginDialogDismissed,
  LoginDialogDismissalRestored,
  SsoRedirectRequested,
  SessionConfirmed,
  SessionCheckFailed,
  IdentitySet,
  IdentityFailed,
  IdentityReset,
  RefreshDue,
] as const

/** Every event of the session area: the login page's and the account screens' (accountEvents.ts). */
export type SessionEvent = EventOf<
  (typeof loginSessionEvents)[number] | (typeof accountSessionEvents)[number]
>
