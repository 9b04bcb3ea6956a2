// Commands of the session area, named `session/Imperative`. Passwords, one-time codes, keys and
// tokens travel only as references from `app.stashSecret`; the effect takes them from the vault.
import type { UserData } from './types'

export interface LoadLoginData {
  readonly type: 'session/LoadLoginData'
}
export interface SignIn {
  readonly type: 'session/SignIn'
  readonly user: string
  readonly passwordRef: string
  readonly rememberMe: boolean
  /** External target of the login page's query, honoured only when same-origin safe. */
  readonly redirectTo?: string
}
/**
 * The user edited the login form or submitted it again after a failed login: that failure was
 * the earlier attempt's, not what holds now.
 */
export interface DismissSignInFailure {
  readonly type: 'session/DismissSignInFailure'
}
export interface LoadMfaEnrollment {
  readonly type: 'session/LoadMfaEnrollment'
}
export interface VerifyOtp {
  readonly type: 'session/VerifyOtp'
  readonly otpRef: string
}
export interface SignOut {
  readonly type: 'session/SignOut'
  /** 'logout' (user or logout flag), 'invitation', 'cli', 'licence', 'sso', 'uiBlocked'. */
  readonly reason?: string
}
export interface RequestPasswordReset {
  readonly type: 'session/RequestPasswordReset'
  readonly user: string
}
export interface ValidateResetKey {
  readonly type: 'session/ValidateResetKey'
  readonly keyRef: string
}
export interface ResetPassword {
  readonly type: 'session/ResetPassword'
  readonly keyRef: string
  readonly user: string
  readonly passwordRef: string
}
export interface ChangePassword {
  readonly type: 'session/ChangePassword'
  readonly userName: string
  readonly oldPasswordRef: string
  readonly newPasswordRef: string
}
export interface Register {
  readonly type: 'session/Register'
  readonly user: string
  readonly email: string
  readonly passwordRef: string
}
export interface CheckInvitation {
  readonly type: 'session/CheckInvitation'
  readonly tokenRef: string
}
export interface AcceptInvitation {
  readonly type: 'session/AcceptInvitation'
  readonly tokenRef: string
  readonly user: string
  readonly passwordRef: string
}
/** Keeps the values a CLI login brought in its query (jfClientSession, jfClientName, jfClientCode). */
export interface StoreCliSession {
  readonly type: 'session/StoreCliSession'
  readonly sessionRef: string
  readonly clientName: string
  readonly codeRef?: string
}
export interface RegisterCliSession {
  readonly type: 'session/RegisterCliSession'
}
export interface SavePathAfterLogin {
  readonly type: 'session/SavePathAfterLogin'
  readonly path: string
  readonly force?: boolean
}
/**
 * Sent by a policy once login completed (onboarding's check first): picks the target
 * (external, saved path, quick setup, landing).
 */
export interface RedirectAfterLogin {
  readonly type: 'session/RedirectAfterLogin'
  /** Onboarding sends this user to quick setup instead of the landing. */
  readonly toQuickSetup?: boolean
}
export interface ClearPathAfterLogin {
  readonly type: 'session/ClearPathAfterLogin'
}
export interface DismissLoginDialog {
  readonly type: 'session/DismissLoginDialog'
}
/** The stored dismissal of the login dialog is gone (a permanent dialog clears it): show it again. */
export interface ForgetLoginDialogDismissal {
  readonly type: 'session/ForgetLoginDialogDismissal'
}
/** Leaves for an SSO provider the login data named (never an arbitrary address). */
export interface GoToSso {
  readonly type: 'session/GoToSso'
  readonly url: string
}
/**
 * Signs in through a login someone else already checked (spec 000 section 7: "GET crowd and
 * HTTP SSO logins"): Crowd's single sign-on cookie, or the person a trusted proxy names.
 */
export interface SignInWithSso {
  readonly type: 'session/SignInWithSso'
  readonly kind: 'crowd' | 'http'
}
/** The server asks for SSO-only login: log out, then leave for the provider. */
export interface AutoRedirectToSso {
  readonly type: 'session/AutoRedirectToSso'
}

/**
 * The user became active again after `idleMs` without activity (reported by the browser): an
 * idle session asks the server whether it is still valid (spec 000 section 4).
 */
export interface CheckSession {
  readonly type: 'session/CheckSession'
  readonly idleMs: number
}

/** A periodic refresh is due (sent by the refresh timer): a signed-in session is checked. */
export interface RefreshSession {
  readonly type: 'session/RefreshSession'
}

/**
 * The server said who the session checked for `user` belongs to (sent by the check's effect):
 * the session ends, takes the fresh data, or stays as it is if it changed meanwhile.
 */
export interface ConcludeSessionCheck {
  readonly type: 'session/ConcludeSessionCheck'
  readonly user: string
  readonly answer: UserData
}

/** Logout resets identity tracking (a policy asks for it, except in the tour). */
export interface ResetIdentity {
  readonly type: 'session/ResetIdentity'
}

/** Confirms the password to open the profile (POST /ui/userProfile). */
export interface UnlockProfile {
  readonly type: 'session/UnlockProfile'
  readonly passwordRef: string
}
/** Changes one's own email and/or password (an unlocked, updatable profile). */
export interface UpdateProfile {
  readonly type: 'session/UpdateProfile'
  readonly email?: string
  readonly newPasswordRef?: string
}
/** Shows the API key once, after re-authentication with the password. */
export interface RevealApiKey {
  readonly type: 'session/RevealApiKey'
  readonly passwordRef: string
}
export interface HideApiKey {
  readonly type: 'session/HideApiKey'
}

export type SessionCommand =
  | LoadLoginData
  | SignIn
  | DismissSignInFailure
  | LoadMfaEnrollment
  | VerifyOtp
  | SignOut
  | RequestPasswordReset
  | ValidateResetKey
  | ResetPassword
  | ChangePassword
  | Register
  | CheckInvitation
  | AcceptInvitation
  | StoreCliSession
  | RegisterCliSession
  | SavePathAfterLogin
  | RedirectAfterLogin
  | ClearPathAfterLogin
  | DismissLoginDialog
  | ForgetLoginDialogDismissal
  | GoToSso
  | SignInWithSso
  | AutoRedirectToSso
  | CheckSession
  | RefreshSession
  | ConcludeSessionCheck
  | ResetIdentity
  | UnlockProfile
  | UpdateProfile
  | RevealApiKey
  | HideApiKey
