// Clauses of spec 000 (the shell) on the flavours and settings they name, in Chromium against
// a reference server started for each case.
import { describe, expect, it } from 'vitest'
import { browser, withChromium } from '../support/e2e'
import { startTestServer } from '../support/server'
import { adminApi, adminCookie, pathOf } from './loginHelpers'
import { fillLogin, signIn } from '../support/signIn'
import { TINY_PNG as PNG } from '../support/tinyPng'

withChromium()

describe('shell clauses (e2e)', () => {
  it('UI access blocked: signing in ends on the login page, which says why (developer and admin)', async () => {
    const server = await startTestServer()
    try {
      await adminApi(server, await adminCookie(server), 'PUT', '/ui/subscription/blockedUsages', {
        blocked: ['UI'],
      })
      for (const [user, password] of [
        ['developer', server.config.userPassword],
        ['admin', server.config.adminPassword],
      ] as const) {
        const context = await browser.newContext()
        const page = await context.newPage()
        await page.goto(`${server.url}/ui/login`)
        await fillLogin(page, user, password)
        const alert = page.getByRole('alert').filter({ hasText: 'subscription does not allow access' })
        await alert.waitFor({ timeout: 20_000 })
        expect(pathOf(page)).toBe('/login')
        await expect.poll(() => page.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true)
        // Opening /login again is the login page too, not an endless skeleton.
        await page.goto(`${server.url}/ui/login`)
        await page.getByRole('button', { name: 'Log in' }).waitFor({ timeout: 15_000 })
        await context.close()
      }
    } finally {
      await server.stop()
    }
  })

  it('anonymous access: an admin path sends the visitor to login, and after it to that path', async () => {
    const server = await startTestServer({}, { ANONYMOUS_ACCESS: 'true' })
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${server.url}/ui/packages`)
      await page.getByRole('navigation', { name: 'Application' }).waitFor({ timeout: 20_000 })
      await page.goto(`${server.url}/ui/admin/configuration/general`)
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/login')
      await fillLogin(page, 'admin', server.config.adminPassword)
      await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/admin/configuration/general')
      await context.close()
    } finally {
      await server.stop()
    }
  })

  it('OSS: Administration from packages lands on General Settings; the projects list is its teaser', async () => {
    const server = await startTestServer({}, { PLATFORM_FLAVOUR: 'oss' })
    try {
      const page = await browser.newPage()
      await page.goto(`${server.url}/ui/login`)
      await fillLogin(page, 'admin', server.config.adminPassword)
      await expect.poll(() => pathOf(page), { timeout: 20_000 }).not.toMatch(/^\/login/)
      await page.goto(`${server.url}/ui/packages`)
      await page
        .getByRole('group', { name: 'Sidebars' })
        .getByRole('button', { name: 'Administration' })
        .click()
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/admin/configuration/general')
      await page.goto(`${server.url}/ui/admin/projects/list`)
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/demo/admin/projects/list')
      await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor({ timeout: 15_000 })
      expect(await page.getByText('You are not authorized').count()).toBe(0)
      await page.close()
    } finally {
      await server.stop()
    }
  })

  it('General Settings: name, logo and account portal reach the top bar and the portal route', async () => {
    const server = await startTestServer()
    try {
      const page = await browser.newPage()
      await signIn(server, page, 'admin', server.config.adminPassword)
      await page.goto(`${server.url}/ui/admin/configuration/general`)
      const form = page.getByRole('form', { name: 'General settings' })
      await form.getByLabel('Server name').waitFor({ timeout: 15_000 })
      const logoUrl = `${server.url}/ui/brand-from-settings.png`
      const portal = `${server.url}/ui/account-portal-from-settings`
      await form.getByLabel('Server name').fill('Acme Artifacts')
      await form.getByLabel('Logo URL').fill(logoUrl)
      await form.getByLabel('Account portal URL').fill(portal)
      const saved = page.waitForResponse(
        (r) => r.url().includes('generalConfig') && r.request().method() !== 'GET' && r.ok(),
      )
      await form.getByRole('button', { name: 'Save' }).click()
      await saved
      await page.reload()
      // With no uploaded logo, the logo URL comes before the default.
      const home = page.getByRole('link', { name: 'Acme Artifacts home' })
      await expect.poll(() => home.locator('img').getAttribute('src'), { timeout: 20_000 }).toBe(logoUrl)
      // An uploaded logo comes before the logo URL, served from the logo path.
      await page
        .getByRole('region', { name: 'Logo' })
        .getByLabel('Logo image')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
      await expect
        .poll(() => home.locator('img').getAttribute('src'), { timeout: 20_000 })
        .toMatch(/\/ui\/generalConfig\/logo/)
      const served = await page.request.get(
        new URL((await home.locator('img').getAttribute('src'))!, server.url).href,
      )
      expect(served.status()).toBe(200)
      expect(served.headers()['content-type']).toMatch(/^image\/png/)
      await page.goto(`${server.url}/ui/user/my-jfrog-redirect`)
      await page.waitForURL(portal, { timeout: 20_000 })
      await page.close()
    } finally {
      await server.stop()
    }
  })

  for (const [flavour, refused] of [
    ['container-registry', 'Peers'],
    ['edge', 'Projects'],
  ] as const) {
    it(`${flavour}: All settings shows no ${refused} and no group with nothing usable`, async () => {
      const server = await startTestServer({}, { PLATFORM_FLAVOUR: flavour })
      try {
        const page = await browser.newPage()
        await page.goto(`${server.url}/ui/login`)
        await fillLogin(page, 'admin', server.config.adminPassword)
        await expect.poll(() => pathOf(page), { timeout: 20_000 }).not.toMatch(/^\/login/)
        await page.goto(`${server.url}/ui/admin/artifactory/list`)
        const main = page.getByRole('main')
        await main.getByRole('searchbox', { name: 'Search settings' }).waitFor({ timeout: 15_000 })
        await main.getByRole('link', { name: 'General Settings' }).waitFor()
        expect(await main.getByRole('link', { name: refused, exact: true }).count()).toBe(0)
        expect(await main.getByRole('heading', { name: 'Xray Settings' }).count()).toBe(0)
        await page.close()
      } finally {
        await server.stop()
      }
    })
  }
})
