/**
 * The user route with a redirect flag (spec 000 section 4, last of "On every navigation, in
 * order": "a visit to the user route with a redirect flag avoids loops").
 *
 * The user route is `/user/my-jfrog-redirect` (section 2: it redirects to the provider's account
 * portal). The specification says no more than the sentence above; the flag is read here as
 * the `redirect` query parameter that a way back to the console carries, meaning the visit has
 * been redirected once already. Redirecting it again could go round for good (console → portal
 * → console → …), so such a visit is not sent on: it goes to the landing instead. A flag set
 * to `false` (or `0`) is no flag.
 */
import { isSome } from 'fp-ts/Option'
import { sanitizeProviderUrl } from '../shared/providerUrl'
import type { Footer } from '../platform'

export const USER_ROUTE_NAME = 'myJfrogRedirect'
export const REDIRECT_FLAG = 'redirect'

/** Whether this visit to a route (by name) is the user route carrying the redirect flag. */
export function isUserRouteRedirectVisit(routeName: string, query: string): boolean {
  if (routeName !== USER_ROUTE_NAME) return false
  const flag = new URLSearchParams(query).get(REDIRECT_FLAG)
  return flag !== null && flag !== 'false' && flag !== '0'
}

/** Why the user route cannot send anyone on: the platform's settings name no portal. */
export const NO_ACCOUNT_PORTAL = 'no account portal is set'

/**
 * The account portal the user route sends users to: the address the platform's general
 * settings give, as a provider URL (absolute http(s), no credentials), else none.
 */
export function accountPortalOf(footer: Footer | null): string | undefined {
  const url =
    footer?.accountPortalUrl === undefined ? undefined : sanitizeProviderUrl(footer.accountPortalUrl)
  return url !== undefined && isSome(url) ? url.value : undefined
}
