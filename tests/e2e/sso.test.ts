// Single sign-on in Chromium: the console against the reference server signing in through the
// local OpenID provider (oidc-provider) — first sign-in creates the user and maps its group,
// sign-out goes through the provider, a denied consent — and the auto-redirect with its local fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { startLocalOidcProvider, type LocalOidcProvider } from '../../server/sso/localOidcProvider'
import { adminApi, adminCookie, currentUser, pathOf } from './loginHelpers'
import { fillLogin } from '../support/signIn'

const API = '/ui/api/v1'
let idp: LocalOidcProvider
let admin: string

const adminCall = (method: string, path: string, body?: unknown) =>
  adminApi(server, admin, method, path, body)

withPlatformAndChromium()
beforeAll(async () => {
  idp = await startLocalOidcProvider({
    clientId: 'platform-console',
    clientSecret: 'e2e-client-secret',
    redirectUris: [`${server.url}${API}/ui/auth/sso/oidc/callback`],
    postLogoutRedirectUris: [`${server.url}/ui/login`],
  })
  admin = await adminCookie(server)
  await adminCall('POST', '/ui/admin/groups', { name: 'developers' })
  await adminCall('PUT', '/ui/admin/oidc', {
    enabled: true,
    providerName: 'Local IdP',
    issuerUrl: idp.issuer,
    clientId: 'platform-console',
    clientSecret: 'e2e-client-secret',
  })
})
afterAll(async () => {
  await idp?.stop()
})

/** From the login page: alice signs in at the provider and allows the console, back on the platform. */
async function signInAsAlice(page: Page) {
  await page.getByRole('button', { name: 'Sign in with Local IdP' }).click()
  await page.getByLabel('User name').fill('alice')
  await page.getByLabel('Password').fill('alice-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('button', { name: 'Allow' }).click()
  await expect.poll(() => new URL(page.url()).origin, { timeout: 15_000 }).toBe(server.url)
}

describe('single sign-on (e2e)', () => {
  it('signs in through the OpenID provider (user created, group mapped), then signs out through it', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/login`)
    await signInAsAlice(page)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).not.toMatch(/^\/login/)
    expect(await currentUser(page)).toMatchObject({ name: 'alice', anonymous: false })
    const group = await adminCall('GET', '/ui/admin/groups/developers')
    expect(group.members).toContain('alice')
    // Nothing of the provider's answer is kept in web storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    expect(stored).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./)

    await page.goto(`${server.url}/ui/logout`)
    await page.getByRole('button', { name: 'Yes, sign me out' }).click()
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${server.url}/ui/login`)
    await expect.poll(async () => (await currentUser(page)).anonymous, { timeout: 15_000 }).toBe(true)
    await context.close()
  })

  // Spec 000: the path saved before login is where the user lands; the provider's round trip
  // used to drop it (the sign-in started for /ui/), so a user who asked for Builds got the Overview.
  it('a page asked for before signing in is where OpenID sign-in lands', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/builds`)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/^\/login/)
    await signInAsAlice(page)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/builds')
    await context.close()
  })

  // Spec 000 section 2: /auth-provider/:type sends the visitor to that provider's sign-in.
  it('/auth-provider/openid leaves for the OpenID provider; a type the platform lacks says so', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/auth-provider/openid`)
    await expect.poll(() => new URL(page.url()).origin, { timeout: 15_000 }).toBe(new URL(idp.issuer).origin)
    await page.getByLabel('User name').waitFor()
    await page.goto(`${server.url}/ui/auth-provider/github`)
    await page
      .getByRole('alert')
      .filter({ hasText: 'This sign-in method is not available on this platform.' })
      .waitFor({ timeout: 15_000 })
    expect(new URL(page.url()).pathname).toBe('/ui/auth-provider/github')
    if (process.env.E2E_SHOTS)
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/auth-provider-unknown.png` })
    await page.getByRole('link', { name: 'Back to login' }).click()
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/login')
    await context.close()
  })

  it('auto-redirect sends the login page to the provider; ?local=true still signs an admin in locally', async () => {
    await adminCall('PUT', '/ui/admin/oidc', { autoRedirect: true })
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${server.url}/ui/login`)
      await expect.poll(() => new URL(page.url()).origin, { timeout: 15_000 }).toBe(idp.issuer)
      await expect(page.getByLabel('User name').isVisible()).resolves.toBe(true)

      await page.goto(`${server.url}/ui/login?local=true`)
      await fillLogin(page, 'admin', server.config.adminPassword)
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).not.toMatch(/^\/login/)
      expect(new URL(page.url()).origin).toBe(server.url)
      expect(await currentUser(page)).toMatchObject({ name: 'admin', anonymous: false })
      await context.close()
    } finally {
      await adminCall('PUT', '/ui/admin/oidc', { autoRedirect: false })
    }
  })

  it('a denied consent lands on the login page with a clear message', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/login`)
    await page.getByRole('button', { name: 'Sign in with Local IdP' }).click()
    await page.getByLabel('User name').fill('bob')
    await page.getByLabel('Password').fill('bob-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('button', { name: 'Deny' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe('Sign-in was cancelled at the identity provider.')
    expect(pathOf(page)).toBe('/login')
    expect((await currentUser(page)).anonymous).toBe(true)
    await context.close()
  })
})
