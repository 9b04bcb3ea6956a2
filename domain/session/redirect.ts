// Where a completed login leads (spec 000 section 4): the tour's own target first, then an
// external target given to the login page, then the saved path after login, else the landing.
import { isSome } from 'fp-ts/Option'
import { RedirectedAfterLogin, PathAfterLoginCleared } from './events'
import { isSafeInternalPath, pathAfterLogin } from './rules'
import type { SafeInternalPath, SessionState } from './types'

export const UI_BASE = '/ui'

/** A path as the router sees it: without the /ui base ('/ui' alone is '/'). */
export function withoutBase(path: string): string {
  if (path === UI_BASE) return '/'
  return path.startsWith(`${UI_BASE}/`) || path.startsWith(`${UI_BASE}?`) || path.startsWith(`${UI_BASE}#`)
    ? path.slice(UI_BASE.length) || '/'
    : path
}

/**
 * A safe path without the /ui base, still safe: the base stripped from `/ui//x` leaves `//x`,
 * an authority to a browser, which becomes the root instead.
 */
function safeWithoutBase(path: SafeInternalPath): SafeInternalPath {
  const stripped = withoutBase(path)
  return isSafeInternalPath(stripped) ? stripped : ROOT
}

// Constant paths that pass the rule as written.
const ROOT = '/' as SafeInternalPath
const QUICK_SETUP = '/quick-setup' as SafeInternalPath

const underBase = (path: string) =>
  path === UI_BASE ||
  path.startsWith(`${UI_BASE}/`) ||
  path.startsWith(`${UI_BASE}?`) ||
  path.startsWith(`${UI_BASE}#`)

/**
 * `tour`: the demo tour has its own landing. `toQuickSetup`: getting started's check sends this
 * user to quick setup (domain/gettingStarted/afterLogin.ts).
 */
export function redirectAfterLogin(
  session: SessionState,
  tour: boolean,
  nowMs: number,
  toQuickSetup?: boolean,
) {
  if (tour) return [RedirectedAfterLogin({ target: 'landing', path: '' })]
  const external = session.redirectTo
  // Never an address that could leave the origin, at any level of decoding.
  if (external !== null && isSafeInternalPath(external)) {
    return underBase(external)
      ? [RedirectedAfterLogin({ target: 'internal', path: safeWithoutBase(external) })]
      : [RedirectedAfterLogin({ target: 'external', path: external })]
  }
  const saved = pathAfterLogin(session.savedPath, { nowMs, isAdmin: session.user?.admin === true })
  if (isSome(saved)) return [RedirectedAfterLogin({ target: 'saved', path: safeWithoutBase(saved.value) })]
  // Onboarding's page comes before the landing (spec 000 section 4), not before a page asked
  // for; the log shows gettingStarted/AfterLoginChecked just before.
  const events = [
    toQuickSetup
      ? RedirectedAfterLogin({ target: 'internal', path: QUICK_SETUP })
      : RedirectedAfterLogin({ target: 'landing', path: '' }),
  ]
  // An expired or refused record is dropped so it cannot surface later.
  return session.savedPath === null ? events : [PathAfterLoginCleared({}), ...events]
}

/**
 * A page the guard sent to login is worth coming back to after login, with its query: a
 * deep link opened while signed out (an admin page, a package, a search). The saving rule
 * still judges it (blocked screens, safety) and the reading rule drops admin paths for a
 * non-admin. Null when the redirect does not go to login.
 */
export function pathKeptOnLoginRedirect(redirect: { from: string; to: string }): string | null {
  const to = withoutBase(redirect.to)
  if (to !== '/login' && !to.startsWith('/login/') && !to.startsWith('/login?')) return null
  const from = withoutBase(redirect.from)
  // The root and /home ask for no page: kept, they came back after login as the home redirect
  // (the overview where the platform has one), decided by whether the platform's features had
  // arrived by then, instead of the landing of who signed in (an admin's topology).
  if (['/', '/home'].includes(from.split(/[?#]/)[0] ?? from)) return null
  return `${UI_BASE}${from}`
}

// The platform's own SSO start addresses, which carry the post-login path through the
// provider's round trip (SAML's RelayState, OIDC's pending sign-in) and check it again.
const PLATFORM_SSO_START = /\/ui\/auth\/sso\/(?:saml|oidc)\/start$/

/**
 * The SSO address to leave for, carrying the saved path after login (spec 000 section 4: the
 * page asked for before signing in) when the address is the platform's own start: the console
 * is reloaded at the provider's return, so its saved path would otherwise be lost. A
 * provider's own address is left as it is. Only a safe path under the console's base goes.
 */
export function ssoUrlWithTarget(url: string, saved: SafeInternalPath | null): string {
  if (saved === null || !isSafeInternalPath(saved) || !underBase(saved)) return url
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  if (!PLATFORM_SSO_START.test(parsed.pathname) || parsed.searchParams.has('redirectTo')) return url
  parsed.searchParams.set('redirectTo', saved)
  return parsed.toString()
}

/** The saved path after login as the SSO start carries it, or null (expired, absent). */
export function savedPathForSso(session: SessionState, nowMs: number): SafeInternalPath | null {
  // Who signs in is known only after the provider: an admin path goes along, and the guard
  // refuses it on return to a non-admin like any admin page.
  const saved = pathAfterLogin(session.savedPath, { nowMs, isAdmin: true })
  return isSome(saved) ? saved.value : null
}
