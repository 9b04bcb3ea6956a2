/**
 * OpenID Connect round trips with the real libraries: the platform (openid-client) against
 * the local provider (oidc-provider) for sign-in, consent denied and sign-out, and against a
 * misbehaving issuer for each ID-token check the relying party must make.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { CookieBrowser } from '../support/cookieBrowser'
import { startFakeOidcIssuer, type FakeOidcIssuer } from '../support/fakeOidcIssuer'
import { startLocalOidcProvider, type LocalOidcProvider } from '../../server/sso/localOidcProvider'
import { postLoginTarget } from '../../server/sso/origin'
import { API, call, login } from '../support/apiCalls'
import { createHttpClient } from '../../adapters/http/client'
import { createIntegrationsApi } from '../../adapters/http/integrations'

const CLIENT_ID = 'platform-console'
const CLIENT_SECRET = 'local-client-secret-for-tests'
let server: TestServer
let idp: LocalOidcProvider
let fake: FakeOidcIssuer
let admin: string

const start = () => `${server.url}${API}/ui/auth/sso/oidc/start`
const callback = () => `${server.url}${API}/ui/auth/sso/oidc/callback`
/** Stops once the browser is sent back to a console page of the platform. */
const atConsole = (next: URL) => next.origin === server.url && !next.pathname.startsWith(`${API}/`)

async function configure(issuerUrl: string, extra: Record<string, unknown> = {}) {
  const res = await call(server, 'PUT', '/ui/admin/oidc', {
    cookie: admin,
    body: {
      enabled: true,
      providerName: 'Local IdP',
      issuerUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      ...extra,
    },
  })
  expect(res.status).toBe(200)
}

beforeAll(async () => {
  server = await startTestServer()
  idp = await startLocalOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [callback()],
    postLogoutRedirectUris: [`${server.url}/ui/login`],
  })
  fake = await startFakeOidcIssuer(CLIENT_ID)
  admin = (await login(server, 'admin')).cookie ?? ''
  const group = await call(server, 'POST', '/ui/admin/groups', {
    cookie: admin,
    body: { name: 'developers' },
  })
  expect(group.status).toBeLessThan(300)
})
afterAll(async () => {
  await idp.stop()
  await fake.stop()
  await server.stop()
})

async function signInAt(
  browser: CookieBrowser,
  user: string,
  password: string,
  redirectTo = '/ui/packages',
  issuer = idp.issuer,
) {
  const loginPage = await browser.follow(`${start()}?redirectTo=${encodeURIComponent(redirectTo)}`)
  expect(loginPage.url.origin).toBe(issuer)
  const consent = await browser.submit(loginPage, '/login', { username: user, password }, atConsole)
  // A first sign-in asks for consent; a later one may go straight back.
  if (consent.status === 0) return consent
  return browser.submit(consent, '/confirm', {}, atConsole)
}

const sessionOf = (browser: CookieBrowser) => {
  const value = browser.cookie(new URL(server.url).host, 'console_session')
  return value ? `console_session=${value}` : undefined
}

describe('settings (Administration → OAuth)', () => {
  it('never answers the client secret, and keeps it when a change leaves it out', async () => {
    await configure(idp.issuer)
    const read = await call<Record<string, unknown>>(server, 'GET', '/ui/admin/oidc', { cookie: admin })
    expect(read.body).toMatchObject({ issuerUrl: idp.issuer, clientId: CLIENT_ID, clientSecretSet: true })
    expect(JSON.stringify(read.body)).not.toContain(CLIENT_SECRET)
    const changed = await call<Record<string, unknown>>(server, 'PUT', '/ui/admin/oidc', {
      cookie: admin,
      body: { scopes: 'openid profile email groups' },
    })
    expect(changed.body).toMatchObject({ clientSecretSet: true })
    expect(JSON.stringify(changed.body)).not.toContain(CLIENT_SECRET)
  })

  it('is for admins only', async () => {
    const developer = (await login(server, 'developer')).cookie
    expect((await call(server, 'GET', '/ui/admin/oidc', { cookie: developer })).status).toBe(403)
    expect((await call(server, 'GET', '/ui/admin/oidc')).status).toBe(401)
  })

  it('tests the connection by fetching the discovery document', async () => {
    const ok = await call<Record<string, string>>(server, 'POST', '/ui/admin/oidc/test', {
      cookie: admin,
      body: { issuerUrl: idp.issuer },
    })
    expect(ok.status).toBe(200)
    expect(ok.body.issuer).toBe(idp.issuer)
    expect(ok.body.endSessionEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    const down = await call<{ message: string }>(server, 'POST', '/ui/admin/oidc/test', {
      cookie: admin,
      body: { issuerUrl: 'http://127.0.0.1:1' },
    })
    expect(down.status).toBe(400)
    expect(down.body.message).toMatch(/^issuerUrl: The discovery document could not be fetched/)
  })

  it('offers the provider on the login page, pointing at the start of the flow', async () => {
    const providers = await call<Array<{ name: string; type: string; url: string }>>(
      server,
      'GET',
      '/ui/auth/oauthProviders',
    )
    expect(providers.body[0]).toEqual({ name: 'Local IdP', type: 'openid', url: start() })
  })

  it('auto-redirect sends the login page to the start of the flow when asked', async () => {
    await configure(idp.issuer, { autoRedirect: true })
    const auto = await call<{ isAutoRedirectLogin: boolean }>(server, 'GET', '/ui/auth/autoRedirect')
    expect(auto.body.isAutoRedirectLogin).toBe(true)
    const related = await call<{ ssoProviderLink?: string }>(server, 'GET', '/ui/auth/loginRelatedData')
    expect(related.body.ssoProviderLink).toBe(start())
    await configure(idp.issuer, { autoRedirect: false })
    expect(
      (await call<{ isAutoRedirectLogin: boolean }>(server, 'GET', '/ui/auth/autoRedirect')).body,
    ).toEqual({
      isAutoRedirectLogin: false,
    })
  })
})

describe('sign-in through the local OpenID provider', () => {
  it('creates the oauth user on first sign-in, maps the group claim, and lands on the asked page', async () => {
    await configure(idp.issuer)
    const browser = new CookieBrowser()
    const landed = await signInAt(browser, 'alice', 'alice-password')
    expect(landed.url.pathname).toBe('/ui/packages')
    const current = await call<Record<string, unknown>>(server, 'GET', '/ui/auth/current', {
      cookie: sessionOf(browser),
    })
    expect(current.body).toMatchObject({
      name: 'alice',
      realm: 'oauth',
      admin: false,
      email: 'alice@idp.invalid',
    })
    const group = await call<{ members: string[] }>(server, 'GET', '/ui/admin/groups/developers', {
      cookie: admin,
    })
    expect(group.body.members).toContain('alice')
    const row = await server.ctx.sql.one('SELECT realm, sso_provider FROM users WHERE name = ?', ['alice'])
    expect(row).toEqual({ realm: 'oauth', sso_provider: 'Local IdP' })
  })

  it('gives an OAuth user the API key with X-JFrog-Reauthentication naming them without a password, and nothing else', async () => {
    await configure(idp.issuer)
    const browser = new CookieBrowser()
    await signInAt(browser, 'alice', 'alice-password')
    const cookie = sessionOf(browser)
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`
    const apiKey = (header?: string) =>
      call<{ apiKey?: string; code?: string }>(server, 'GET', '/ui/userApiKey', {
        cookie,
        ...(header === undefined ? {} : { headers: { 'X-JFrog-Reauthentication': header } }),
      })
    expect((await apiKey()).status).toBe(401)
    // The provider's password is not the platform's: an OAuth user has none to give.
    expect((await apiKey(basic('alice:alice-password'))).status).toBe(401)
    expect((await apiKey(basic('bob:'))).status).toBe(401)
    const ok = await apiKey(basic('alice:'))
    expect(ok.status).toBe(200)
    expect(ok.body.apiKey).toMatch(/^AKC/)
    expect((await apiKey(basic('ALICE:'))).body.apiKey).toBe(ok.body.apiKey)
    // The console's own call (adapters/http/integrations.ts) sends the header the platform checks.
    const consoleApi = createIntegrationsApi(
      createHttpClient({
        base: `${server.url}${API}`,
        retries: 0,
        fetch: (input, init) =>
          fetch(input, {
            ...init,
            headers: { ...(init?.headers as Record<string, string>), cookie: cookie ?? '' },
          }),
      }),
    )
    expect(await consoleApi.oauthApiKey('alice')).toEqual({ _tag: 'Right', right: ok.body.apiKey })
    // A local user still needs the password: an empty one is no re-authentication.
    const developer = (await login(server, 'developer')).cookie
    const local = await call(server, 'GET', '/ui/userApiKey', {
      cookie: developer,
      headers: { 'X-JFrog-Reauthentication': basic('developer:') },
    })
    expect(local.status).toBe(401)
  })

  it('refuses the wrong password at the provider and never reaches the platform', async () => {
    const browser = new CookieBrowser()
    const loginPage = await browser.follow(start())
    const again = await browser.submit(
      loginPage,
      '/login',
      { username: 'alice', password: 'nope' },
      atConsole,
    )
    expect(again.status).toBe(401)
    expect(again.text).toContain('Wrong user name or password')
  })

  it('sends an unsafe post-login target to the console start instead', async () => {
    const browser = new CookieBrowser()
    const landed = await signInAt(browser, 'alice', 'alice-password', '//evil.example/steal')
    expect(landed.url.href).toBe(`${server.url}/ui/`)
  })

  it('lands only on a console page: never outside /ui/, in its API, or by dot segments', async () => {
    await configure(idp.issuer)
    const browser = new CookieBrowser()
    const landed = await signInAt(browser, 'alice', 'alice-password', '/metrics')
    expect(landed.url.href).toBe(`${server.url}/ui/`)
    const refused = [
      '/metrics',
      `${API}/ui/auth/current`,
      API,
      '/ui/../metrics',
      '/ui/%2e%2e/metrics',
      `/ui/./api/v1/ui/auth/current`,
      '/\\evil.example',
      'https://evil.example/ui/',
    ]
    for (const wanted of refused) expect(postLoginTarget(wanted), wanted).toBe('/ui/')
    for (const kept of ['/ui/builds', '/ui/packages?type=npm#top', '/ui/admin/configuration/general'])
      expect(postLoginTarget(kept)).toBe(kept)
  })

  it('lands on the login page with "denied" when consent is refused', async () => {
    const browser = new CookieBrowser()
    const loginPage = await browser.follow(start())
    const consent = await browser.submit(
      loginPage,
      '/login',
      { username: 'bob', password: 'bob-password' },
      atConsole,
    )
    const back = await browser.submit(consent, '/abort', {}, atConsole)
    expect(back.url.pathname + back.url.search).toBe('/ui/login?ssoError=denied')
    expect(sessionOf(browser)).toBeUndefined()
  })

  it('signs out here and at the provider, back to the login page', async () => {
    const browser = new CookieBrowser()
    await signInAt(browser, 'alice', 'alice-password')
    const session = sessionOf(browser)
    expect(session).toBeDefined()
    const confirm = await browser.follow(`${server.url}${API}/ui/auth/sso/oidc/logout`, {}, atConsole)
    expect(confirm.url.origin).toBe(idp.issuer)
    const back = await browser.submit(confirm, '/confirm', { logout: 'yes' }, atConsole)
    expect(back.url.href).toBe(`${server.url}/ui/login`)
    const current = await call<Record<string, unknown>>(server, 'GET', '/ui/auth/current', {
      cookie: session,
    })
    expect(current.body).toMatchObject({ anonymous: true })
    // Signed out at the provider too: the next sign-in asks for the password again.
    const loginPage = await browser.follow(start())
    expect(loginPage.text).toContain('name="password"')
  })

  it('refuses to sign a provider user in as a local account of the same name', async () => {
    const browser = new CookieBrowser()
    const idpWithAdmin = await startLocalOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [callback()],
      postLogoutRedirectUris: [],
      users: [{ username: 'admin', password: 'x-password', email: 'a@idp.invalid', groups: [] }],
    })
    try {
      await configure(idpWithAdmin.issuer)
      const back = await signInAt(browser, 'admin', 'x-password', '/ui/', idpWithAdmin.issuer)
      expect(back.url.pathname + back.url.search).toBe('/ui/login?ssoError=conflict')
      expect(sessionOf(browser)).toBeUndefined()
    } finally {
      await idpWithAdmin.stop()
      await configure(idp.issuer)
    }
  })
})

describe('the relying party refuses a bad answer', () => {
  /** Starts a sign-in against the fake issuer: the browser holds the binding cookie. */
  async function begin() {
    await configure(fake.issuer)
    const browser = new CookieBrowser()
    const toProvider = await browser.request(start())
    expect(toProvider.status).toBe(302)
    const authorize = new URL(toProvider.location ?? '')
    expect(authorize.origin + authorize.pathname).toBe(`${fake.issuer}/authorize`)
    return {
      browser,
      authorize,
      state: authorize.searchParams.get('state') ?? '',
      nonce: authorize.searchParams.get('nonce') ?? '',
    }
  }
  const answer = (browser: CookieBrowser, state: string) =>
    browser.request(`${callback()}?code=one-time-code&state=${encodeURIComponent(state)}`)
  const ssoError = (visit: { location: string | undefined }) =>
    new URL(visit.location ?? '', server.url).searchParams.get('ssoError')

  it('asks with PKCE (S256), state and nonce, and accepts a good token with the verifier sent', async () => {
    const { browser, authorize, state, nonce } = await begin()
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('redirect_uri')).toBe(callback())
    expect(state).not.toBe('')
    expect(nonce).not.toBe('')
    fake.next = { nonce }
    const back = await answer(browser, state)
    expect(back.location).toBe('/ui/')
    const verifier = fake.lastTokenRequest?.get('code_verifier') ?? ''
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
      authorize.searchParams.get('code_challenge'),
    )
  })

  it('state mismatch', async () => {
    const { browser, nonce } = await begin()
    fake.next = { nonce }
    expect(ssoError(await answer(browser, 'forged-state'))).toBe('state')
  })

  it('an answer without the browser that started the sign-in (no binding cookie)', async () => {
    const { state, nonce } = await begin()
    fake.next = { nonce }
    expect(ssoError(await answer(new CookieBrowser(), state))).toBe('state')
  })

  it('an answer used twice', async () => {
    const { browser, state, nonce } = await begin()
    fake.next = { nonce }
    expect((await answer(browser, state)).location).toBe('/ui/')
    fake.next = { nonce }
    const again = await browser.request(`${callback()}?code=one-time-code&state=${encodeURIComponent(state)}`)
    expect(ssoError(again)).toBe('state')
  })

  it('nonce mismatch', async () => {
    const { browser, state } = await begin()
    fake.next = { nonce: 'another-nonce' }
    expect(ssoError(await answer(browser, state))).toBe('nonce')
  })

  it('wrong audience', async () => {
    const { browser, state, nonce } = await begin()
    fake.next = { nonce, audience: 'some-other-client' }
    expect(ssoError(await answer(browser, state))).toBe('audience')
  })

  it('wrong issuer', async () => {
    const { browser, state, nonce } = await begin()
    fake.next = { nonce, issuer: 'http://127.0.0.1:1' }
    expect(ssoError(await answer(browser, state))).toBe('issuer')
  })

  it('expired ID token', async () => {
    const { browser, state, nonce } = await begin()
    fake.next = { nonce, expiresIn: -600, issuedAt: Math.floor(Date.now() / 1000) - 1200 }
    expect(ssoError(await answer(browser, state))).toBe('expired')
  })

  it('bad signature (a key not in the JWKS)', async () => {
    const { browser, state, nonce } = await begin()
    fake.next = { nonce, foreignKey: true }
    expect(ssoError(await answer(browser, state))).toBe('signature')
  })

  it('and no refused answer leaves a session', async () => {
    const { browser, state } = await begin()
    fake.next = { nonce: 'wrong' }
    await answer(browser, state)
    expect(browser.cookie(new URL(server.url).host, 'console_session')).toBeUndefined()
  })
})
