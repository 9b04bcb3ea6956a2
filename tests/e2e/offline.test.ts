// Offline in Chromium against the reference server: a banner says so, the
// page keeps its chrome and content, an area whose chunk cannot be fetched says so in its
// place, and it loads by itself when the connection is back, without a reload.
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from '../support/signIn'

withPlatformAndChromium()

describe('offline (e2e)', () => {
  it('shows a banner, keeps the page, says which area could not load, and loads it when back online', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    const nav = page.getByRole('navigation', { name: 'Administration' })
    await nav.waitFor({ timeout: 15_000 })
    let reloads = 0
    page.on('load', () => reloads++)

    await context.setOffline(true)
    await page.getByRole('status').filter({ hasText: 'Offline: what is on screen stays' }).waitFor()
    // The admin area's chunk has not been fetched yet: going there offline cannot load it.
    await nav.getByRole('link', { name: 'Proxies' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'This part of the console could not be loaded.' })
      .waitFor()
    expect(await nav.isVisible()).toBe(true)

    await context.setOffline(false)
    await page.getByRole('heading', { name: 'Proxies' }).first().waitFor({ timeout: 20_000 })
    expect(await page.getByText('Offline: what is on screen stays').count()).toBe(0)
    expect(reloads).toBe(0)
    await context.close()
  })
})
