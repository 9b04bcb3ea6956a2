// Crowd single sign-on in Chromium: the console against the reference server and a Crowd
// stand-in. A browser carrying Crowd's SSO cookie opens /ui/login/sso/crowd and is signed in as
// the Crowd session's user; one without it is back on the login page, which says why. HTTP SSO
// is set up on its settings page and signs in the person a trusted proxy names.
import { describe, expect, it } from 'vitest'
import { browser, withChromium } from '../support/e2e'
import { startTestServer } from '../support/server'
import { startLocalCrowd } from '../support/localCrowd'
import { adminApi, adminCookie, currentUser, pathOf } from './loginHelpers'
import { signIn } from '../support/signIn'

withChromium()

describe('Crowd single sign-on (e2e)', () => {
  it("signs in with Crowd's cookie; without one the login page says why", async () => {
    const crowd = await startLocalCrowd(
      new Map([['tok-erin', { name: 'erin.crowd', email: 'erin@example.test' }]]),
      [],
    )
    const server = await startTestServer()
    try {
      await adminApi(server, await adminCookie(server), 'PUT', '/ui/admin/crowd', {
        enabled: true,
        serverUrl: crowd.url,
        applicationName: crowd.application.name,
        applicationPassword: crowd.application.password,
      })
      const host = new URL(server.url).hostname
      const carrying = await browser.newContext()
      await carrying.addCookies([{ name: 'crowd.token_key', value: 'tok-erin', domain: host, path: '/' }])
      const page = await carrying.newPage()
      await page.goto(`${server.url}/ui/login/sso/crowd`)
      await expect.poll(() => pathOf(page), { timeout: 20_000 }).not.toMatch(/^\/login/)
      expect(await currentUser(page)).toMatchObject({ name: 'erin.crowd', anonymous: false })
      await carrying.close()

      const bare = await browser.newContext()
      const other = await bare.newPage()
      await other.goto(`${server.url}/ui/login/sso/crowd`)
      await other
        .getByRole('alert')
        .filter({ hasText: 'No single sign-on session came with your browser' })
        .waitFor({ timeout: 20_000 })
      expect(pathOf(other)).toBe('/login')
      await bare.close()
    } finally {
      await server.stop()
      await crowd.stop()
    }
  })

  it('HTTP SSO is set up on its settings page, then signs in the person the proxy names', async () => {
    const server = await startTestServer()
    try {
      const admin = await browser.newContext()
      const page = await admin.newPage()
      await signIn(server, page, 'admin', 'password')
      await page.goto(`${server.url}/ui/admin/configuration/security/http_sso`)
      const form = page.getByRole('form', { name: 'HTTP SSO settings' })
      await form.waitFor({ timeout: 20_000 })
      await page.getByRole('switch', { name: 'Enable HTTP SSO' }).click()
      await page.getByRole('textbox', { name: /Remote user header/ }).fill('X-Proxy-User')
      const proxies = page.getByRole('textbox', { name: /Trusted proxy addresses/ })
      await proxies.fill('127.0.0.1\n::1')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.getByText('HTTP SSO settings saved').first().waitFor({ timeout: 20_000 })
      await page.reload()
      await expect.poll(() => proxies.inputValue(), { timeout: 20_000 }).toBe('127.0.0.1\n::1')
      await admin.close()

      // This test is the proxy: on the loopback, which the settings now trust.
      const proxied = await browser.newContext({ extraHTTPHeaders: { 'X-Proxy-User': 'hana' } })
      const hana = await proxied.newPage()
      await hana.goto(`${server.url}/ui/login/sso/http`)
      await expect.poll(() => pathOf(hana), { timeout: 20_000 }).not.toMatch(/^\/login/)
      expect(await currentUser(hana)).toMatchObject({ name: 'hana', anonymous: false })
      await proxied.close()
    } finally {
      await server.stop()
    }
  })
})
