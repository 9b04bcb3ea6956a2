// SAML 2.0 in Chromium: the console against the reference server signing in through the local
// SAML IdP (assertion signed under a certificate made at test time; the saml-realm user is
// created and its group mapped), then signing out to the SAML logout address, which sends a
// LogoutRequest to the IdP and comes back to the login page. And the Security Settings pages
// an admin configures it in, and the auto-redirect with its local fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { startLocalSamlIdp, type LocalSamlIdp } from '../../server/sso/localSamlIdp'
import { readGeneralConfig, writeGeneralConfig } from '../../server/admin/generalConfig'
import { adminApi, adminCookie, currentUser, pathOf } from './loginHelpers'
import { fillLogin, signIn } from '../support/signIn'

const API = '/ui/api/v1'
let idp: LocalSamlIdp
let admin: string

const sso = (rest: string) => `${server.url}${API}/ui/auth/sso/saml${rest}`

const adminCall = (method: string, path: string, body?: unknown) =>
  adminApi(server, admin, method, path, body)

withPlatformAndChromium()
beforeAll(async () => {
  // The SP's addresses come from the base URL only, never from the request's Host.
  await writeGeneralConfig(server.ctx, {
    ...(await readGeneralConfig(server.ctx.sql, server.config)),
    baseUrl: server.url,
  })
  idp = await startLocalSamlIdp({
    spEntityId: sso('/metadata'),
    acsUrls: [sso('/acs')],
    spSloUrl: sso('/slo'),
  })
  admin = await adminCookie(server)
  await adminCall('POST', '/ui/admin/groups', { name: 'developers' })
  await adminCall('PUT', '/ui/admin/saml', {
    enabled: true,
    providerName: 'Local SAML',
    idpSsoUrl: idp.ssoUrl,
    idpSloUrl: idp.sloUrl,
    idpIssuer: idp.entityId,
    idpCertificate: idp.certificate,
  })
})
afterAll(async () => {
  await idp?.stop()
})

describe('SAML (e2e)', () => {
  it('signs in through the SAML IdP (user created, group mapped), then signs out to the SAML logout URL', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/login`)
    await page.getByRole('button', { name: 'Sign in with Local SAML' }).click()
    await expect.poll(() => new URL(page.url()).origin, { timeout: 15_000 }).toBe(new URL(idp.ssoUrl).origin)
    await page.getByLabel('User name').fill('alice')
    await page.getByLabel('Password').fill('alice-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => new URL(page.url()).origin, { timeout: 15_000 }).toBe(server.url)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).not.toMatch(/^\/login/)
    expect(await currentUser(page)).toMatchObject({ name: 'alice', anonymous: false })
    expect((await adminCall('GET', '/ui/admin/groups/developers')).members).toContain('alice')
    // Nothing of the assertion is kept in web storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    expect(stored).not.toMatch(/SAMLResponse|Assertion|alice@idp/)

    const logouts = idp.logouts.length
    const sloRequests: string[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(idp.sloUrl)) sloRequests.push(r.url())
    })
    await page.goto(`${server.url}/ui/logout`)
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${server.url}/ui/login`)
    expect(sloRequests).toHaveLength(1)
    expect(new URL(sloRequests[0]!).searchParams.get('SAMLRequest')).toBeTruthy()
    expect(idp.logouts.slice(logouts)).toEqual(['alice'])
    await expect.poll(async () => (await currentUser(page)).anonymous, { timeout: 15_000 }).toBe(true)
    await context.close()
  })

  it('a page asked for before signing in is where SAML sign-in lands (the target survives RelayState)', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/builds`)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/^\/login/)
    await page.getByRole('button', { name: 'Sign in with Local SAML' }).click()
    await expect.poll(() => new URL(page.url()).origin, { timeout: 15_000 }).toBe(new URL(idp.ssoUrl).origin)
    await page.getByLabel('User name').fill('bob')
    await page.getByLabel('Password').fill('bob-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => new URL(page.url()).origin, { timeout: 15_000 }).toBe(server.url)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/builds')
    await context.close()
  })

  it('auto-redirect sends the login page to the SAML IdP; ?local=true still signs an admin in locally', async () => {
    await adminCall('PUT', '/ui/admin/saml', { autoRedirect: true })
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${server.url}/ui/login`)
      await expect
        .poll(() => new URL(page.url()).origin, { timeout: 15_000 })
        .toBe(new URL(idp.ssoUrl).origin)
      await page.getByLabel('User name').waitFor()
      await page.goto(`${server.url}/ui/login?local=true`)
      await fillLogin(page, 'admin', server.config.adminPassword)
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).not.toMatch(/^\/login/)
      expect(new URL(page.url()).origin).toBe(server.url)
      expect(await currentUser(page)).toMatchObject({ name: 'admin', anonymous: false })
      await context.close()
    } finally {
      await adminCall('PUT', '/ui/admin/saml', { autoRedirect: false })
    }
  })

  it('an admin opens Security Settings and its SAML page with the service provider addresses', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } })
    const page = await context.newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.goto(`${server.url}/ui/admin/configuration/security`)
    await expect
      .poll(() => page.getByRole('heading', { name: 'Security Settings', level: 1 }).count(), {
        timeout: 15_000,
      })
      .toBe(1)
    await page.getByRole('textbox', { name: /Minimum password length/ }).waitFor()
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/security-general.png` })
    await page.getByRole('link', { name: 'SAML' }).click()
    await page.getByText(sso('/acs')).waitFor()
    expect(await page.getByRole('textbox', { name: /SAML login URL/ }).inputValue()).toBe(idp.ssoUrl)
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/security-saml.png`, fullPage: true })
    await page.getByRole('link', { name: 'OAuth' }).click()
    await page.getByRole('button', { name: 'Test connection' }).waitFor()
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/security-oauth.png`, fullPage: true })
    await context.close()
  })
})
