/**
 * The session area as the login page needs it: every command but the account screens' (password
 * reset and change, registration, invitations, profile, API key), and every event but those
 * only those commands lead to. The browser loads the rest (accountDecider.ts) with the first
 * account command (commands/browserApp.ts); the whole area (decider.ts) is both.
 */
import { left, right, type Either } from 'fp-ts/Either'
import { isSome } from 'fp-ts/Option'
import { epochMs, type CommandMeta, type EventMeta, type SliceArea } from '../shared/area'
import type { SessionCommand } from './commands'
import * as E from './events'
import { SessionCheckRequested } from '../navigation/events'
import { SESSION_IDLE_LIMIT_MS, savePathAfterLogin } from './rules'
import { redirectAfterLogin, savedPathForSso, ssoUrlWithTarget } from './redirect'
import { autoRedirectTarget } from './loginGuard'
import { EXPIRED_REASON, sessionPolicies } from './policies'
import {
  initialProfileState,
  initialSessionState,
  sessionWith,
  type FormState,
  type SessionOperation,
  type SessionState,
} from './types'
import { sessionCommandCodecs } from './commandCodecs.gen'
import { providerSignOutOf, sessionCheckOutcome } from './sessionEnd'
import {
  sessionContextOf,
  type SessionAreaEvent,
  type SessionAsked,
  type SessionContext,
  type SessionContextSlices,
} from './context'

/** The account screens' commands: decided once the rest of the area has loaded. */
export const ACCOUNT_COMMANDS = new Set([
  'session/RequestPasswordReset',
  'session/ValidateResetKey',
  'session/ResetPassword',
  'session/ChangePassword',
  'session/Register',
  'session/CheckInvitation',
  'session/AcceptInvitation',
  'session/UnlockProfile',
  'session/UpdateProfile',
  'session/RevealApiKey',
  'session/HideApiKey',
] as const)

type AccountCommandType = typeof ACCOUNT_COMMANDS extends ReadonlySet<infer T> ? T : never
export type AccountCommand = Extract<SessionCommand, { readonly type: AccountCommandType }>
export type LoginCommand = Exclude<SessionCommand, AccountCommand>

export const isAccountCommand = (command: SessionCommand): command is AccountCommand =>
  (ACCOUNT_COMMANDS as ReadonlySet<string>).has(command.type)

export type Decision = Either<string, ReadonlyArray<SessionAreaEvent>>

/** A rejection's reason when a field is blank (for the log, not the screen): the field and the key. */
export const mandatory = (value: string, field: string): string | null =>
  value.trim() === '' ? `${field}: mandatory` : null

export function busyWith(state: SessionState, operation: SessionOperation): boolean {
  return state.forms[operation].status === 'pending'
}

/** A sign-in and its MFA steps go through the access service where the platform names one. */
const viaAccess = (context: SessionContext): { readonly service?: 'access' } =>
  context.accessLogin ? { service: 'access' } : {}

export function decideLogin(
  command: LoginCommand,
  state: SessionState,
  context: SessionContext,
  meta: CommandMeta,
): Decision {
  switch (command.type) {
    case 'session/LoadLoginData':
      return right([E.LoginDataRequested({})])
    case 'session/SignIn': {
      const problem = mandatory(command.user, 'user') ?? mandatory(command.passwordRef, 'password')
      if (problem) return left(problem)
      if (busyWith(state, 'signIn')) return left('a login is already under way')
      return right([
        E.SignInRequested({
          user: command.user.trim(),
          rememberMe: command.rememberMe,
          redirectTo: command.redirectTo ?? null,
          passwordRef: command.passwordRef,
          ...viaAccess(context),
        }),
      ])
    }
    case 'session/SignInWithSso':
      if (state.status === 'signedIn') return left('already signed in')
      if (busyWith(state, 'signIn')) return left('a login is already under way')
      return right([E.SsoSignInRequested({ kind: command.kind })])
    case 'session/DismissSignInFailure':
      return state.forms.signIn.status === 'failed'
        ? right([E.SignInFailureDismissed({})])
        : left('no failed login')
    case 'session/LoadMfaEnrollment':
      if (state.status !== 'mfaEnroll') return left('no login is waiting for an authenticator enrolment')
      if (state.mfaEnrollment.status === 'loading') return left('enrolment data is already loading')
      return right([E.MfaEnrollmentRequested(viaAccess(context))])
    case 'session/VerifyOtp':
      if (state.status !== 'mfaVerify' && state.status !== 'mfaEnroll')
        return left('no login is waiting for a one-time code')
      if (busyWith(state, 'otp')) return left('a code is already being checked')
      return right([E.OtpSubmitted({ otpRef: command.otpRef, ...viaAccess(context) })])
    case 'session/SignOut':
      if (state.status === 'signingOut') return left('already signing out')
      return right([
        E.SignOutRequested({
          reason: command.reason ?? 'logout',
          providerLogout: providerSignOutOf(state.user, state.login) ?? null,
        }),
      ])
    case 'session/StoreCliSession':
      return right([
        E.CliSessionStored({
          clientName: command.clientName,
          sessionRef: command.sessionRef,
          codeRef: command.codeRef ?? null,
        }),
      ])
    case 'session/RegisterCliSession':
      if (state.status !== 'signedIn') return left('sign in before registering a CLI session')
      if (!state.cli.stored) return left('no CLI session is waiting')
      return right([E.CliRegistrationRequested({})])
    case 'session/SavePathAfterLogin': {
      const saved = savePathAfterLogin(command.path, epochMs(meta), { force: command.force === true })
      if (!isSome(saved)) return left('this path is not kept for after login')
      return right([E.PathAfterLoginSaved(saved.value)])
    }
    case 'session/RedirectAfterLogin':
      if (state.status !== 'signedIn') return left('no completed login to redirect after')
      return right(redirectAfterLogin(state, context.tour, epochMs(meta), command.toQuickSetup))
    case 'session/ClearPathAfterLogin':
      return right([E.PathAfterLoginCleared({})])
    case 'session/DismissLoginDialog':
      return right([E.LoginDialogDismissed({})])
    case 'session/ForgetLoginDialogDismissal':
      return right(state.loginDialogDismissed ? [E.LoginDialogDismissalRestored({ dismissed: false })] : [])
    case 'session/GoToSso': {
      // Only an address the platform itself named: the SAML links, the SSO link or an OAuth provider.
      const known = [
        state.login.ssoProviderLink,
        ...state.login.ssoProviderLinksSAML.map((l) => l.url),
        ...state.login.oauthProviders.map((p) => p.url),
      ]
      if (command.url === '' || !known.includes(command.url))
        return left('not an SSO provider of this platform')
      return right(leaveForSso(state, command.url, false, epochMs(meta)))
    }
    case 'session/CheckSession':
      if (state.status !== 'signedIn' || state.user === null || state.user.anonymous)
        return left('no signed-in session to check')
      if (!(command.idleMs > SESSION_IDLE_LIMIT_MS)) return left('the session was not idle long enough')
      return right([SessionCheckRequested({ idleMs: command.idleMs, user: state.user.name })])
    case 'session/RefreshSession':
      // Only a signed-in session has anything to refresh; the timer may still be running.
      return state.status === 'signedIn' && state.user !== null
        ? right([E.RefreshDue({ user: state.user.name })])
        : right([])
    case 'session/ConcludeSessionCheck': {
      const outcome = sessionCheckOutcome(command.user, state, command.answer)
      if (outcome === 'expired') return right([E.SignedOut({ reason: EXPIRED_REASON })])
      return right(outcome === 'confirmed' ? [E.SessionConfirmed({ user: command.answer })] : [])
    }
    case 'session/ResetIdentity':
      // The tour keeps its one shared identity (spec 000 section 4).
      if (context.tour) return left('the tour keeps identity tracking')
      return right([E.IdentityReset({})])
    case 'session/AutoRedirectToSso': {
      const target = autoRedirectTarget(state.login)
      if (!isSome(target)) return left('the platform does not ask for an SSO redirect to a usable address')
      return right(leaveForSso(state, target.value, true, epochMs(meta)))
    }
  }
}

/** Leaving for SSO: the saved path rides along (and is then the platform's to bring back). */
function leaveForSso(
  session: SessionState,
  url: string,
  signOutFirst: boolean,
  nowMs: number,
): SessionAreaEvent[] {
  const to = ssoUrlWithTarget(url, savedPathForSso(session, nowMs))
  const leave = E.SsoRedirectRequested({ url: to, signOutFirst })
  return to === url ? [leave] : [E.PathAfterLoginCleared({}), leave]
}

export const form = (slice: SessionState, operation: SessionOperation, next: FormState): SessionState =>
  sessionWith(slice, {
    forms: { ...slice.forms, [operation]: next },
  })

export const pending: FormState = { status: 'pending' }
export const done: FormState = { status: 'done' }

export function evolveLogin(slice: SessionState, event: SessionAreaEvent, meta: EventMeta): SessionState {
  switch (event.type) {
    case 'session/LoginDataRequested':
      return sessionWith(slice, { loading: true })
    // Start-up loads the login data first: the login page waits for it.
    case 'platform/StartRequested':
      return slice.loginDataLoaded || slice.loading ? slice : sessionWith(slice, { loading: true })
    case 'platform/StartFailed':
      return slice.loading && !slice.loginDataLoaded ? sessionWith(slice, { loading: false }) : slice
    case 'session/LoginDataLoaded':
      return sessionWith(slice, {
        loading: false,
        loginDataLoaded: true,
        login: { ...event.data.settings, mfaAuthenticator: slice.login.mfaAuthenticator },
      })
    case 'session/LoginDataFailed':
      return sessionWith(slice, { loading: false })
    case 'session/UserDataLoaded': {
      const user = event.data.user
      // A login in progress (MFA steps) is not undone by a background reload.
      if (user.anonymous && (slice.status === 'mfaEnroll' || slice.status === 'mfaVerify'))
        return sessionWith(slice, { user })
      return user.anonymous
        ? sessionWith(slice, { user, status: 'anonymous', refreshesPaused: true })
        : sessionWith(slice, { user, status: 'signedIn', refreshesPaused: false })
    }
    case 'session/SamlLogoutUrlLoaded':
      return sessionWith(slice, { login: { ...slice.login, samlLogoutUrl: event.data.logoutUrl } })
    case 'session/SignInRequested':
      return {
        ...form(slice, 'signIn', pending),
        status: 'signingIn',
        loading: true,
        pendingUser: event.data.user,
        redirectTo: event.data.redirectTo,
      }
    case 'session/SignInFailed':
      return {
        ...form(slice, 'signIn', { status: 'failed', failure: event.data.failure }),
        status: 'anonymous',
        loading: false,
      }
    case 'session/SsoSignInRequested':
      return { ...form(slice, 'signIn', pending), status: 'signingIn', loading: true }
    case 'session/SsoSignInFailed':
      // The login page words the failure from its code (policies.ts), not the sign-in form.
      return { ...form(slice, 'signIn', { status: 'idle' }), status: 'anonymous', loading: false }
    case 'session/SignInFailureDismissed':
      return form(slice, 'signIn', { status: 'idle' })
    case 'session/MfaRequired':
      return {
        ...form(slice, 'signIn', done),
        status: event.data.step === 'enroll' ? 'mfaEnroll' : 'mfaVerify',
        loading: false,
        pendingUser: event.data.user,
        mfaEnrollment: { status: 'idle' },
        login: event.data.step === 'verify' ? { ...slice.login, mfaAuthenticator: 'GOOGLE' } : slice.login,
      }
    case 'session/SignedIn': {
      const operation: SessionOperation =
        event.data.via === 'password' || event.data.via === 'sso'
          ? 'signIn'
          : event.data.via === 'register'
            ? 'register'
            : event.data.via
      return {
        ...form(slice, operation, done),
        status: 'signedIn',
        user: event.data.user,
        pendingUser: null,
        loading: false,
        refreshesPaused: false,
        mfaEnrollment: { status: 'idle' },
        profile: initialProfileState,
      }
    }
    case 'session/MfaEnrollmentRequested':
      return sessionWith(slice, { mfaEnrollment: { status: 'loading' } })
    case 'session/MfaEnrollmentLoaded':
      return sessionWith(slice, { mfaEnrollment: { status: 'ready', ref: event.data.ref } })
    case 'session/MfaEnrollmentFailed':
      return sessionWith(slice, { mfaEnrollment: { status: 'failed', failure: event.data.failure } })
    case 'session/OtpSubmitted':
      return { ...form(slice, 'otp', pending), loading: true }
    case 'session/OtpFailed': {
      const failed = {
        ...form(slice, 'otp', { status: 'failed', failure: event.data.failure }),
        loading: false,
      }
      // 403: the pending login is gone; the user starts again from the login screen. The access
      // variant's failure only shows its message (spec 000 section 8, "Access OTP failure").
      return event.data.failure.status === 403 && event.data.service !== 'access'
        ? { ...failed, status: 'anonymous', pendingUser: null, mfaEnrollment: { status: 'idle' } }
        : failed
    }
    case 'session/SignOutRequested':
      return { ...form(slice, 'signOut', pending), status: 'signingOut', refreshesPaused: true }
    case 'session/SignedOut':
      return sessionWith(slice, {
        status: 'anonymous',
        user: null,
        pendingUser: null,
        loading: false,
        refreshesPaused: true,
        forms: initialSessionState.forms,
        mfaEnrollment: { status: 'idle' },
        resetKey: { status: 'idle' },
        // A refused invitation stays refused: the screen keeps saying why.
        invitation: slice.invitation.status === 'invalid' ? slice.invitation : { status: 'idle' },
        redirectTo: null,
        login: { ...slice.login, mfaAuthenticator: null },
        setMeUpStale: true,
        profile: initialProfileState,
      })
    case 'session/CliSessionStored':
      return sessionWith(slice, {
        cli: { stored: true, clientName: event.data.clientName, registered: false },
      })
    case 'session/CliSessionRestored':
      return sessionWith(slice, {
        cli: { ...slice.cli, stored: event.data.stored, clientName: event.data.clientName },
      })
    case 'session/CliRegistrationRequested':
      return form(slice, 'cli', pending)
    case 'session/CliSessionRegistered':
      return { ...form(slice, 'cli', done), cli: { ...slice.cli, registered: true } }
    case 'session/CliRegistrationFailed':
      return form(slice, 'cli', { status: 'failed', failure: event.data.failure })
    case 'session/PathAfterLoginSaved':
      return sessionWith(slice, { savedPath: event.data })
    case 'session/PathAfterLoginRestored':
      return sessionWith(slice, { savedPath: event.data.record })
    case 'session/PathAfterLoginCleared':
      return slice.savedPath === null ? slice : sessionWith(slice, { savedPath: null })
    case 'session/RedirectedAfterLogin':
      return event.data.target === 'saved'
        ? sessionWith(slice, { savedPath: null, redirectTo: null })
        : sessionWith(slice, { redirectTo: null })
    case 'session/SessionConfirmed':
      // Only a session still signed in takes the fresh data (a logout may have come first).
      return slice.status === 'signedIn' && slice.user?.name === event.data.user.name
        ? sessionWith(slice, { user: event.data.user })
        : slice
    case 'session/IdentitySet': {
      const { user, expiresIn, recordedAt } = event.data
      return sessionWith(slice, { identity: { user, expiresIn, at: recordedAt ?? meta.at } })
    }
    case 'session/IdentityReset':
      return slice.identity === null ? slice : sessionWith(slice, { identity: null })
    case 'session/LoginDialogDismissed':
      return sessionWith(slice, { loginDialogDismissed: true })
    case 'session/LoginDialogDismissalRestored':
      return sessionWith(slice, { loginDialogDismissed: event.data.dismissed })
    default:
      return slice
  }
}

/** The session area on its slice, with its small context (context.ts). */
export type SessionArea = SliceArea<
  'session',
  SessionState,
  SessionCommand,
  SessionAreaEvent,
  SessionContext,
  SessionAsked,
  SessionContextSlices
>

/** The part of the session area the login page loads: an account command waits for the rest. */
export const sessionLoginArea: SessionArea = {
  key: 'session',
  commands: sessionCommandCodecs,
  initialState: initialSessionState,
  events: E.loginSessionEvents,
  contextOf: sessionContextOf,
  decide: (command, state, context, meta) =>
    isAccountCommand(command)
      ? left('the account screens are not loaded')
      : decideLogin(command, state, context, meta),
  evolve: evolveLogin,
  evolvesOn: ['platform/StartFailed', 'platform/StartRequested'],
  policies: sessionPolicies,
}
