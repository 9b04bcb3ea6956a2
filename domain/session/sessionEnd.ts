/**
 * How a session ends: where a sign-out leaves for, and what the idle-session check's answer
 * means. The session effects call the platform and follow these rules.
 */
import { isLeavableUrl } from './loginSettings'
import type { UserData } from './types'

/** The platform's OpenID Connect sign-out: it redirects on to the provider's end-session endpoint. */
export const OIDC_LOGOUT_PATH = '/ui/api/v1/ui/auth/sso/oidc/logout'

/**
 * After the server session ends, a SAML session leaves for the platform's SAML logout address
 * (only one the browser may be sent to) and an OpenID Connect (realm oauth) session for the
 * platform's OIDC sign-out; any other session stays in the console.
 */
export function providerSignOutOf(
  user: Pick<UserData, 'realm'> | null,
  login: { readonly samlLogoutUrl: string },
): string | undefined {
  if (user?.realm === 'saml' && login.samlLogoutUrl !== '' && isLeavableUrl(login.samlLogoutUrl))
    return login.samlLogoutUrl
  return user?.realm === 'oauth' ? OIDC_LOGOUT_PATH : undefined
}

/**
 * What the idle-session check learnt: `expired` when the server ended the session (expired
 * cookie, password changed by an admin), `moot` when the user signed out, or in as someone
 * else, while the check ran (nothing to record), else `confirmed`.
 */
export type SessionCheckOutcome = 'confirmed' | 'expired' | 'moot'

/**
 * The check asked the server who the session of `checkedUser` belongs to; `now` is the session
 * when the answer came. Another user or the anonymous user means the server ended it.
 */
export function sessionCheckOutcome(
  checkedUser: string,
  now: { readonly status: string; readonly user: Pick<UserData, 'name'> | null },
  answer: Pick<UserData, 'name' | 'anonymous'>,
): SessionCheckOutcome {
  if (now.status !== 'signedIn' || now.user?.name !== checkedUser) return 'moot'
  return answer.anonymous || answer.name !== checkedUser ? 'expired' : 'confirmed'
}
