/**
 * The session area's account screens (password reset and change, registration, invitations,
 * profile, API key): their decisions, and the events only those lead to. The browser loads
 * them with the first account command (commands/browserApp.ts); the login page does without.
 * The whole area (`sessionArea`, also exported by decider.ts) is here, so the chunk the browser
 * loads is named after this module (a chunk named `decider` is the search area's, which the
 * server preloads by that name: server/ui/indexPage.ts).
 */
import { left, right } from 'fp-ts/Either'
import * as E from './accountEvents'
import { loginSessionEvents } from './events'
import { sessionWith, type ProfileState, type SessionState } from './types'
import {
  decideLogin,
  evolveLogin,
  isAccountCommand,
  sessionLoginArea,
  busyWith,
  done,
  form,
  mandatory,
  pending,
  type AccountCommand,
  type Decision,
  type SessionArea,
} from './loginDecider'
import type { SessionAreaEvent } from './context'

// The profile screen's rules: only the account screens use them, so they load with these.
const signedInUser = (state: SessionState) =>
  state.status === 'signedIn' && state.user !== null && !state.user.anonymous ? state.user : null

const profileForm = (slice: SessionState, changes: Partial<ProfileState>): SessionState =>
  sessionWith(slice, {
    profile: { ...slice.profile, ...changes },
  })

export function decideAccount(command: AccountCommand, state: SessionState): Decision {
  switch (command.type) {
    case 'session/RequestPasswordReset': {
      const problem = mandatory(command.user, 'user')
      if (problem) return left(problem)
      if (busyWith(state, 'forgot')) return left('a reset mail is already being sent')
      return right([E.PasswordResetRequested({ user: command.user.trim() })])
    }
    case 'session/ValidateResetKey':
      return right([E.ResetKeyValidationRequested({ keyRef: command.keyRef })])
    case 'session/ResetPassword': {
      const problem = mandatory(command.user, 'user')
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
      const problem = mandatory(command.userName, 'userName')
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
      const problem = mandatory(command.user, 'user') ?? mandatory(command.email, 'email')
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
      const problem = mandatory(command.user, 'user')
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
      if (email === '') return left('email: mandatory')
      const newPasswordRef = command.newPasswordRef ?? null
      if (email === null && newPasswordRef === null) return left('nothing to change')
      return right([E.ProfileUpdateRequested({ email, newPasswordRef })])
    }
    case 'session/RevealApiKey': {
      const user = signedInUser(state)
      if (!user) return left('sign in to see the API key')
      if (state.profile.apiKey.status === 'loading') return left('the API key is already being fetched')
      return right([E.ApiKeyRequested({ passwordRef: command.passwordRef, userName: user.name })])
    }
    case 'session/HideApiKey':
      return state.profile.apiKey.status === 'idle'
        ? left('no API key is shown')
        : right([E.ApiKeyHidden({})])
  }
}

export function evolveAccount(slice: SessionState, event: SessionAreaEvent): SessionState {
  switch (event.type) {
    case 'session/PasswordResetRequested':
      return { ...form(slice, 'forgot', pending), loading: true }
    case 'session/PasswordResetMailed':
      return { ...form(slice, 'forgot', done), loading: false }
    case 'session/PasswordResetRequestFailed':
      return { ...form(slice, 'forgot', { status: 'failed', failure: event.data.failure }), loading: false }
    case 'session/ResetKeyValidationRequested':
      return sessionWith(slice, { resetKey: { status: 'validating' } })
    case 'session/ResetKeyValidated':
      return sessionWith(slice, { resetKey: { status: 'valid', user: event.data.user } })
    case 'session/ResetKeyRejected':
      return sessionWith(slice, { resetKey: { status: 'invalid', failure: event.data.failure } })
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
      return sessionWith(slice, { invitation: { status: 'checking' } })
    case 'session/InvitationChecked':
      return sessionWith(slice, { invitation: { status: 'valid', email: event.data.email } })
    case 'session/InvitationRejected':
      return sessionWith(slice, { invitation: { status: 'invalid', failure: event.data.failure } })
    case 'session/InvitationAcceptRequested':
      return { ...form(slice, 'invitation', pending), loading: true }
    case 'session/InvitationAcceptFailed':
      return {
        ...form(slice, 'invitation', { status: 'failed', failure: event.data.failure }),
        loading: false,
      }
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
    default:
      return slice
  }
}

/** The session area, whole: the login page's part and the account screens'. */
export const sessionArea: SessionArea = {
  ...sessionLoginArea,
  // Every event of the area: the login page's and the account screens'.
  events: [...loginSessionEvents, ...E.accountSessionEvents],
  decide: (command, state, context, meta) =>
    isAccountCommand(command) ? decideAccount(command, state) : decideLogin(command, state, context, meta),
  // The two evolve disjoint sets of events.
  evolve: (slice, event, meta) => evolveAccount(evolveLogin(slice, event, meta), event),
}
