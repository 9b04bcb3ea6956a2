/**
 * The requests of the account screens (password reset and change, registration, invitations,
 * profile, the API key): one request event, one call, its success or failure event. Separate from
 * session.ts so the browser loads them with the first such event (accountEvents.ts).
 */
import { EMPTY, mergeMap } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import * as S from '../../domain/session/accountEvents'
import { handle, loginAnswer, secretGone, take } from './session'
import { ofType, work } from './operators'
import type { Effect, EffectTable } from './types'

const forgotPassword = handle(
  'session/PasswordResetRequested',
  async (e, _ports, api) => {
    const answer = await api.forgotPassword(e.data.user)
    return isLeft(answer) ? S.PasswordResetRequestFailed({ failure: answer.left }) : S.PasswordResetMailed({})
  },
  (failure) => S.PasswordResetRequestFailed({ failure }),
)

const validateKey = handle(
  'session/ResetKeyValidationRequested',
  async (e, ports, api) => {
    const [key] = take(ports, e.data.keyRef) ?? []
    if (key === undefined) return S.ResetKeyRejected({ failure: secretGone('resetKey') })
    const answer = await api.validateKey(key)
    return isLeft(answer) ? S.ResetKeyRejected({ failure: answer.left }) : S.ResetKeyValidated(answer.right)
  },
  (failure) => S.ResetKeyRejected({ failure }),
)

const resetPassword = handle(
  'session/PasswordResetSubmitted',
  async (e, ports, api) => {
    const [key, password] = take(ports, e.data.keyRef, e.data.passwordRef) ?? []
    if (key === undefined || password === undefined)
      return S.PasswordResetFailed({ failure: secretGone('password') })
    const answer = await api.resetPassword({ key, user: e.data.user, password })
    return isLeft(answer)
      ? S.PasswordResetFailed({ failure: answer.left })
      : loginAnswer(answer.right, 'reset')
  },
  (failure) => S.PasswordResetFailed({ failure }),
)

const changePassword = handle(
  'session/PasswordChangeRequested',
  async (e, ports, api) => {
    const [oldPassword, newPassword] = take(ports, e.data.oldPasswordRef, e.data.newPasswordRef) ?? []
    if (oldPassword === undefined || newPassword === undefined)
      return S.PasswordChangeFailed({ failure: secretGone('password') })
    const answer = await api.changePassword({ userName: e.data.userName, oldPassword, newPassword })
    return isLeft(answer)
      ? S.PasswordChangeFailed({ failure: answer.left })
      : loginAnswer(answer.right, 'change')
  },
  (failure) => S.PasswordChangeFailed({ failure }),
)

const register = handle(
  'session/RegistrationRequested',
  async (e, ports, api) => {
    const [password] = take(ports, e.data.passwordRef) ?? []
    if (password === undefined) return S.RegistrationFailed({ failure: secretGone('password') })
    const answer = await api.register({ user: e.data.user, email: e.data.email, password })
    return isLeft(answer)
      ? S.RegistrationFailed({ failure: answer.left })
      : loginAnswer(answer.right, 'register')
  },
  (failure) => S.RegistrationFailed({ failure }),
)

const checkInvitation = handle(
  'session/InvitationCheckRequested',
  async (e, ports, api) => {
    const [token] = take(ports, e.data.tokenRef) ?? []
    if (token === undefined) return S.InvitationRejected({ failure: secretGone('invitationToken') })
    const answer = await api.invitation(token)
    return isLeft(answer) ? S.InvitationRejected({ failure: answer.left }) : S.InvitationChecked(answer.right)
  },
  (failure) => S.InvitationRejected({ failure }),
)

const acceptInvitation = handle(
  'session/InvitationAcceptRequested',
  async (e, ports, api) => {
    const [token, password] = take(ports, e.data.tokenRef, e.data.passwordRef) ?? []
    if (token === undefined || password === undefined)
      return S.InvitationAcceptFailed({ failure: secretGone('password') })
    const answer = await api.acceptInvitation({ token, user: e.data.user, password })
    return isLeft(answer)
      ? S.InvitationAcceptFailed({ failure: answer.left })
      : loginAnswer(answer.right, 'invitation')
  },
  (failure) => S.InvitationAcceptFailed({ failure }),
)

const unlockProfile = handle(
  'session/ProfileUnlockRequested',
  async (e, ports, api) => {
    const [password] = take(ports, e.data.passwordRef) ?? []
    if (password === undefined) return S.ProfileUnlockFailed({ failure: secretGone('password') })
    const answer = await api.unlockProfile(password)
    return isLeft(answer) ? S.ProfileUnlockFailed({ failure: answer.left }) : S.ProfileUnlocked(answer.right)
  },
  (failure) => S.ProfileUnlockFailed({ failure }),
)

const updateProfile = handle(
  'session/ProfileUpdateRequested',
  async (e, ports, api) => {
    const { email, newPasswordRef } = e.data
    const [password] = newPasswordRef === null ? [] : (take(ports, newPasswordRef) ?? [])
    if (newPasswordRef !== null && password === undefined)
      return S.ProfileUpdateFailed({ failure: secretGone('newPassword') })
    const answer = await api.updateProfile({
      ...(email === null ? {} : { email }),
      ...(password === undefined ? {} : { password }),
    })
    return isLeft(answer)
      ? S.ProfileUpdateFailed({ failure: answer.left })
      : S.ProfileUpdated({ user: answer.right, passwordChanged: password !== undefined })
  },
  (failure) => S.ProfileUpdateFailed({ failure }),
)

/**
 * The API key after re-authentication: kept in this app's memory by reference (`ports.shown`),
 * shown on the profile screen, dropped when hidden, asked again or the session ends.
 */
const revealApiKey: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('session/ApiKeyRequested', 'session/ApiKeyHidden'),
    mergeMap((env) => {
      ports.shown.apiKeys.clear()
      if (env.event.type === 'session/ApiKeyHidden') return EMPTY
      const { passwordRef, userName: name } = env.event.data
      return work(
        env,
        async (emit) => {
          const [password] = take(ports, passwordRef) ?? []
          if (password === undefined) return emit(S.ApiKeyFailed({ failure: secretGone('password') }))
          const answer = await ports.sessionApi.apiKey(name, password)
          emit(
            isLeft(answer)
              ? S.ApiKeyFailed({ failure: answer.left })
              : S.ApiKeyRevealed({ ref: ports.shown.apiKeys.put(answer.right) }),
          )
        },
        (failure) => S.ApiKeyFailed({ failure }),
      )
    }),
  )

export const accountEffects: EffectTable = {
  forgotPassword,
  validateKey,
  resetPassword,
  changePassword,
  register,
  checkInvitation,
  acceptInvitation,
  unlockProfile,
  updateProfile,
  revealApiKey,
}
