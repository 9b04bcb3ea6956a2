import { left, right, type Either } from 'fp-ts/Either'
import { isSome } from 'fp-ts/Option'
import type { AppArea, AppEvent, AppState } from '../app'
import type { CommandMeta } from '../shared/area'
import type { SessionCommand } from './commands'
import * as E from './events'
import { SessionCheckRequested } from '../navigation/events'
import { SESSION_IDLE_LIMIT_MS, savePathAfterLogin } from './rules'
import { redirectAfterLogin } from './redirect'
import { autoRedirectTarget } from './loginGuard'
import { isTour } from '../platform'
import { sessionPolicies } from './policies'
import {
  initialProfileState,
  initialSessionState,
  type FormState,
  type ProfileState,
  type SessionOperation,
  type SessionState,
} from './types'
import { sessionCommandCodecs } from './commandCodecs.gen'

type Decision = Either<string, ReadonlyArray<AppEvent>>

const mandatory = (value: string, what: string): string | null =>
  value.trim() === '' ? `${what} is mandatory` : null

function busyWith(state: SessionState, operation: SessionOperation): boolean {
  return state.forms[operation].status === 'pending'
}

const signedInUser = (state: SessionState) =>
  state.status === 'signedIn' && state.user !== null && !state.user.anonymous ? state.user : null

const profileForm = (slice: SessionState, changes: Partial<ProfileState>): SessionState => ({
  ...slice,
  profile: { ...slice.profile, ...changes },
})

function decide(command: SessionCommand, app: AppState, meta: CommandMeta): Decision {
  const state = app.session
  switch (command.type) {
    case 'session/LoadLoginData':
      return right([E.LoginDataRequested({})])
    case 'session/SignIn': {
      const problem = mandatory(command.user, 'User name') ?? mandatory(command.passwordRef, 'Password')
      if (problem) return left(problem)
      if (busyWith(state, 'signIn')) return left('a login is already under way')
      return right([
        E.SignInRequested({
          user: command.user.trim(),
          rememberMe: command.rememberMe,
          redirectTo: command.redirectTo ?? null,
          passwordRef: command.passwordRef,
        }),
      ])
    }
    case 'session/LoadMfaEnrollment':
      if (state.status !== 'mfaEnroll') return left('no login is waiting for an authenticator enrolment')
      if (state.mfaEnrollment.status === 'loading') return left('enrolment data is already loading')
      return right([E.MfaEnrollmentRequested({})])
    case 'session/VerifyOtp':
      if (state.status !== 'mfaVerify' && state.status !== 'mfaEnroll')
        return left('no login is waiting for a one-time code')
      if (busyWith(state, 'otp')) return left('a code is already being checked')
      return right([E.OtpSubmitted({ otpRef: command.otpRef })])
    case 'session/SignOut':
      if (state.status === 'signingOut') return left('already signing out')
      return right([E.SignOutRequested({ reason: command.reason ?? 'logout' })])
    case 'session/RequestPasswordReset': {
      const problem = mandatory(command.user, 'User name')
      if (problem) return left(problem)
      if (busyWith(state, 'forgot')) return left('a reset mail is already being sent')
      return right([E.PasswordResetRequested({ user: command.user.trim() })])
    }
    case 'session/ValidateResetKey':
      return right([E.ResetKeyValidationRequested({ keyRef: command.keyRef })])
    case 'session/ResetPassword': {
      const problem = mandatory(command.user, 'User name')
      if (problem) return left(problem)
      if (busyWith(state, 'reset')) return left('a reset is already under way')
      return right([
        E.PasswordResetSubmitted({
          user: command.user.trim(),
          keyRef: command.keyRef,
          passwordRef: command.passwordRef,
        }),
      ])
    }
    case 'session/ChangePassword': {
      const problem = mandatory(command.userName, 'User name')
      if (problem) return left(problem)
      if (busyWith(state, 'change')) return left('a password change is already under way')
      return right([
        E.PasswordChangeRequested({
          userName: command.userName.trim(),
          oldPasswordRef: command.oldPasswordRef,
          newPasswordRef: command.newPasswordRef,
        }),
      ])
    }
    case 'session/Register': {
      const problem = mandatory(command.user, 'User name') ?? mandatory(command.email, 'Email')
      if (problem) return left(problem)
      if (busyWith(state, 'register')) return left('a registration is already under way')
      return right([
        E.RegistrationRequested({
          user: command.user.trim(),
          email: command.email.trim(),
          passwordRef: command.passwordRef,
        }),
      ])
    }
    case 'session/CheckInvitation':
      return right([E.InvitationCheckRequested({ tokenRef: command.tokenRef })])
    case 'session/AcceptInvitation': {
      const problem = mandatory(command.user, 'User name')
      if (problem) return left(problem)
      if (state.invitation.status !== 'valid') return left('the invitation is not valid')
      if (busyWith(state, 'invitation')) return left('the invitation is already being accepted')
      return right([
        E.InvitationAcceptRequested({
          user: command.user.trim(),
          tokenRef: command.tokenRef,
          passwordRef: command.passwordRef,
        }),
      ])
    }
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
      const saved = savePathAfterLogin(command.path, meta.nowMs, { force: command.force === true })
      if (!isSome(saved)) return left('this path is not kept for after login')
      return right([E.PathAfterLoginSaved(saved.value)])
    }
    case 'session/RedirectAfterLogin':
      if (state.status !== 'signedIn') return left('no completed login to redirect after')
      return right(redirectAfterLogin(app, meta.nowMs, command.toQuickSetup))
    case 'session/ClearPathAfterLogin':
      return right([E.PathAfterLoginCleared({})])
    case 'session/DismissLoginDialog':
      return right([E.LoginDialogDismissed({})])
    case 'session/GoToSso': {
      // Only an address the platform itself named: the SAML links, the SSO link or an OAuth provider.
      const known = [
        state.login.ssoProviderLink,
        ...state.login.ssoProviderLinksSAML.map((l) => l.url),
        ...state.login.oauthProviders.map((p) => p.url),
      ]
      if (command.url === '' || !known.includes(command.url))
        return left('not an SSO provider of this platform')
      return right([E.SsoRedirectRequested({ url: command.url, signOutFirst: false })])
    }
    case 'session/CheckSession':
      if (state.status !== 'signedIn' || state.user === null || state.user.anonymous)
        return left('no signed-in session to check')
      if (!(command.idleMs > SESSION_IDLE_LIMIT_MS)) return left('the session was not idle long enough')
      return right([SessionCheckRequested({ idleMs: command.idleMs })])
    case 'session/ResetIdentity':
      // The tour keeps its one shared identity (spec 000 section 4).
      if (isTour(app.platform)) return left('the tour keeps identity tracking')
      return right([E.IdentityReset({})])
    case 'session/UnlockProfile':
      if (!signedInUser(state)) return left('sign in to open the profile')
      if (state.profile.unlock.status === 'pending') return left('the password is already being checked')
      return right([E.ProfileUnlockRequested({ passwordRef: command.passwordRef })])
    case 'session/UpdateProfile': {
      const user = signedInUser(state)
      if (!user) return left('sign in to change the profile')
      if (!user.profileUpdatable) return left('this profile cannot be changed here')
      if (!state.profile.unlocked) return left('unlock the profile with the password first')
      if (state.profile.update.status === 'pending') return left('a change is already being saved')
      const email = command.email === undefined ? null : command.email.trim()
      if (email === '') return left('Email is mandatory')
      const newPasswordRef = command.newPasswordRef ?? null
      if (email === null && newPasswordRef === null) return left('nothing to change')
      return right([E.ProfileUpdateRequested({ email, newPasswordRef })])
    }
    case 'session/RevealApiKey':
      if (!signedInUser(state)) return left('sign in to see the API key')
      if (state.profile.apiKey.status === 'loading') return left('the API key is already being fetched')
      return right([E.ApiKeyRequested({ passwordRef: command.passwordRef })])
    case 'session/HideApiKey':
      return state.profile.apiKey.status === 'idle'
        ? left('no API key is shown')
        : right([E.ApiKeyHidden({})])
    case 'session/AutoRedirectToSso': {
      const target = autoRedirectTarget(state.login)
      if (!isSome(target)) return left('the platform does not ask for an SSO redirect to a usable address')
      return right([E.SsoRedirectRequested({ url: target.value, signOutFirst: true })])
    }
  }
}

const form = (slice: SessionState, operation: SessionOperation, next: FormState): SessionState => ({
  ...slice,
  forms: { ...slice.forms, [operation]: next },
})

const pending: FormState = { status: 'pending' }
const done: FormState = { status: 'done' }

function evolve(slice: SessionState, event: AppEvent): SessionState {
  switch (event.type) {
    case 'session/LoginDataRequested':
      return { ...slice, loading: true }
    // Start-up loads the login data first: the login page waits for it.
    case 'platform/StartRequested':
      return slice.loginDataLoaded || slice.loading ? slice : { ...slice, loading: true }
    case 'platform/StartFailed':
      return slice.loading && !slice.loginDataLoaded ? { ...slice, loading: false } : slice
    case 'session/LoginDataLoaded':
      return {
        ...slice,
        loading: false,
        loginDataLoaded: true,
        login: { ...event.data.settings, mfaAuthenticator: slice.login.mfaAuthenticator },
      }
    case 'session/LoginDataFailed':
      return { ...slice, loading: false }
    case 'session/UserDataLoaded': {
      const user = event.data.user
      // A login in progress (MFA steps) is not undone by a background reload.
      if (user.anonymous && (slice.status === 'mfaEnroll' || slice.status === 'mfaVerify'))
        return { ...slice, user }
      return user.anonymous
        ? { ...slice, user, status: 'anonymous', refreshesPaused: true }
        : { ...slice, user, status: 'signedIn', refreshesPaused: false }
    }
    case 'session/SamlLogoutUrlLoaded':
      return { ...slice, login: { ...slice.login, samlLogoutUrl: event.data.logoutUrl } }
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
        event.data.via === 'password' ? 'signIn' : event.data.via === 'register' ? 'register' : event.data.via
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
      return { ...slice, mfaEnrollment: { status: 'loading' } }
    case 'session/MfaEnrollmentLoaded':
      return { ...slice, mfaEnrollment: { status: 'ready', ref: event.data.ref } }
    case 'session/MfaEnrollmentFailed':
      return { ...slice, mfaEnrollment: { status: 'failed', failure: event.data.failure } }
    case 'session/OtpSubmitted':
      return { ...form(slice, 'otp', pending), loading: true }
    case 'session/OtpFailed': {
      const failed = {
        ...form(slice, 'otp', { status: 'failed', failure: event.data.failure }),
        loading: false,
      }
      // 403: the pending login is gone; the user starts again from the login screen.
      return event.data.failure.status === 403
        ? { ...failed, status: 'anonymous', pendingUser: null, mfaEnrollment: { status: 'idle' } }
        : failed
    }
    case 'session/SignOutRequested':
      return { ...form(slice, 'signOut', pending), status: 'signingOut', refreshesPaused: true }
    case 'session/SignedOut':
      return {
        ...slice,
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
      }
    case 'session/PasswordResetRequested':
      return { ...form(slice, 'forgot', pending), loading: true }
    case 'session/PasswordResetMailed':
      return { ...form(slice, 'forgot', done), loading: false }
    case 'session/PasswordResetRequestFailed':
      return { ...form(slice, 'forgot', { status: 'failed', failure: event.data.failure }), loading: false }
    case 'session/ResetKeyValidationRequested':
      return { ...slice, resetKey: { status: 'validating' } }
    case 'session/ResetKeyValidated':
      return { ...slice, resetKey: { status: 'valid', user: event.data.user } }
    case 'session/ResetKeyRejected':
      return { ...slice, resetKey: { status: 'invalid', failure: event.data.failure } }
    case 'session/PasswordResetSubmitted':
      return { ...form(slice, 'reset', pending), loading: true }
    case 'session/PasswordResetFailed':
      return { ...form(slice, 'reset', { status: 'failed', failure: event.data.failure }), loading: false }
    case 'session/PasswordChangeRequested':
      return { ...form(slice, 'change', pending), loading: true }
    case 'session/PasswordChangeFailed':
      return { ...form(slice, 'change', { status: 'failed', failure: event.data.failure }), loading: false }
    case 'session/RegistrationRequested':
      return { ...form(slice, 'register', pending), loading: true }
    case 'session/RegistrationFailed':
      return { ...form(slice, 'register', { status: 'failed', failure: event.data.failure }), loading: false }
    case 'session/InvitationCheckRequested':
      return { ...slice, invitation: { status: 'checking' } }
    case 'session/InvitationChecked':
      return { ...slice, invitation: { status: 'valid', email: event.data.email } }
    case 'session/InvitationRejected':
      return { ...slice, invitation: { status: 'invalid', failure: event.data.failure } }
    case 'session/InvitationAcceptRequested':
      return { ...form(slice, 'invitation', pending), loading: true }
    case 'session/InvitationAcceptFailed':
      return {
        ...form(slice, 'invitation', { status: 'failed', failure: event.data.failure }),
        loading: false,
      }
    case 'session/CliSessionStored':
      return { ...slice, cli: { stored: true, clientName: event.data.clientName, registered: false } }
    case 'session/CliSessionRestored':
      return { ...slice, cli: { ...slice.cli, stored: event.data.stored, clientName: event.data.clientName } }
    case 'session/CliRegistrationRequested':
      return form(slice, 'cli', pending)
    case 'session/CliSessionRegistered':
      return { ...form(slice, 'cli', done), cli: { ...slice.cli, registered: true } }
    case 'session/CliRegistrationFailed':
      return form(slice, 'cli', { status: 'failed', failure: event.data.failure })
    case 'session/PathAfterLoginSaved':
      return { ...slice, savedPath: event.data }
    case 'session/PathAfterLoginRestored':
      return { ...slice, savedPath: event.data.record }
    case 'session/PathAfterLoginCleared':
      return slice.savedPath === null ? slice : { ...slice, savedPath: null }
    case 'session/RedirectedAfterLogin':
      return event.data.target === 'saved'
        ? { ...slice, savedPath: null, redirectTo: null }
        : { ...slice, redirectTo: null }
    case 'session/SessionConfirmed':
      // Only a session still signed in takes the fresh data (a logout may have come first).
      return slice.status === 'signedIn' && slice.user?.name === event.data.user.name
        ? { ...slice, user: event.data.user }
        : slice
    case 'session/ProfileUnlockRequested':
      return profileForm(slice, { unlock: pending })
    case 'session/ProfileUnlocked':
      return profileForm(slice, { unlock: done, unlocked: true, unlockedUntil: event.data.unlockedUntil })
    case 'session/ProfileUnlockFailed':
      return profileForm(slice, { unlock: { status: 'failed', failure: event.data.failure } })
    case 'session/ProfileUpdateRequested':
      return profileForm(slice, { update: pending })
    case 'session/ProfileUpdated':
      return slice.user?.name === event.data.user.name
        ? { ...profileForm(slice, { update: done }), user: event.data.user }
        : profileForm(slice, { update: done })
    case 'session/ProfileUpdateFailed':
      // The server says the unlock ran out: the password must be confirmed again.
      return profileForm(slice, {
        update: { status: 'failed', failure: event.data.failure },
        ...(event.data.failure.code === 'PROFILE_LOCKED' ? { unlocked: false, unlockedUntil: null } : {}),
      })
    case 'session/ApiKeyRequested':
      return profileForm(slice, { apiKey: { status: 'loading' } })
    case 'session/ApiKeyRevealed':
      return profileForm(slice, { apiKey: { status: 'ready', ref: event.data.ref } })
    case 'session/ApiKeyFailed':
      return profileForm(slice, { apiKey: { status: 'failed', failure: event.data.failure } })
    case 'session/ApiKeyHidden':
      return profileForm(slice, { apiKey: { status: 'idle' } })
    case 'session/IdentitySet':
      return { ...slice, identity: { ...event.data } }
    case 'session/IdentityReset':
      return slice.identity === null ? slice : { ...slice, identity: null }
    case 'session/LoginDialogDismissed':
      return { ...slice, loginDialogDismissed: true }
    case 'session/LoginDialogDismissalRestored':
      return { ...slice, loginDialogDismissed: event.data.dismissed }
    default:
      return slice
  }
}

export const sessionArea: AppArea<'session'> = {
  key: 'session',
  commands: sessionCommandCodecs,
  initialState: initialSessionState,
  events: E.sessionEvents,
  decide: (command, state, meta) => decide(command, state, meta),
  evolve,
  evolvesOn: ['platform/StartFailed', 'platform/StartRequested'],
  policies: sessionPolicies,
}
