import type { UserData } from '../../domain/session'
import type { Result } from './result'
import type { LoginRelatedData } from '../../domain/session/loginSettings'

// The session (login, user, MFA, passwords) area's API port (adapters/ports.ts).
export type { LoginRelatedData } from '../../domain/session/loginSettings'

/** What a sign-in with a password sends, through either login. */
export interface LoginInput {
  readonly user: string
  readonly password: string
  readonly rememberMe: boolean
}

export interface SessionApi {
  loginRelatedData(): Promise<Result<LoginRelatedData>>
  visualMode(): Promise<Result<{ readonly loginIsExternal: boolean; readonly isProvidersHidden: boolean }>>
  userPlugins(): Promise<Result<boolean>>
  realms(): Promise<Result<ReadonlyArray<{ readonly realm: string; readonly enabled: boolean }>>>
  loginDialog(): Promise<Result<{ readonly content: string; readonly permanent: boolean }>>
  samlLogoutUrl(): Promise<Result<string>>
  samlRegistrationId(): Promise<Result<string>>
  oauthProviders(): Promise<
    Result<ReadonlyArray<{ readonly name: string; readonly type: string; readonly url: string }>>
  >
  autoRedirect(): Promise<Result<boolean>>
  current(): Promise<Result<UserData>>
  login(input: LoginInput): Promise<Result<UserData>>
  /** The same sign-in through the access service's login; its failures name their code first in `errors`. */
  accessLogin(input: LoginInput): Promise<Result<UserData>>
  /** Signs in through Crowd's single sign-on cookie or the person a trusted proxy names. */
  ssoLogin(kind: 'crowd' | 'http'): Promise<Result<UserData>>
  logout(): Promise<Result<void>>
  /** The pending login's enrolment; `access` asks the access service's (after an access login). */
  mfaEnrollment(service?: 'access'): Promise<Result<MfaEnrollmentData>>
  verifyOtp(otp: string, service?: 'access'): Promise<Result<UserData>>
  forgotPassword(user: string): Promise<Result<void>>
  validateKey(key: string): Promise<Result<{ readonly user: string }>>
  resetPassword(input: {
    readonly key: string
    readonly user: string
    readonly password: string
  }): Promise<Result<UserData>>
  changePassword(input: {
    readonly userName: string
    readonly oldPassword: string
    readonly newPassword: string
  }): Promise<Result<UserData>>
  register(input: {
    readonly user: string
    readonly email: string
    readonly password: string
  }): Promise<Result<UserData>>
  invitation(token: string): Promise<Result<{ readonly email: string }>>
  acceptInvitation(input: {
    readonly token: string
    readonly user: string
    readonly password: string
  }): Promise<Result<UserData>>
  registerCliSession(input: {
    readonly session: string
    readonly clientName: string
    /** The CLI's own code (jfClientCode), which it posts back for its token. */
    readonly code?: string
  }): Promise<Result<{ readonly code: string }>>
  /** Analytics identity of the signed-in user (`POST ui/userIdentifyToken/{name}`); only its lifetime is answered. */
  identify(name: string): Promise<Result<{ readonly expiresIn: number }>>
  /** Confirms the password: the profile stays unlocked until the answered time. */
  unlockProfile(password: string): Promise<Result<{ readonly unlockedUntil: string }>>
  /** One's own email and/or password (needs an unlocked profile). */
  updateProfile(changes: { readonly email?: string; readonly password?: string }): Promise<Result<UserData>>
  /** The user's API key, with the re-authentication header built from the user and password. */
  apiKey(user: string, password: string): Promise<Result<string>>
}

/** The TOTP enrolment data the platform gives: the secret and its otpauth URL. */
export interface MfaEnrollmentData {
  readonly secret: string
  readonly otpauthUrl: string
}
