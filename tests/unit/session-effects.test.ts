// Session effects through the real bus with fake platform answers: sign-out, SSO departures,
// storage of the saved path and the login dialog's dismissal.
import { describe, expect, it } from 'vitest'
import { right } from 'fp-ts/Either'
import { createApp } from '../../composition/createApp'
import { allEffects } from '../../composition/createApp'
import { LOGIN_DIALOG_DISMISSED_KEY, SET_ME_UP_STALE_KEY } from '../../commands/effects/session'
import { OIDC_LOGOUT_PATH } from '../../domain/session/sessionEnd'
import * as S from '../../domain/session/events'
import type { SessionApi } from '../../adapters/ports'
import { fakePorts } from '../support/fakePorts'
import { loginData, sessionApi, user } from '../support/fixtures'
import { flush } from '../support/wait'

function appWith(api: Partial<SessionApi>, seed = [] as Parameters<typeof createApp>[0]['seed']) {
  let logouts = 0
  const ports = fakePorts({
    sessionApi: sessionApi({
      logout: async () => {
        logouts++
        return right(undefined)
      },
      ...api,
    }),
  })
  const app = createApp({ ports, effects: allEffects, seed })
  return { app, ports, logouts: () => logouts }
}

describe('session effects', () => {
  it('logout ends the server session, marks set-me-up data stale and clears the user', async () => {
    const { app, ports, logouts } = appWith({}, [S.SignedIn({ user: user(), via: 'password' })])
    app.dispatch({ type: 'session/SignOut' })
    await flush()
    expect(logouts()).toBe(1)
    expect(ports.localStore.get(SET_ME_UP_STALE_KEY)).toBe('true')
    expect(app.getState().session.user).toBeNull()
    // Back to login through the navigation area; no departure to another site.
    expect(ports.visited.at(-1)).toBe('/ui/login')
    expect(ports.visited.every((p) => p.startsWith('/ui'))).toBe(true)
  })

  it('a SAML session leaves for the SAML logout address after logout', async () => {
    const { app, ports } = appWith({}, [
      loginData({ samlLogoutUrl: 'https://idp.example/logout' }),
      S.SignedIn({ user: user({ realm: 'saml' }), via: 'password' }),
    ])
    app.dispatch({ type: 'session/SignOut' })
    await flush()
    expect(ports.visited).toContain('https://idp.example/logout')
    expect(app.exportLog()).toContain('"reason":"sso"')
  })

  it("an OpenID Connect (oauth realm) session leaves through the platform's provider sign-out", async () => {
    const { app, ports, logouts } = appWith({}, [
      S.SignedIn({ user: user({ realm: 'oauth' }), via: 'password' }),
    ])
    app.dispatch({ type: 'session/SignOut' })
    await flush()
    expect(logouts()).toBe(1)
    expect(ports.visited.at(-1)).toBe(OIDC_LOGOUT_PATH)
    expect(app.exportLog()).toContain('"reason":"sso"')
  })

  it('auto-redirect logs out, then leaves for the SSO provider link', async () => {
    const { app, ports, logouts } = appWith({}, [
      loginData({ autoRedirectLogin: true, ssoProviderLink: 'https://idp.example/sso' }),
    ])
    app.dispatch({ type: 'session/AutoRedirectToSso' })
    await flush()
    expect(logouts()).toBe(1)
    expect(ports.visited.at(-1)).toBe('https://idp.example/sso')
  })

  it('the login data load drops provider links the browser must not follow and derives icons', async () => {
    const { app } = appWith({
      loginRelatedData: async () =>
        right({
          forgotPassword: true,
          rememberMeEnabled: true,
          passwordAutocompleteEnabled: false,
          ssoProviderLink: 'javascript:alert(1)',
          samlProviders: [{ name: 'SAML SSO', url: 'https://idp.example/saml' }],
          anonAccessEnabled: true,
        }),
      oauthProviders: async () =>
        right([
          { name: 'GitHub', type: 'GitHub', url: 'https://gh.example/o' },
          { name: 'Evil', type: 'x', url: 'data:text/html,hi' },
        ]),
      realms: async () => ({ _tag: 'Left', left: { kind: 'network', message: 'down' } }),
    })
    app.dispatch({ type: 'session/LoadLoginData' })
    await flush()
    const login = app.getState().session.login
    expect(login.ssoProviderLink).toBe('')
    expect(login.ssoProviderLinksSAML).toEqual([{ name: 'SAML SSO', url: 'https://idp.example/saml' }])
    expect(login.oauthProviders).toEqual([
      { name: 'GitHub', type: 'GitHub', url: 'https://gh.example/o', icon: 'github' },
    ])
    // A failed side call falls back to its default (realms empty) and is recorded.
    expect(login.realms).toEqual([])
    expect(app.exportLog()).toContain('"part":"realms"')
    expect(login.anonAccessEnabled).toBe(true)
  })

  it('the saved path follows the recorded facts into session storage', async () => {
    const { app, ports } = appWith({})
    app.dispatch({ type: 'session/SavePathAfterLogin', path: '/ui/packages' })
    expect(JSON.parse(ports.sessionStore.get('path_after_login') ?? 'null')).toMatchObject({
      pathAfterLogin: '/ui/packages',
    })
    app.dispatch({ type: 'session/ClearPathAfterLogin' })
    expect(ports.sessionStore.get('path_after_login')).toBeNull()
  })

  it('a permanent login dialog clears an earlier dismissal, stored and shown', async () => {
    const { app, ports } = appWith(
      { loginDialog: async () => right({ content: 'Read me', permanent: true }) },
      [S.LoginDialogDismissalRestored({ dismissed: true })],
    )
    ports.localStore.set(LOGIN_DIALOG_DISMISSED_KEY, 'true')
    app.dispatch({ type: 'session/LoadLoginData' })
    await flush()
    expect(ports.localStore.get(LOGIN_DIALOG_DISMISSED_KEY)).toBeNull()
    expect(app.getState().session.loginDialogDismissed).toBe(false)
  })

  it('a secret reference that is gone fails the request with a message key, not a call', async () => {
    let calls = 0
    const { app } = appWith({
      login: async () => {
        calls++
        return right(user())
      },
    })
    app.dispatch({ type: 'session/SignIn', user: 'a', passwordRef: 'secret-unknown', rememberMe: false })
    await flush()
    expect(calls).toBe(0)
    const form = app.getState().session.forms.signIn
    expect(form.status === 'failed' && form.failure).toEqual({
      kind: 'aborted',
      message: '',
      secretGone: 'password',
    })
  })
})
