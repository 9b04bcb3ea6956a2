// Pure reactions of the session area: a recorded fact asks for the next commands.
import type { Envelope } from '../shared/area'
import type { SessionAreaEvent, SessionAsked, SessionContext } from './context'
import type { SessionState } from './types'
import { pathKeptOnLoginRedirect } from './redirect'
import { SIGN_OUT_ERRORS, isLoginFamilyPath, loginGuard } from './loginGuard'

// navigation/Navigate and navigation/GoToLanding belong to the navigation area; their shapes
// are the agreed interface ({to, replace} with `to` under the /ui base; {}).
export const navigate = (to: string, replace = true): SessionAsked => ({
  type: 'navigation/Navigate',
  to,
  replace,
})
export const goToLanding = (): SessionAsked => ({ type: 'navigation/GoToLanding' })

export const LOGIN_PATH = '/login'
export const MFA_ENROLL_PATH = '/login/mfa-enroll'
export const OTP_LOGIN_PATH = '/login/otp-login'
export const CHANGE_PASSWORD_PATH = '/login/change-password'

/** Codes of an expired password: the user must change it before signing in (error catalogue). */
export const EXPIRED_CODES: ReadonlyArray<string> = ['CREDENTIALS_EXPIRED', 'PASSWORD_EXPIRED']

/** `SignedOut.reason` when the server no longer knows the session (found by the idle check). */
export const EXPIRED_REASON = 'expired'

export const changePasswordPath = (userName: string) =>
  `${CHANGE_PASSWORD_PATH}/${encodeURIComponent(userName)}`

export function sessionPolicies(
  envelope: Envelope<SessionAreaEvent>,
  session: SessionState,
  context: SessionContext,
): ReadonlyArray<SessionAsked> {
  const event = envelope.event
  switch (event.type) {
    case 'session/SignedIn':
      // Completing login starts the app again for this user, then leaves the login screens.
      // Getting started's rules (a lazily loaded area) come first; it then asks for the redirect.
      // They take the user data of this login: a reload may already say firstLogin false.
      return [
        { type: 'platform/Start', reason: 'login' },
        { type: 'gettingStarted/CheckAfterLogin', via: event.data.via, user: event.data.user },
      ]
    case 'session/RedirectedAfterLogin':
      switch (event.data.target) {
        case 'internal':
        case 'saved':
          return [navigate(event.data.path)]
        case 'landing':
          // Only from the login screens: a signed-in reload of the login page lands as soon as the
          // user is known (UserDataLoaded, below), before onboarding's check sends this; a user who
          // has gone on from that landing is not taken back to it.
          return isLoginFamilyPath(context.location.path) ? [goToLanding()] : []
        case 'external':
          return []
      }
      return []
    case 'session/UserDataLoaded': {
      // The login page may have been guarded before the user was known (a reload of /login
      // while signed in): the guard is asked again now, and a signed-in user leaves it.
      const { path, query } = context.location
      if (!isLoginFamilyPath(path)) return []
      const decision = loginGuard({ session }, path, Object.fromEntries(new URLSearchParams(query)))
      return decision.kind === 'landing' ? [goToLanding()] : []
    }
    case 'session/LoginDataLoaded': {
      // The login page is guarded before its data arrives: once the platform says it
      // auto-redirects to SSO (or offers no registration), the guard is asked again and sends
      // the browser on.
      const { path, query } = context.location
      if (!isLoginFamilyPath(path)) return []
      const decision = loginGuard({ session }, path, Object.fromEntries(new URLSearchParams(query)))
      if (decision.kind === 'redirect') return [...decision.commands, navigate(decision.to)]
      return decision.kind === 'cancel' ? decision.commands : []
    }
    case 'session/SsoSignInFailed':
      // Back to the login page, which says why from the code (never the platform's text).
      return [navigate(`${LOGIN_PATH}?ssoError=${encodeURIComponent(event.data.failure.code ?? 'provider')}`)]
    case 'session/MfaRequired':
      return [navigate(event.data.step === 'enroll' ? MFA_ENROLL_PATH : OTP_LOGIN_PATH)]
    case 'session/SignInFailed': {
      const code = event.data.failure.code
      return code !== undefined && EXPIRED_CODES.includes(code)
        ? [navigate(changePasswordPath(event.data.user))]
        : []
    }
    case 'session/OtpFailed':
      // The access variant's refusal stays on the screen with its message (its fold says why).
      return event.data.failure.status === 403 && event.data.service !== 'access'
        ? [navigate(LOGIN_PATH)]
        : []
    case 'session/SignedOut': {
      // Logout resets identity tracking, except in the tour (spec 000 section 4).
      const identity: SessionAsked[] = context.tour ? [] : [{ type: 'session/ResetIdentity' }]
      // Leaving for the SSO provider is a full-page navigation the effect starts.
      if (event.data.reason === 'sso') return identity
      // Signed out because the UI is blocked or no licence is installed: the login page says why.
      if (SIGN_OUT_ERRORS.includes(event.data.reason))
        return [...identity, navigate(`${LOGIN_PATH}?error=${event.data.reason}`)]
      if (event.data.reason !== EXPIRED_REASON) return [...identity, navigate(LOGIN_PATH)]
      // The server ended the session: after signing in again the user comes back here.
      const { path, query } = context.location
      return [
        ...identity,
        { type: 'session/SavePathAfterLogin', path: `/ui${path}${query}` },
        navigate(LOGIN_PATH),
      ]
    }
    case 'navigation/Redirected': {
      // Sent to login from a shared search link: come back to it (query included) after login.
      const path = pathKeptOnLoginRedirect(event.data)
      return path === null ? [] : [{ type: 'session/SavePathAfterLogin', path }]
    }
    case 'session/InvitationRejected':
      return session.status === 'signingOut' ? [] : [{ type: 'session/SignOut', reason: 'invitation' }]
    default:
      return []
  }
}
