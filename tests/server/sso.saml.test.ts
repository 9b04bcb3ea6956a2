/**
 * SAML 2.0 round trips with the real libraries: the platform (@node-saml/node-saml) against
 * the local IdP (assertions signed by xml-crypto under a certificate made at test time) for
 * sign-in by both bindings, single logout, and each check the service provider must make.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { CookieBrowser, type Visit } from '../support/cookieBrowser'
import { signingCertificate, startLocalSamlIdp, type LocalSamlIdp } from '../../server/sso/localSamlIdp'
import { LOCAL_IDP_USERS } from '../../server/sso/localIdpUsers'
import { API, call, login } from '../support/apiCalls'
import { readGeneralConfig, writeGeneralConfig } from '../../server/admin/generalConfig'

let server: TestServer
let idp: LocalSamlIdp
let admin: string

const sso = (rest: string) => `${server.url}${API}/ui/auth/sso/saml${rest}`
const atConsole = (next: URL) => next.origin === server.url && !next.pathname.startsWith(`${API}/`)
const alice = LOCAL_IDP_USERS[0]!

async function configure(extra: Record<string, unknown> = {}) {
  const res = await call(server, 'PUT', '/ui/admin/saml', {
    cookie: admin,
    body: {
      enabled: true,
      providerName: 'Local SAML',
      idpSsoUrl: idp.ssoUrl,
      idpSloUrl: idp.sloUrl,
      idpIssuer: idp.entityId,
      idpCertificate: idp.certificate,
      binding: 'redirect',
      autoRedirect: false,
      ...extra,
    },
  })
  expect(res.status).toBe(200)
}

beforeAll(async () => {
  server = await startTestServer()
  // The SP's addresses come from the base URL only (sso.saml.origin.test.ts).
  await writeGeneralConfig(server.ctx, {
    ...(await readGeneralConfig(server.ctx.sql, server.config)),
    baseUrl: server.url,
  })
  idp = await startLocalSamlIdp({
    spEntityId: sso('/metadata'),
    acsUrls: [sso('/acs')],
    spSloUrl: sso('/slo'),
  })
  admin = (await login(server, 'admin')).cookie ?? ''
  const group = await call(server, 'POST', '/ui/admin/groups', {
    cookie: admin,
    body: { name: 'developers' },
  })
  expect(group.status).toBeLessThan(300)
  await configure()
})
afterAll(async () => {
  await idp.stop()
  await server.stop()
})

const sessionOf = (browser: CookieBrowser) => {
  const value = browser.cookie(new URL(server.url).host, 'console_session')
  return value ? `console_session=${value}` : undefined
}

/** The IdP's login page for a fresh AuthnRequest of the platform (HTTP-Redirect binding). */
async function idpLoginPage(browser: CookieBrowser, redirectTo = '/ui/packages'): Promise<Visit> {
  const page = await browser.follow(`${sso('/start')}?redirectTo=${encodeURIComponent(redirectTo)}`)
  expect(page.url.origin).toBe(new URL(idp.ssoUrl).origin)
  expect(page.status).toBe(200)
  return page
}

const hiddenValue = (page: Visit, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(page.text)?.[1] ?? ''

async function signIn(browser: CookieBrowser, user = alice.username, password = alice.password) {
  const loginPage = await idpLoginPage(browser)
  const toSp = await browser.submit(loginPage, '/login', { username: user, password })
  return browser.submit(toSp, '/saml/acs', {}, atConsole)
}

/** Posts a response minted by the IdP for a real pending request; answers where it lands. */
async function postMinted(
  browser: CookieBrowser,
  mint: (requestId: string) => string,
): Promise<{ landed: string; samlResponse: string }> {
  const page = await idpLoginPage(browser)
  const samlResponse = mint(hiddenValue(page, 'requestId'))
  const answer = await browser.request(sso('/acs'), {
    form: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '/ui/packages' }),
  })
  expect(answer.status).toBe(302)
  return { landed: answer.location ?? '', samlResponse }
}

describe('settings (Administration → Security → SAML)', () => {
  it('round-trips, answers the SP addresses and the certificate, and is for admins only', async () => {
    const read = await call<Record<string, unknown>>(server, 'GET', '/ui/admin/saml', { cookie: admin })
    expect(read.body).toMatchObject({
      enabled: true,
      idpSsoUrl: idp.ssoUrl,
      idpIssuer: idp.entityId,
      serviceProvider: { entityId: sso('/metadata'), acsUrl: sso('/acs'), sloUrl: sso('/slo') },
      certificate: { subject: expect.stringContaining('Local SAML IdP') },
    })
    const developer = (await login(server, 'developer')).cookie
    expect((await call(server, 'GET', '/ui/admin/saml', { cookie: developer })).status).toBe(403)
    expect((await call(server, 'PUT', '/ui/admin/saml', { body: {} })).status).toBe(401)
  })

  it('refuses a bad certificate, a bad URL and a missing address, keeping what was stored', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await call<{ message: string }>(server, 'PUT', '/ui/admin/saml', { cookie: admin, body })).body.message
    expect(await bad({ idpCertificate: 'not a certificate' })).toMatch(/^idpCertificate: Not a certificate/)
    expect(await bad({ idpSloUrl: 'ftp://idp.example/slo' })).toMatch(/^idpSloUrl: Enter a valid URL/)
    expect(await bad({ idpSsoUrl: '' })).toBe('idpSsoUrl: This field is mandatory')
    const read = await call<Record<string, unknown>>(server, 'GET', '/ui/admin/saml', { cookie: admin })
    expect(read.body.idpSsoUrl).toBe(idp.ssoUrl)
  })

  it('serves the SP metadata with the entity id, the consumer and single logout', async () => {
    const res = await fetch(sso('/metadata'))
    expect(res.headers.get('content-type')).toMatch(/samlmetadata\+xml/)
    const xml = await res.text()
    expect(xml).toContain(`entityID="${sso('/metadata')}"`)
    expect(xml).toContain(`Location="${sso('/acs')}"`)
    expect(xml).toContain(`Location="${sso('/slo')}"`)
    expect(xml).toContain('WantAssertionsSigned="true"')
  })

  it('drives the login page: the SAML link, the logout address, the realm and auto-redirect', async () => {
    await configure({ autoRedirect: true })
    const related = await call<Record<string, unknown>>(server, 'GET', '/ui/auth/loginRelatedData')
    expect(related.body).toMatchObject({
      ssoProviderLink: sso('/start'),
      samlAuthenticationData: { providerName: 'Local SAML', url: sso('/start') },
    })
    expect((await call(server, 'GET', '/ui/auth/samlLogoutUrl')).body).toEqual({ logoutUrl: sso('/logout') })
    expect((await call(server, 'GET', '/ui/auth/autoRedirect')).body).toEqual({ isAutoRedirectLogin: true })
    const realms = await call<Array<{ realm: string; enabled: boolean }>>(server, 'GET', '/ui/auth/realms')
    expect(realms.body).toContainEqual({ realm: 'saml', enabled: true })
    await configure({ autoRedirect: false })
    expect((await call(server, 'GET', '/ui/auth/autoRedirect')).body).toEqual({ isAutoRedirectLogin: false })
  })
})

describe('sign-in through the local SAML IdP', () => {
  it('creates the saml user, maps the groups attribute and lands on the asked page (HTTP-Redirect)', async () => {
    const browser = new CookieBrowser()
    const landed = await signIn(browser)
    expect(landed.url.pathname).toBe('/ui/packages')
    const current = await call<Record<string, unknown>>(server, 'GET', '/ui/auth/current', {
      cookie: sessionOf(browser),
    })
    expect(current.body).toMatchObject({
      name: 'alice',
      realm: 'saml',
      admin: false,
      email: 'alice@idp.invalid',
    })
    const group = await call<{ members: string[] }>(server, 'GET', '/ui/admin/groups/developers', {
      cookie: admin,
    })
    expect(group.body.members).toContain('alice')
    expect(await server.ctx.sql.one('SELECT sso_provider FROM users WHERE name = ?', ['alice'])).toEqual({
      sso_provider: 'Local SAML',
    })
  })

  it('sends the AuthnRequest as a form with the HTTP-POST binding', async () => {
    await configure({ binding: 'post' })
    try {
      const browser = new CookieBrowser()
      const form = await browser.follow(sso('/start'))
      expect(form.status).toBe(200)
      expect(form.text).toContain(`action="${idp.ssoUrl}"`)
      const loginPage = await browser.submit(form, '/sso')
      const toSp = await browser.submit(loginPage, '/login', { username: 'bob', password: 'bob-password' })
      const landed = await browser.submit(toSp, '/saml/acs', {}, atConsole)
      expect(landed.url.pathname).toBe('/ui/')
      expect(sessionOf(browser)).toBeDefined()
    } finally {
      await configure({ binding: 'redirect' })
    }
  })

  it('signs out at the SAML logout address: a LogoutRequest to the IdP, back to the login page', async () => {
    const browser = new CookieBrowser()
    await signIn(browser)
    const cookie = sessionOf(browser)
    // The console ends the session first, then leaves for the SAML logout address.
    const logout = await call(server, 'POST', '/ui/auth/logout', { cookie })
    expect(logout.status).toBe(204)
    const before = idp.logouts.length
    const back = await browser.follow(sso('/logout'), {}, atConsole)
    expect(back.url.href).toBe(`${server.url}/ui/login`)
    expect(idp.logouts.slice(before)).toEqual(['alice'])
    expect(browser.cookie(new URL(server.url).host, 'console_saml')).toBeUndefined()
    expect((await call(server, 'GET', '/ui/auth/current', { cookie })).body).toMatchObject({
      name: 'anonymous',
    })
  })

  it('sends an unsafe post-login target to the console start instead', async () => {
    const browser = new CookieBrowser()
    const page = await idpLoginPage(browser, '//evil.example/steal')
    const toSp = await browser.submit(page, '/login', { username: alice.username, password: alice.password })
    const landed = await browser.submit(toSp, '/saml/acs', { RelayState: 'https://evil.example/' }, atConsole)
    expect(landed.url.href).toBe(`${server.url}/ui/`)
  })
})

describe('the service provider refuses', () => {
  it('a bad signature (a key other than the IdP certificate)', async () => {
    const other = await signingCertificate('Someone else')
    const browser = new CookieBrowser()
    const { landed } = await postMinted(browser, (id) =>
      idp.issue({ user: alice, inResponseTo: id, acsUrl: sso('/acs'), signingKey: other }),
    )
    expect(landed).toBe('/ui/login?ssoError=signature')
    expect(sessionOf(browser)).toBeUndefined()
  })

  it('a tampered assertion (signed, then changed)', async () => {
    const browser = new CookieBrowser()
    const { landed } = await postMinted(browser, (id) => {
      const xml = Buffer.from(
        idp.issue({ user: alice, inResponseTo: id, acsUrl: sso('/acs') }),
        'base64',
      ).toString()
      return Buffer.from(xml.replace('>alice<', '>admin<'), 'utf8').toString('base64')
    })
    expect(landed).toBe('/ui/login?ssoError=signature')
    expect(sessionOf(browser)).toBeUndefined()
  })

  it('a wrong audience', async () => {
    const browser = new CookieBrowser()
    const { landed } = await postMinted(browser, (id) =>
      idp.issue({
        user: alice,
        inResponseTo: id,
        acsUrl: sso('/acs'),
        audience: 'https://other-sp.example/',
      }),
    )
    expect(landed).toBe('/ui/login?ssoError=audience')
    expect(sessionOf(browser)).toBeUndefined()
  })

  it('an expired assertion', async () => {
    const browser = new CookieBrowser()
    const { landed } = await postMinted(browser, (id) =>
      idp.issue({ user: alice, inResponseTo: id, acsUrl: sso('/acs'), validForSeconds: -600 }),
    )
    expect(landed).toBe('/ui/login?ssoError=expired')
    expect(sessionOf(browser)).toBeUndefined()
  })

  it('an answer to a request it never made', async () => {
    const browser = new CookieBrowser()
    const answer = await browser.request(sso('/acs'), {
      form: new URLSearchParams({
        SAMLResponse: idp.issue({ user: alice, inResponseTo: '_never-asked', acsUrl: sso('/acs') }),
      }),
    })
    expect(answer.location).toBe('/ui/login?ssoError=state')
    expect(sessionOf(browser)).toBeUndefined()
  })

  it('a replayed response (the same answer posted twice)', async () => {
    const first = new CookieBrowser()
    const { landed, samlResponse } = await postMinted(first, (id) =>
      idp.issue({ user: alice, inResponseTo: id, acsUrl: sso('/acs') }),
    )
    expect(landed).toBe('/ui/packages')
    const replay = new CookieBrowser()
    const again = await replay.request(sso('/acs'), {
      form: new URLSearchParams({ SAMLResponse: samlResponse }),
    })
    expect(again.location).toBe('/ui/login?ssoError=state')
    expect(sessionOf(replay)).toBeUndefined()
  })

  it('a replayed assertion (its ID again, inside an answer to a new request)', async () => {
    const assertionId = `_replayed-${Date.now()}`
    const first = new CookieBrowser()
    const once = await postMinted(first, (id) =>
      idp.issue({ user: alice, inResponseTo: id, acsUrl: sso('/acs'), assertionId }),
    )
    expect(once.landed).toBe('/ui/packages')
    const second = new CookieBrowser()
    const twice = await postMinted(second, (id) =>
      idp.issue({ user: alice, inResponseTo: id, acsUrl: sso('/acs'), assertionId }),
    )
    expect(twice.landed).toBe('/ui/login?ssoError=replayed')
    expect(sessionOf(second)).toBeUndefined()
  })

  it('and the AuthnRequest of an unregistered consumer never gets an answer from the IdP', async () => {
    const browser = new CookieBrowser()
    const page = await idpLoginPage(browser)
    const refused = await browser.submit(page, '/login', {
      username: alice.username,
      password: alice.password,
      acs: 'https://evil.example/acs',
    })
    expect(refused.status).toBe(400)
  })
})
