// Written by `npm run codecs` from ./commands.ts: do not edit (a unit test checks it is current).
import * as t from 'io-ts'
import type { CommandCodecs } from '../shared/area'
import type { SessionCommand } from './commands'

/** The fields of each command of the area, decoded before it is decided (the type is checked by the bus). */
export const sessionCommandCodecs: CommandCodecs<SessionCommand> = {
  'session/AcceptInvitation': t.type({ tokenRef: t.string, user: t.string, passwordRef: t.string }),
  'session/AutoRedirectToSso': t.UnknownRecord,
  'session/ChangePassword': t.type({
    userName: t.string,
    oldPasswordRef: t.string,
    newPasswordRef: t.string,
  }),
  'session/CheckInvitation': t.type({ tokenRef: t.string }),
  'session/CheckSession': t.type({ idleMs: t.number }),
  'session/ClearPathAfterLogin': t.UnknownRecord,
  'session/ConcludeSessionCheck': t.type({
    user: t.string,
    answer: t.intersection([
      t.type({
        name: t.string,
        anonymous: t.boolean,
        admin: t.boolean,
        realm: t.string,
        mfaStatus: t.string,
        firstLogin: t.boolean,
        freeTier: t.boolean,
        hasSeenGettingStarted: t.boolean,
        quickDeployEnabled: t.boolean,
        wizardClosed: t.boolean,
        newOnboarding: t.boolean,
        existsInDB: t.boolean,
        profileUpdatable: t.boolean,
        requireProfilePassword: t.boolean,
        requireProfileUnlock: t.boolean,
      }),
      t.partial({ email: t.string, projectAdmin: t.boolean }),
    ]),
  }),
  'session/DismissLoginDialog': t.UnknownRecord,
  'session/DismissSignInFailure': t.UnknownRecord,
  'session/ForgetLoginDialogDismissal': t.UnknownRecord,
  'session/GoToSso': t.type({ url: t.string }),
  'session/HideApiKey': t.UnknownRecord,
  'session/LoadLoginData': t.UnknownRecord,
  'session/LoadMfaEnrollment': t.UnknownRecord,
  'session/RedirectAfterLogin': t.partial({ toQuickSetup: t.boolean }),
  'session/RefreshSession': t.UnknownRecord,
  'session/Register': t.type({ user: t.string, email: t.string, passwordRef: t.string }),
  'session/RegisterCliSession': t.UnknownRecord,
  'session/RequestPasswordReset': t.type({ user: t.string }),
  'session/ResetIdentity': t.UnknownRecord,
  'session/ResetPassword': t.type({ keyRef: t.string, user: t.string, passwordRef: t.string }),
  'session/RevealApiKey': t.type({ passwordRef: t.string }),
  'session/SavePathAfterLogin': t.intersection([t.type({ path: t.string }), t.partial({ force: t.boolean })]),
  'session/SignIn': t.intersection([
    t.type({ user: t.string, passwordRef: t.string, rememberMe: t.boolean }),
    t.partial({ redirectTo: t.string }),
  ]),
  'session/SignInWithSso': t.type({ kind: t.keyof({ crowd: null, http: null }) }),
  'session/SignOut': t.partial({ reason: t.string }),
  'session/StoreCliSession': t.intersection([
    t.type({ sessionRef: t.string, clientName: t.string }),
    t.partial({ codeRef: t.string }),
  ]),
  'session/UnlockProfile': t.type({ passwordRef: t.string }),
  'session/UpdateProfile': t.partial({ email: t.string, newPasswordRef: t.string }),
  'session/ValidateResetKey': t.type({ keyRef: t.string }),
  'session/VerifyOtp': t.type({ otpRef: t.string }),
}
