/**
 * Effects of the session area: each reacts to a recorded request, calls the platform through
 * `ports.sessionApi`, and records the answer (or the failure) as an event. Secrets are taken
 * from `ports.secrets` by the reference the request carries, used once, and never recorded.
 */
import {
  Observable,
  filter,
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
import { isLeft, right, type Either } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import type { Failure } from '../../domain/shared/failure'
import type { Ports, Result } from '../../adapters/ports'
import * as S from '../../domain/session/events'
import {
  loginDialogRule,
  loginOutcome,
  PATH_AFTER_LOGIN_KEY,
  isSafeInternalPath,
} from '../../domain/session/rules'
import type { UserData } from '../../domain/session/types'
import { EXPIRED_REASON } from '../../domain/session/policies'
import { caused, type Effect, type EffectOutput, type EffectTable } from './types'

export type EventOfType<T extends AppEvent['type']> = Extract<AppEvent, { type: T }>

/** The recorded events of the given types. */
export const ofType =
  <T extends AppEvent['type']>(...types: ReadonlyArray<T>) =>
  (events$: Observable<Envelope<AppEvent>>): Observable<Envelope<EventOfType<T>>> =>
    events$.pipe(
      filter((e): e is Envelope<EventOfType<T>> => (types as ReadonlyArray<string>).includes(e.event.type)),
    )

/**
 * Runs async work for one recorded event; what it emits shares that event's correlation id.
 * A throw is turned into `onError`'s failure event, never an error of the stream.
 */
export function work(
  cause: Envelope<AppEvent>,
  body: (emit: (event: AppEvent) => void) => Promise<void>,
  onError: (failure: Failure) => AppEvent | null,
): Observable<EffectOutput> {
  return new Observable<EffectOutput>((subscriber) => {
    let open = true
    const emit = (event: AppEvent) => {
      if (open) subscriber.next(caused(cause, event))
    }
    body(emit)
      .catch((error: unknown) => {
        const failed = onError({
          kind: 'network',
          message: error instanceof Error ? error.message : String(error),
        })
        if (failed) emit(failed)
      })
      .finally(() => {
        if (open) subscriber.complete()
      })
    return () => {
      open = false
    }
  })
}

/** A reference that no longer holds its secret (reloaded page, double submit). */
export const secretGone = (what: string): Failure => ({
  kind: 'aborted',
  message: `The ${what} is no longer available; please type it again.`,
})

// Storage keys of spec 000 section 3 (CLI) and of the login dialog's dismissal.
export const CLI_KEYS = { session: 'jfClientSession', name: 'jfClientName', code: 'jfClientCode' } as const
export const LOGIN_DIALOG_DISMISSED_KEY = 'loginDialogDismissed'
/** Set on logout so set-me-up reloads its data. */
export const SET_ME_UP_STALE_KEY = 'setMeUpDataStale'

/**
 * Secrets the user is shown (and which must not enter events, the log or storage) wait here in
 * memory, by reference, until they are no longer needed; at most a few are kept.
 */
class ShownOnce<A> {
  private readonly items = new Map<string, A>()
  private seq = 0
  constructor(
    private readonly prefix: string,
    private readonly max: number,
  ) {}
  put(value: A, id: string): string {
    const ref = `${this.prefix}-${++this.seq}-${id}`
    this.items.set(ref, value)
    for (const old of this.items.keys()) if (this.items.size > this.max) this.items.delete(old)
    return ref
  }
  get(ref: string): A | undefined {
    return this.items.get(ref)
  }
  clear(): void {
    this.items.clear()
  }
}

/** Enrolment data (the TOTP secret and its otpauth URL), until the login completes or ends. */
const enrollments = new ShownOnce<{ readonly secret: string; readonly otpauthUrl: string }>('mfa', 4)
/** The API key the profile screen shows, until it is hidden or the user signs out. */
const apiKeys = new ShownOnce<string>('key', 1)

export function enrollmentData(
  ref: string,
): { readonly secret: string; readonly otpauthUrl: string } | undefined {
  return enrollments.get(ref)
}

export function revealedApiKey(ref: string): string | undefined {
  return apiKeys.get(ref)
}

/** Only addresses a browser may be sent to: http(s) URLs, or same-origin paths that stay so. */
export function isLeavableUrl(url: string): boolean {
  if (isSafeInternalPath(url)) return true
  try {
    const parsed = new URL(url)
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      parsed.username === '' &&
      parsed.password === ''
    )
  } catch {
    return false
  }
}

const iconOf = (type: string) => type.toLowerCase().replace(/[^a-z0-9-]/g, '')

const orDefault = <A>(
  result: Result<A>,
  fallback: A,
  part: string,
  failures: Array<{ part: string; failure: Failure }>,
): A => {
  if (isLeft(result)) {
    failures.push({ part, failure: result.left })
    return fallback
  }
  return result.right
}

/**
 * The login page's data: login-related data is required; the other calls fall back to the
 * catalogue's defaults (realms empty, view mode internal, SAML registration id empty).
 */
export async function loadLoginData(ports: Ports): Promise<Either<Failure, S.LoginDataLoadedData>> {
  const api = ports.sessionApi
  const [related, visual, plugins, realms, dialog, samlLogout, samlRegistration, oauth, autoRedirect] =
    await Promise.all([
      api.loginRelatedData(),
      api.visualMode(),
      api.userPlugins(),
      api.realms(),
      api.loginDialog(),
      api.samlLogoutUrl(),
      api.samlRegistrationId(),
      api.oauthProviders(),
      api.autoRedirect(),
    ])
  if (isLeft(related)) return related
  const failures: Array<{ part: string; failure: Failure }> = []
  const mode = orDefault(visual, { loginIsExternal: false, isProvidersHidden: false }, 'visualMode', failures)
  const settings: S.LoginDataLoadedData['settings'] = {
    samlLogoutUrl: orDefault(samlLogout, '', 'samlLogoutUrl', failures),
    forgotPassword: related.right.forgotPassword,
    passwordAutocompleteEnabled: related.right.passwordAutocompleteEnabled,
    rememberMeEnabled: related.right.rememberMeEnabled,
    // Provider addresses are sanitised: a link the browser must not follow is dropped.
    ssoProviderLinksSAML: related.right.samlProviders
      .filter((p) => isLeavableUrl(p.url))
      .map((p) => ({ ...p })),
    ssoProviderLink: isLeavableUrl(related.right.ssoProviderLink) ? related.right.ssoProviderLink : '',
    realms: orDefault(realms, [], 'realms', failures).map((r) => ({ ...r })),
    samlRegistrationId: orDefault(samlRegistration, '', 'samlRegistrationId', failures),
    oauthProviders: orDefault(oauth, [], 'oauthProviders', failures)
      .filter((p) => isLeavableUrl(p.url))
      .map((p) => ({ name: p.name, type: p.type, url: p.url, icon: iconOf(p.type) })),
    loginDialogSettingsContent: orDefault(dialog, null, 'loginDialog', failures),
    loginViewMode: {
      mode: mode.loginIsExternal ? 'external' : 'internal',
      isProvidersHidden: mode.isProvidersHidden,
    },
    authUserPlugin: orDefault(plugins, true, 'userPlugins', failures),
    autoRedirectLogin: orDefault(autoRedirect, false, 'autoRedirect', failures),
    anonAccessEnabled: related.right.anonAccessEnabled,
  }
  return right({ settings, failures })
}

/** A login answer: complete, or the MFA step the user must take first. */
export function loginAnswer(user: UserData, via: S.SignedInVia): AppEvent {
  const outcome = loginOutcome(user.mfaStatus)
  return outcome === 'complete'
    ? S.SignedIn({ user, via })
    : S.MfaRequired({ user: user.name, step: outcome })
}

type Api = Ports['sessionApi']

/** One request event → one call → its success or failure event. */
export function request<T extends AppEvent['type']>(
  type: T,
  call: (event: EventOfType<T>, ports: Ports, api: Api) => Promise<AppEvent>,
  failed: (failure: Failure, event: EventOfType<T>) => AppEvent,
): Effect {
  return (events$, _state$, ports) =>
    events$.pipe(
      ofType(type),
      mergeMap((env) =>
        work(
          env,
          async (emit) => emit(await call(env.event, ports, ports.sessionApi)),
          (failure) => failed(failure, env.event),
        ),
      ),
    )
}

/** Takes the secrets a request refers to; undefined when one is gone. */
export function take(ports: Ports, ...refs: ReadonlyArray<string>): string[] | undefined {
  const values = refs.map((ref) => ports.secrets.take(ref))
  return values.every((v): v is string => v !== undefined) ? values : undefined
}

const loginData = request(
  'session/LoginDataRequested',
  async (_e, ports) => {
    const loaded = await loadLoginData(ports)
    return isLeft(loaded) ? S.LoginDataFailed({ failure: loaded.left }) : S.LoginDataLoaded(loaded.right)
  },
  (failure) => S.LoginDataFailed({ failure }),
)

const signIn = request(
  'session/SignInRequested',
  async (e, ports, api) => {
    const [password] = take(ports, e.data.passwordRef) ?? []
    if (password === undefined) return S.SignInFailed({ user: e.data.user, failure: secretGone('password') })
    const answer = await api.login({ user: e.data.user, password, rememberMe: e.data.rememberMe })
    return isLeft(answer)
      ? S.SignInFailed({ user: e.data.user, failure: answer.left })
      : loginAnswer(answer.right, 'password')
  },
  (failure, e) => S.SignInFailed({ user: e.data.user, failure }),
)

const mfaEnrollment = request(
  'session/MfaEnrollmentRequested',
  async (_e, ports, api) => {
    const answer = await api.mfaEnrollment()
    if (isLeft(answer)) return S.MfaEnrollmentFailed({ failure: answer.left })
    return S.MfaEnrollmentLoaded({ ref: enrollments.put(answer.right, ports.ids.next()) })
  },
  (failure) => S.MfaEnrollmentFailed({ failure }),
)

const verifyOtp = request(
  'session/OtpSubmitted',
  async (e, ports, api) => {
    const [otp] = take(ports, e.data.otpRef) ?? []
    if (otp === undefined) return S.OtpFailed({ failure: secretGone('code') })
    const answer = await api.verifyOtp(otp)
    return isLeft(answer)
      ? S.OtpFailed({ failure: answer.left })
      : S.SignedIn({ user: answer.right, via: 'otp' })
  },
  (failure) => S.OtpFailed({ failure }),
)

/** The platform's OpenID Connect sign-out: it redirects on to the provider's end-session endpoint. */
export const OIDC_LOGOUT_PATH = '/ui/api/v1/ui/auth/sso/oidc/logout'

/**
 * Logout: the server session ends; a SAML session then leaves for the SAML logout address, an
 * OpenID Connect (realm oauth) session for the provider's sign-out.
 */
const signOut: Effect = (events$, state$, ports) =>
  events$.pipe(
    ofType('session/SignOutRequested'),
    mergeMap((env) => {
      const { user, login } = state$.value.session
      const providerLogout =
        user?.realm === 'saml' && login.samlLogoutUrl !== '' && isLeavableUrl(login.samlLogoutUrl)
          ? login.samlLogoutUrl
          : user?.realm === 'oauth'
            ? OIDC_LOGOUT_PATH
            : undefined
      return work(
        env,
        async (emit) => {
          // The local session ends whatever the server answers: the user asked to leave.
          await ports.sessionApi.logout()
          if (env.event.data.reason === 'logout') ports.localStore.set(SET_ME_UP_STALE_KEY, 'true')
          enrollments.clear()
          apiKeys.clear()
          emit(S.SignedOut({ reason: providerLogout !== undefined ? 'sso' : env.event.data.reason }))
          if (providerLogout !== undefined) ports.history.assign(providerLogout)
        },
        () => S.SignedOut({ reason: env.event.data.reason }),
      )
    }),
  )

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

const registerCli = request(
  'session/CliRegistrationRequested',
  async (_e, ports, api) => {
    const session = ports.sessionStore.get(CLI_KEYS.session)
    if (!session)
      return S.CliRegistrationFailed({ failure: { kind: 'aborted', message: 'No CLI login is waiting.' } })
    const answer = await api.registerCliSession({
      session,
      clientName: ports.sessionStore.get(CLI_KEYS.name) ?? '',
    })
    if (isLeft(answer)) return S.CliRegistrationFailed({ failure: answer.left })
    // The CLI fetches its token with the code; the browser keeps nothing of it.
    for (const key of Object.values(CLI_KEYS)) ports.sessionStore.remove(key)
    return S.CliSessionRegistered({})
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
const loginDialog: Effect = (events$, state$, ports) =>
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
      return state$.value.session.loginDialogDismissed
        ? [caused(env, S.LoginDialogDismissalRestored({ dismissed: false }))]
        : EMPTY
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
      return work(
        env,
        async (emit) => {
          await ports.sessionApi.logout()
          emit(S.SignedOut({ reason: 'sso' }))
          ports.history.assign(event.data.url)
        },
        () => null,
      )
    }),
  )

/**
 * The idle-session check: asks the server who this session belongs to. Another user or the
 * anonymous user means the server ended the session (an admin changed the password, the cookie
 * expired): session data is cleared and the sign-out's policy keeps the path for after login.
 * A check already under way absorbs new requests (navigation and activity may both ask).
 */
const checkSession: Effect = (events$, state$, ports) =>
  events$.pipe(
    ofType('navigation/SessionCheckRequested', 'session/RefreshDue'),
    exhaustMap((env) => {
      const before = state$.value.session
      if (before.status !== 'signedIn' || before.user === null) return EMPTY
      const name = before.user.name
      return work(
        env,
        async (emit) => {
          const answer = await ports.sessionApi.current()
          if (isLeft(answer)) return emit(S.SessionCheckFailed({ failure: answer.left }))
          const now = state$.value.session
          // The user signed out (or in as someone else) meanwhile: nothing left to check.
          if (now.status !== 'signedIn' || now.user?.name !== name) return
          if (answer.right.anonymous || answer.right.name !== name)
            emit(S.SignedOut({ reason: EXPIRED_REASON }))
          else emit(S.SessionConfirmed({ user: answer.right }))
        },
        (failure) => S.SessionCheckFailed({ failure }),
      )
    }),
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
      paused ? EMPTY : interval(SESSION_REFRESH_MS, ports.scheduler).pipe(map(() => S.RefreshDue({}))),
    ),
  )

/** After a completed login the analytics identity is set; only its lifetime is recorded. */
const identify = request(
  'session/SignedIn',
  async (e, ports, api) => {
    const answer = await api.identify(e.data.user.name)
    return isLeft(answer)
      ? S.IdentityFailed({ failure: answer.left })
      : S.IdentitySet({
          user: e.data.user.name,
          expiresIn: answer.right.expiresIn,
          at: new Date(ports.clock.now()).toISOString(),
        })
  },
  (failure) => S.IdentityFailed({ failure }),
)

/** The API key after re-authentication: kept in memory by reference, shown once, then dropped. */
const revealApiKey: Effect = (events$, state$, ports) =>
  events$.pipe(
    ofType('session/ApiKeyRequested', 'session/ApiKeyHidden'),
    mergeMap((env) => {
      apiKeys.clear()
      if (env.event.type === 'session/ApiKeyHidden') return EMPTY
      const { passwordRef } = env.event.data
      const name = state$.value.session.user?.name ?? ''
      return work(
        env,
        async (emit) => {
          const [password] = take(ports, passwordRef) ?? []
          if (password === undefined) return emit(S.ApiKeyFailed({ failure: secretGone('password') }))
          const answer = await ports.sessionApi.apiKey(name, password)
          emit(
            isLeft(answer)
              ? S.ApiKeyFailed({ failure: answer.left })
              : S.ApiKeyRevealed({ ref: apiKeys.put(answer.right, ports.ids.next()) }),
          )
        },
        (failure) => S.ApiKeyFailed({ failure }),
      )
    }),
  )

/** Enrolment data is dropped as soon as the login completes; any shown key when a session ends. */
const forgetEnrollment: Effect = (events$) =>
  events$.pipe(
    ofType('session/SignedIn', 'session/SignedOut'),
    tap((env) => {
      enrollments.clear()
      if (env.event.type === 'session/SignedOut') apiKeys.clear()
    }),
    ignoreElements(),
  )

export const sessionEffects: EffectTable = {
  loginData,
  signIn,
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
  revealApiKey,
}
