// The login guard (spec 000 section 4): what happens when the user arrives at a screen of the
// login family or a CLI extension screen. A pure decision the navigation pipeline applies.
import type { AutoRedirectToSso, SignOut } from './commands'
import type { SessionState } from './types'
import { isSome, none, type Option } from 'fp-ts/Option'
import { sanitizeProviderUrl } from '../shared/providerUrl'

/** What the guard asks for: a sign-out (with its reason), or leaving for the SSO provider. */
export type LoginGuardCommand = SignOut | AutoRedirectToSso

export type LoginGuardDecision =
  /** Show the screen (after dispatching `commands`). */
  | { readonly kind: 'allow'; readonly commands: ReadonlyArray<LoginGuardCommand> }
  /** Go to `to` (a path under the /ui base) instead, after dispatching `commands`. */
  | { readonly kind: 'redirect'; readonly to: string; readonly commands: ReadonlyArray<LoginGuardCommand> }
  /** Go to the default landing of the user kind (navigation/GoToLanding). */
  | { readonly kind: 'landing'; readonly commands: ReadonlyArray<LoginGuardCommand> }
  /** Stay where we are: `commands` make the browser leave (SSO provider). */
  | { readonly kind: 'cancel'; readonly commands: ReadonlyArray<LoginGuardCommand> }

/** The login page's `error` (and the sign-out's reason) when the subscription blocks the UI. */
export const UI_BLOCKED_ERROR = 'uiBlocked'
/** The same when no licence is installed (a non-admin cannot install one). */
export const NO_LICENCE_ERROR = 'noLicence'
/** Sign-outs whose reason the login page then says. */
export const SIGN_OUT_ERRORS: ReadonlyArray<string> = [UI_BLOCKED_ERROR, NO_LICENCE_ERROR]

export type Query = Readonly<Record<string, string | undefined>>

export const CLI_EXTENSION_PATH = '/plugs/extension/cli'
export const CLI_VERIFY_PATH = '/plugs/extension/cli/verify'
export const CLI_REGISTRATION_PATH = '/login/cli-registration'
export const INVITATION_PATH = '/login/invitation'
export const REGISTRATION_PATH = '/login/registration'
export const FORGOT_PASSWORD_PATH = '/login/forgot-password'

/** The route part of a path under the base: no query, hash or trailing slash, lower case. */
function routeOf(path: string): string {
  let p = path.split(/[?#]/)[0] ?? ''
  if (p === '/ui') p = '/'
  else if (p.startsWith('/ui/')) p = p.slice(3)
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1)
  return p.toLowerCase()
}

const under = (route: string, prefix: string) => route === prefix || route.startsWith(`${prefix}/`)

/** /login and its alias /auth, with every child screen. */
export const isLoginFamilyPath = (path: string): boolean => {
  const route = routeOf(path)
  return under(route, '/login') || under(route, '/auth')
}

export const isCliExtensionPath = (path: string): boolean => under(routeOf(path), CLI_EXTENSION_PATH)

/** Screens the login guard decides on: the login family and the CLI extension screens. */
export const isGuardedByLogin = (path: string): boolean => isLoginFamilyPath(path) || isCliExtensionPath(path)

/** The plain login screen, where the platform's SSO-only setting applies. */
export function isPlainLoginPath(path: string): boolean {
  const route = routeOf(path)
  return route === '/login' || route === '/auth' || route === '/login/login' || route === '/auth/login'
}

const hasValue = (query: Query, key: string) => (query[key] ?? '').trim() !== ''
const flagSet = (query: Query, key: string) => query[key] !== undefined && query[key] !== 'false'

const allow = (commands: ReadonlyArray<LoginGuardCommand> = []): LoginGuardDecision => ({
  kind: 'allow',
  commands,
})

/** `state`: any value holding the session slice (the app's state, a decider's context). */
export function loginGuard(
  state: { readonly session: SessionState },
  path: string,
  query: Query,
): LoginGuardDecision {
  const session = state.session
  const route = routeOf(path)
  const signedIn = session.status === 'signedIn' && session.user !== null && !session.user.anonymous

  // Arriving with the logout flag ends the session first (SAML sessions leave for the
  // platform's SAML logout address: the sign-out effect does that).
  if (isLoginFamilyPath(path) && flagSet(query, 'logout')) {
    const error = query.error ?? ''
    const reason = SIGN_OUT_ERRORS.includes(error) ? error : 'logout'
    return session.status === 'signingOut' ? allow() : allow([{ type: 'session/SignOut', reason }])
  }

  if (route === INVITATION_PATH || route === '/auth/invitation') {
    if (!hasValue(query, 'token') || session.invitation.status === 'invalid')
      return { kind: 'redirect', to: '/login', commands: [{ type: 'session/SignOut', reason: 'invitation' }] }
    return allow()
  }

  if (isCliExtensionPath(path)) {
    const bringsSession = hasValue(query, 'jfClientSession')
    const verifyWithSso = route === CLI_VERIFY_PATH && hasValue(query, 'ssoApiVersion')
    if (session.cli.stored || bringsSession || verifyWithSso) return allow()
    return { kind: 'redirect', to: '/login', commands: [{ type: 'session/SignOut', reason: 'cli' }] }
  }

  if (!isLoginFamilyPath(path)) return allow()

  // The registration screen is offered only where the platform lets people register (known
  // once the login data is there: the guard is asked again when it arrives).
  if (
    (route === REGISTRATION_PATH || route === '/auth/registration') &&
    session.loginDataLoaded &&
    session.login.registrationEnabled !== true
  )
    return { kind: 'redirect', to: '/login', commands: [] }

  // The forgotten-password screen exists only where the platform offers it (known once the
  // login data is there: the guard is asked again when it arrives).
  if (
    (route === FORGOT_PASSWORD_PATH || route === '/auth/forgot-password') &&
    session.loginDataLoaded &&
    !session.login.forgotPassword
  )
    return { kind: 'redirect', to: '/login', commands: [] }

  // `?local=true` keeps the login form when the provider is down, and a provider's error
  // (`?ssoError=…`) stays on the page to be read instead of bouncing back to the provider.
  if (
    isPlainLoginPath(path) &&
    !flagSet(query, 'local') &&
    !hasValue(query, 'ssoError') &&
    isSome(autoRedirectTarget(session.login))
  )
    return { kind: 'cancel', commands: [{ type: 'session/AutoRedirectToSso' }] }

  // The CLI registration screen is where a signed-in user confirms a CLI login.
  if (signedIn && route !== CLI_REGISTRATION_PATH) return { kind: 'landing', commands: [] }

  return allow()
}

/**
 * Where the platform's SSO-only login sends the user, if anywhere. Only a usable http(s)
 * address counts: cancelling the login screen for a link the browser cannot follow sent the
 * guard and the redirect round in a loop (login → cancelled → fallback → login).
 */
export function autoRedirectTarget(login: {
  readonly autoRedirectLogin: boolean
  readonly ssoProviderLink: string
}): Option<string> {
  return login.autoRedirectLogin ? sanitizeProviderUrl(login.ssoProviderLink) : none
}
