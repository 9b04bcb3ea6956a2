/**
 * Effects of the session area: each reacts to a recorded request, calls the platform through
 * `ports.sessionApi`, and records the answer (or the failure) as an event. Secrets are taken
 * from `ports.secrets` by the reference the request carries, used once, and never recorded.
 */
import {
  mergeMap,
  exhaustMap,
  EMPTY,
  tap,
  ignoreElements,
  defer,
  from,
  map,
  distinctUntilChanged,
  switchMap,
  interval,
} from 'rxjs'
import type { AppEvent } from '../../domain/app'
import type { Failure, SecretName } from '../../domain/shared/failure'
import type { Ports } from '../../adapters/ports'
import * as S from '../../domain/session/events'
import {
  loginDialogRule,
  loginOutcome,
  PATH_AFTER_LOGIN_KEY,
  isSafeInternalPath,
} from '../../domain/session/rules'
import type { UserData } from '../../domain/session/types'
import { asked, askedUncaused, type Effect, type EffectTable } from './types'
import { ofType, portCall, request, requests } from './operators'
import { loadLoginData } from './loginData'
import { isLeavableUrl } from '../../domain/session/loginSettings'

/** A reference that no longer holds its secret (reloaded page, double submit): a key the view words. */
export const secretGone = (secret: SecretName): Failure => ({
  kind: 'aborted',
  message: '',
  secretGone: secret,
})

// Storage keys of spec 000 section 3 (CLI) and of the login dialog's dismissal.
export const CLI_KEYS = { session: 'jfClientSession', name: 'jfClientName', code: 'jfClientCode' } as const
export const LOGIN_DIALOG_DISMISSED_KEY = 'loginDialogDismissed'
/** Set on logout so set-me-up reloads its data. */
export const SET_ME_UP_STALE_KEY = 'setMeUpDataStale'

/** A login answer: complete, or the MFA step the user must take first. */
export function loginAnswer(user: UserData, via: S.SignedInVia): AppEvent {
  const outcome = loginOutcome(user.mfaStatus)
  return outcome === 'complete'
    ? S.SignedIn({ user, via })
    : S.MfaRequired({ user: user.name, step: outcome })
}

/** Takes the secrets a request refers to; undefined when one is gone. */
export function take(ports: Ports, ...refs: ReadonlyArray<string>): string[] | undefined {
  const values = refs.map((ref) => ports.secrets.take(ref))
  return values.every((v): v is string => v !== undefined) ? values : undefined
}

const loginData = requests(
  'session/LoginDataRequested',
  (_e, ports) =>
    portCall(
      () => loadLoginData(ports),
      (data) => S.LoginDataLoaded(data),
    ),
  (failure) => S.LoginDataFailed({ failure }),
)

const signIn = requests(
  'session/SignInRequested',
  (e, ports) => {
    const [password] = take(ports, e.data.passwordRef) ?? []
    if (password === undefined) return secretGone('password')
    const input = { user: e.data.user, password, rememberMe: e.data.rememberMe }
    const api = ports.sessionApi
    return portCall(
      () => (e.data.service === 'access' ? api.accessLogin(input) : api.login(input)),
      (user) => loginAnswer(user, 'password'),
    )
  },
  (failure, e) => S.SignInFailed({ user: e.data.user, failure }),
)

const ssoSignIn = requests(
  'session/SsoSignInRequested',
  (e, ports) =>
    portCall(
      () => ports.sessionApi.ssoLogin(e.data.kind),
      (user) => loginAnswer(user, 'sso'),
    ),
  (failure, e) => S.SsoSignInFailed({ kind: e.data.kind, failure }),
)

const mfaEnrollment = requests(
  'session/MfaEnrollmentRequested',
  (e, ports) =>
    portCall(
      () => ports.sessionApi.mfaEnrollment(e.data.service),
      (enrollment) => S.MfaEnrollmentLoaded({ ref: ports.shown.enrollments.put(enrollment) }),
    ),
  (failure) => S.MfaEnrollmentFailed({ failure }),
)

/** A refusal names the service that refused, as the request named it. */
const sameService = (asked: { readonly service?: 'access' }) =>
  asked.service === undefined ? {} : { service: asked.service }

const verifyOtp = requests(
  'session/OtpSubmitted',
  (e, ports) => {
    const [otp] = take(ports, e.data.otpRef) ?? []
    if (otp === undefined) return secretGone('code')
    return portCall(
      () => ports.sessionApi.verifyOtp(otp, e.data.service),
      (user) => S.SignedIn({ user, via: 'otp' }),
    )
  },
  (failure, e) => S.OtpFailed({ failure, ...sameService(e.data) }),
)

/**
 * Logout: the server session ends, then the provider's sign-out when the session came from one.
 * The local session ends whatever the server answers (or a failure): the user asked to leave.
 */
const signOut: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('session/SignOutRequested'),
    mergeMap((env) => {
      const { providerLogout, reason } = env.event.data
      const signedOut = () => {
        if (reason === 'logout') ports.localStore.set(SET_ME_UP_STALE_KEY, 'true')
        return S.SignedOut({ reason: providerLogout !== null ? 'sso' : reason })
      }
      return request(env, () => ports.sessionApi.logout(), { done: signedOut, failed: signedOut }).pipe(
        leaveOnceRecorded(ports, providerLogout),
      )
    }),
  )

/** A full-page departure once what the call was recorded as has gone to the bus. */
const leaveOnceRecorded = <T>(ports: Ports, url: string | null) =>
  tap<T>({
    complete: () => {
      if (url !== null) ports.history.assign(url)
    },
  })

/** The CLI's values go to session storage (spec 000 section 3), never into events. */
const storeCliSession: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('session/CliSessionStored'),
    tap((env) => {
      const session = ports.secrets.take(env.event.data.sessionRef)
      const code = env.event.data.codeRef === null ? undefined : ports.secrets.take(env.event.data.codeRef)
      if (session !== undefined) ports.sessionStore.set(CLI_KEYS.session, session)
      ports.sessionStore.set(CLI_KEYS.name, env.event.data.clientName)
      if (code !== undefined) ports.sessionStore.set(CLI_KEYS.code, code)
    }),
    ignoreElements(),
  )

const NO_CLI_LOGIN: Failure = { kind: 'aborted', message: 'No CLI login is waiting.' }

const registerCli = requests(
  'session/CliRegistrationRequested',
  (_e, ports) => {
    const session = ports.sessionStore.get(CLI_KEYS.session)
    if (!session) return NO_CLI_LOGIN
    // The CLI finishes with the code it sent (spec 000: the three stored values), so it goes along.
    const code = ports.sessionStore.get(CLI_KEYS.code) ?? ''
    return portCall(
      () =>
        ports.sessionApi.registerCliSession({
          session,
          clientName: ports.sessionStore.get(CLI_KEYS.name) ?? '',
          ...(code === '' ? {} : { code }),
        }),
      () => {
        // The CLI fetches its token with the code; the browser keeps nothing of it.
        for (const key of Object.values(CLI_KEYS)) ports.sessionStore.remove(key)
        return S.CliSessionRegistered({})
      },
    )
  },
  (failure) => S.CliRegistrationFailed({ failure }),
)

/** Session storage of the saved path after login follows the recorded facts. */
const pathStorage: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('session/PathAfterLoginSaved', 'session/PathAfterLoginCleared', 'session/RedirectedAfterLogin'),
    tap((env) => {
      const event = env.event
      if (event.type === 'session/PathAfterLoginSaved')
        ports.sessionStore.set(PATH_AFTER_LOGIN_KEY, JSON.stringify(event.data))
      else if (event.type === 'session/PathAfterLoginCleared' || event.data.target === 'saved')
        ports.sessionStore.remove(PATH_AFTER_LOGIN_KEY)
    }),
    ignoreElements(),
  )

/**
 * What earlier visits left in browser storage, read once as the app comes up. Only what is
 * there is recorded: the initial state already stands for "nothing stored".
 */
const restore: Effect = (_events$, _state$, ports) =>
  defer(() => {
    const events: AppEvent[] = []
    const raw = ports.sessionStore.get(PATH_AFTER_LOGIN_KEY)
    if (raw !== null) {
      let record: unknown = null
      try {
        record = JSON.parse(raw) as unknown
      } catch {
        record = null
      }
      events.push(S.PathAfterLoginRestored({ record }))
    }
    if ((ports.sessionStore.get(CLI_KEYS.session) ?? '') !== '')
      events.push(
        S.CliSessionRestored({ stored: true, clientName: ports.sessionStore.get(CLI_KEYS.name) ?? '' }),
      )
    if (ports.localStore.get(LOGIN_DIALOG_DISMISSED_KEY) !== null)
      events.push(S.LoginDialogDismissalRestored({ dismissed: true }))
    return from(events)
  })

/** A permanent login dialog clears an earlier dismissal; a dismissal is remembered. */
const loginDialog: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('session/LoginDialogDismissed', 'session/LoginDataLoaded'),
    mergeMap((env) => {
      if (env.event.type === 'session/LoginDialogDismissed') {
        ports.localStore.set(LOGIN_DIALOG_DISMISSED_KEY, 'true')
        return EMPTY
      }
      const dialog = env.event.data.settings.loginDialogSettingsContent
      const rule = loginDialogRule({
        storedDismissal: ports.localStore.get(LOGIN_DIALOG_DISMISSED_KEY),
        permanent: dialog?.permanent === true,
      })
      if (!rule.clearStoredDismissal) return EMPTY
      ports.localStore.remove(LOGIN_DIALOG_DISMISSED_KEY)
      return [asked(env, { type: 'session/ForgetLoginDialogDismissal' })]
    }),
  )

/** Full-page departures: SSO providers (after logout when the platform asks) and external targets. */
const leave: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('session/SsoRedirectRequested', 'session/RedirectedAfterLogin'),
    mergeMap((env) => {
      const event = env.event
      if (event.type === 'session/RedirectedAfterLogin') {
        if (event.data.target === 'external' && isSafeInternalPath(event.data.path))
          ports.history.assign(event.data.path)
        return EMPTY
      }
      if (!isLeavableUrl(event.data.url)) return EMPTY
      if (!event.data.signOutFirst) {
        ports.history.assign(event.data.url)
        return EMPTY
      }
      // The provider's page is next whatever the server answers: the local session ends.
      const signedOut = () => S.SignedOut({ reason: 'sso' })
      return request(env, () => ports.sessionApi.logout(), { done: signedOut, failed: signedOut }).pipe(
        leaveOnceRecorded(ports, event.data.url),
      )
    }),
  )

/**
 * The idle-session check: asks the server who the session of the checked user belongs to, and
 * hands the answer to the session's decider (another user or the anonymous user means the
 * server ended it: session data is cleared and the sign-out's policy keeps the path for after
 * login). A check already under way absorbs new requests (navigation and activity may both ask).
 */
const checkSession: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('navigation/SessionCheckRequested', 'session/RefreshDue'),
    exhaustMap((env) =>
      request(env, () => ports.sessionApi.current(), {
        done: (answer) =>
          asked(env, { type: 'session/ConcludeSessionCheck', user: env.event.data.user, answer }),
        failed: (failure) => S.SessionCheckFailed({ failure }),
      }),
    ),
  )

/** How often the session is refreshed while refreshes run (signed in; logout pauses them). */
export const SESSION_REFRESH_MS = 5 * 60 * 1000

/**
 * Periodic refreshes: while the session's refreshes are not paused, the session is refreshed
 * every SESSION_REFRESH_MS (its user data, or the discovery that the server ended it).
 */
const periodicRefresh: Effect = (_events$, state$, ports) =>
  state$.pipe(
    map((state) => state.session.refreshesPaused),
    distinctUntilChanged(),
    switchMap((paused) =>
      paused
        ? EMPTY
        : interval(SESSION_REFRESH_MS, ports.scheduler).pipe(
            map(() => askedUncaused({ type: 'session/RefreshSession' })),
          ),
    ),
  )

/** After a completed login the analytics identity is set; only its lifetime is recorded. */
const identify = requests(
  'session/SignedIn',
  (e, ports) =>
    portCall(
      () => ports.sessionApi.identify(e.data.user.name),
      (identity) => S.IdentitySet({ user: e.data.user.name, expiresIn: identity.expiresIn }),
    ),
  (failure) => S.IdentityFailed({ failure }),
)

/**
 * Enrolment data is dropped as soon as the login completes; any shown key, and a support
 * bundle's session held for replay, when a session ends (here, since the support bundles'
 * effects load with that area's first event and would not see a sign-out before it).
 */
const forgetEnrollment: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('session/SignedIn', 'session/SignedOut'),
    tap((env) => {
      ports.shown.enrollments.clear()
      if (env.event.type === 'session/SignedOut') {
        ports.shown.apiKeys.clear()
        ports.shown.clientTokens.clear()
        ports.shown.sessions.clear()
      }
    }),
    ignoreElements(),
  )

export const sessionEffects: EffectTable = {
  loginData,
  signIn,
  ssoSignIn,
  mfaEnrollment,
  verifyOtp,
  signOut,
  storeCliSession,
  registerCli,
  pathStorage,
  restore,
  loginDialog,
  leave,
  forgetEnrollment,
  checkSession,
  periodicRefresh,
  identify,
}
