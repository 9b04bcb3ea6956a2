/**
 * The login guard (spec 000 section 4) as the addresses reach it: under the console's /ui base,
 * with a trailing slash, a query or a hash, under the /auth alias; the logout flag and the
 * reasons a sign-out keeps; an invitation's token of blanks; the CLI extension's screens.
 */
import { describe, expect, it } from 'vitest'
import type { AppEvent, AppState } from '../../domain/app'
import * as S from '../../domain/session'
import {
  isCliExtensionPath,
  isGuardedByLogin,
  isLoginFamilyPath,
  isPlainLoginPath,
  loginGuard,
} from '../../domain/session/loginGuard'
import { loginData, user } from '../support/fixtures'
import { foldEvents } from '../support/decider'

const given = (...events: AppEvent[]): AppState => foldEvents(events)
const anonymous = given()
const autoRedirect = given(loginData({ autoRedirectLogin: true, ssoProviderLink: 'https://idp.example/sso' }))
const signedIn = given(S.SignedIn({ user: user(), via: 'password' }))
const toSso = { kind: 'cancel', commands: [{ type: 'session/AutoRedirectToSso' }] }

describe('which addresses are the login screens', () => {
  it('the login family under the /ui base, with a trailing slash, a query or a hash, in any case', () => {
    for (const path of [
      '/login',
      '/ui/login',
      '/login/',
      '/login?x=1',
      '/login#top',
      '/LOGIN',
      '/auth',
      '/auth/otp-login',
    ])
      expect(isLoginFamilyPath(path), path).toBe(true)
    for (const path of ['/', '/ui', '/ui/', '/loginx', '/packages/login', '/authority', '/ui/packages'])
      expect(isLoginFamilyPath(path), path).toBe(false)
  })

  it('the plain login screen is the login screen itself, not a child screen', () => {
    for (const path of ['/login', '/auth', '/login/login', '/auth/login', '/ui/login/', '/Login'])
      expect(isPlainLoginPath(path), path).toBe(true)
    for (const path of ['/login/otp-login', '/auth/registration', '/', '/packages'])
      expect(isPlainLoginPath(path), path).toBe(false)
  })

  it('the CLI extension screens are guarded too, and nothing else', () => {
    for (const path of ['/plugs/extension/cli', '/ui/plugs/extension/cli/verify', '/plugs/extension/cli/'])
      expect(isCliExtensionPath(path) && isGuardedByLogin(path), path).toBe(true)
    for (const path of ['/plugs/extension', '/plugs/extension/client', '/packages'])
      expect(isGuardedByLogin(path), path).toBe(false)
  })

  it('the plain login screen under the base sends to the provider as the bare one does', () => {
    expect(loginGuard(autoRedirect, '/ui/login/', {})).toEqual(toSso)
    expect(loginGuard(autoRedirect, '/auth/login', {})).toEqual(toSso)
    // A child screen is not the plain one: the provider's setting does not apply there.
    expect(loginGuard(autoRedirect, '/login/otp-login', {})).toEqual({ kind: 'allow', commands: [] })
  })
})

describe('the logout flag', () => {
  it('signs out with the reason the login page then says (a blocked UI, no licence), else as a logout', () => {
    expect(loginGuard(signedIn, '/login', { logout: 'true', error: 'uiBlocked' })).toEqual({
      kind: 'allow',
      commands: [{ type: 'session/SignOut', reason: 'uiBlocked' }],
    })
    expect(loginGuard(signedIn, '/login', { logout: '', error: 'noLicence' })).toEqual({
      kind: 'allow',
      commands: [{ type: 'session/SignOut', reason: 'noLicence' }],
    })
    expect(loginGuard(signedIn, '/auth', { logout: 'true', error: 'notAuthorized' })).toEqual({
      kind: 'allow',
      commands: [{ type: 'session/SignOut', reason: 'logout' }],
    })
  })

  it('a flag set to false is no flag: a signed-in user goes to the landing', () => {
    expect(loginGuard(signedIn, '/login', { logout: 'false' })).toEqual({ kind: 'landing', commands: [] })
  })

  it('only on a login screen, and not again while the sign-out is under way', () => {
    expect(loginGuard(signedIn, '/packages', { logout: 'true' })).toEqual({ kind: 'allow', commands: [] })
    const signingOut = given(
      S.SignedIn({ user: user(), via: 'password' }),
      S.SignOutRequested({ reason: 'logout', providerLogout: null }),
    )
    expect(loginGuard(signingOut, '/login', { logout: 'true' })).toEqual({ kind: 'allow', commands: [] })
    // The login screen is where the sign-out ends: it is not left for the landing meanwhile.
    expect(loginGuard(signingOut, '/login', {})).toEqual({ kind: 'allow', commands: [] })
  })
})

describe('an invitation and the CLI screens', () => {
  const toLogin = (reason: string) => ({
    kind: 'redirect',
    to: '/login',
    commands: [{ type: 'session/SignOut', reason }],
  })

  it('an invitation whose token is blank goes to login with logout, under either alias', () => {
    expect(loginGuard(anonymous, '/login/invitation', { token: '  ' })).toEqual(toLogin('invitation'))
    expect(loginGuard(anonymous, '/auth/invitation', {})).toEqual(toLogin('invitation'))
    expect(loginGuard(anonymous, '/ui/auth/invitation/', { token: 't' })).toEqual({
      kind: 'allow',
      commands: [],
    })
  })

  it('the verify screen takes an SSO api version; the other CLI screen does not, nor a blank session', () => {
    expect(loginGuard(anonymous, '/plugs/extension/cli', { ssoApiVersion: '2' })).toEqual(toLogin('cli'))
    expect(loginGuard(anonymous, '/plugs/extension/cli/verify', { ssoApiVersion: ' ' })).toEqual(
      toLogin('cli'),
    )
    expect(loginGuard(anonymous, '/plugs/extension/cli', { jfClientSession: ' ' })).toEqual(toLogin('cli'))
  })
})
