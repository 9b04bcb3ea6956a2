/**
 * The requests of the account screens (password reset and change, registration, invitations,
 * profile, the API key): one request event, one call, its success or failure event. Separate from
 * session.ts so the browser loads them with the first such event (accountEvents.ts).
 */
import { EMPTY, mergeMap } from 'rxjs'
import * as S from '../../domain/session/accountEvents'
import { loginAnswer, secretGone, take } from './session'
import { ofType, portCall, refused, request, requests } from './operators'
import type { Effect, EffectTable } from './types'

const forgotPassword = requests(
  'session/PasswordResetRequested',
  (e, ports) =>
    portCall(
      () => ports.sessionApi.forgotPassword(e.data.user),
      () => S.PasswordResetMailed({}),
    ),
  (failure) => S.PasswordResetRequestFailed({ failure }),
)

const validateKey = requests(
  'session/ResetKeyValidationRequested',
  (e, ports) => {
    const [key] = take(ports, e.data.keyRef) ?? []
    if (key === undefined) return secretGone('resetKey')
    return portCall(
      () => ports.sessionApi.validateKey(key),
      (valid) => S.ResetKeyValidated(valid),
    )
  },
  (failure) => S.ResetKeyRejected({ failure }),
)

const resetPassword = requests(
  'session/PasswordResetSubmitted',
  (e, ports) => {
    const [key, password] = take(ports, e.data.keyRef, e.data.passwordRef) ?? []
    if (key === undefined || password === undefined) return secretGone('password')
    return portCall(
      () => ports.sessionApi.resetPassword({ key, user: e.data.user, password }),
      (user) => loginAnswer(user, 'reset'),
    )
  },
  (failure) => S.PasswordResetFailed({ failure }),
)

const changePassword = requests(
  'session/PasswordChangeRequested',
  (e, ports) => {
    const [oldPassword, newPassword] = take(ports, e.data.oldPasswordRef, e.data.newPasswordRef) ?? []
    if (oldPassword === undefined || newPassword === undefined) return secretGone('password')
    return portCall(
      () => ports.sessionApi.changePassword({ userName: e.data.userName, oldPassword, newPassword }),
      (user) => loginAnswer(user, 'change'),
    )
  },
  (failure) => S.PasswordChangeFailed({ failure }),
)

const register = requests(
  'session/RegistrationRequested',
  (e, ports) => {
    const [password] = take(ports, e.data.passwordRef) ?? []
    if (password === undefined) return secretGone('password')
    return portCall(
      () => ports.sessionApi.register({ user: e.data.user, email: e.data.email, password }),
      (user) => loginAnswer(user, 'register'),
    )
  },
  (failure) => S.RegistrationFailed({ failure }),
)

const checkInvitation = requests(
  'session/InvitationCheckRequested',
  (e, ports) => {
    const [token] = take(ports, e.data.tokenRef) ?? []
    if (token === undefined) return secretGone('invitationToken')
    return portCall(
      () => ports.sessionApi.invitation(token),
      (found) => S.InvitationChecked(found),
    )
  },
  (failure) => S.InvitationRejected({ failure }),
)

const acceptInvitation = requests(
  'session/InvitationAcceptRequested',
  (e, ports) => {
    const [token, password] = take(ports, e.data.tokenRef, e.data.passwordRef) ?? []
    if (token === undefined || password === undefined) return secretGone('password')
    return portCall(
      () => ports.sessionApi.acceptInvitation({ token, user: e.data.user, password }),
      (user) => loginAnswer(user, 'invitation'),
    )
  },
  (failure) => S.InvitationAcceptFailed({ failure }),
)

const unlockProfile = requests(
  'session/ProfileUnlockRequested',
  (e, ports) => {
    const [password] = take(ports, e.data.passwordRef) ?? []
    if (password === undefined) return secretGone('password')
    return portCall(
      () => ports.sessionApi.unlockProfile(password),
      (user) => S.ProfileUnlocked(user),
    )
  },
  (failure) => S.ProfileUnlockFailed({ failure }),
)

const updateProfile = requests(
  'session/ProfileUpdateRequested',
  (e, ports) => {
    const { email, newPasswordRef } = e.data
    const [password] = newPasswordRef === null ? [] : (take(ports, newPasswordRef) ?? [])
    if (newPasswordRef !== null && password === undefined) return secretGone('newPassword')
    return portCall(
      () =>
        ports.sessionApi.updateProfile({
          ...(email === null ? {} : { email }),
          ...(password === undefined ? {} : { password }),
        }),
      (user) => S.ProfileUpdated({ user, passwordChanged: password !== undefined }),
    )
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
      const [password] = take(ports, passwordRef) ?? []
      return request(
        env,
        () =>
          password === undefined
            ? refused<string>(secretGone('password'))
            : ports.sessionApi.apiKey(name, password),
        {
          done: (key) => S.ApiKeyRevealed({ ref: ports.shown.apiKeys.put(key) }),
          failed: (failure) => S.ApiKeyFailed({ failure }),
        },
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
