// Clauses of spec 000 (the shell) on the flavours and settings they name, in Chromium against
// a reference server started for each case.
import { describe, expect, it } from 'vitest'
import { browser, withChromium } from '../support/e2e'
import { startTestServer } from '../support/server'
import { adminApi, adminCookie, fillLogin, pathOf } from './loginHelpers'

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
})
