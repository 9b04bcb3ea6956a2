// Every item of the Application sidebar on the platform flavour, in Chromium against the
// reference server, for an admin and for a developer: `/` lands on the Overview, which the
// sidebar names first; each item opens a page of its own, and none shows the placeholder (the
// security scanner's pages included). A developer's Overview has no link to the admins'
// Service Status. Security and Compliance forwards to Policies on this flavour (the scanner runs
// and the licence allows it).
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { pathOf } from './loginHelpers'
import { signIn } from '../support/signIn'

const SHOTS = process.env.SCREENSHOTS_DIR
const PLACEHOLDER = 'This area is not available in this console yet'

withPlatformAndChromium()

/** Opens each Application sidebar item in turn; answers the items whose page is the placeholder. */
async function itemsShowingThePlaceholder(page: Page): Promise<string[]> {
  const sidebar = page.getByRole('navigation', { name: 'Application' })
  const names = (await sidebar.getByRole('link').allTextContents()).map((n) => n.trim())
  expect(names.length).toBeGreaterThan(8)
  const placeholders: string[] = []
  for (const name of names) {
    const link = sidebar.getByRole('link', { name, exact: true })
    if ((await link.getAttribute('aria-current')) !== 'page') {
      const before = pathOf(page)
      await link.click()
      await expect.poll(() => pathOf(page), { message: `${name} opens its page` }).not.toBe(before)
    }
    await page
      .getByRole('main')
      .getByRole('heading')
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(async (error: unknown) => {
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/sidebar-no-heading.png` })
        throw new Error(`${name} (${pathOf(page)}) shows no page heading: ${String(error)}`)
      })
    if ((await page.getByRole('main').getByText(PLACEHOLDER).count()) > 0)
      // Security and Compliance forwards to the scanner's Policies where the scanner runs (spec 000).
      placeholders.push(pathOf(page) === '/security_policies' ? `${name} → Policies` : name)
  }
  return placeholders
}

describe('the Application sidebar on the platform flavour (e2e)', () => {
  for (const user of ['admin', 'developer'] as const)
    it(`${user}: / lands on the Overview, and no item is a placeholder`, async () => {
      const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
      const password = user === 'admin' ? server.config.adminPassword : server.config.userPassword
      await signIn(server, page, user, password)
      await page.goto(`${server.url}/ui/`)
      await expect.poll(() => pathOf(page)).toBe('/overview')
      const sidebar = page.getByRole('navigation', { name: 'Application' })
      const overview = sidebar.getByRole('link', { name: 'Overview', exact: true })
      await overview.waitFor({ timeout: 20_000 })
      expect(await overview.getAttribute('aria-current')).toBe('page')
      expect((await sidebar.getByRole('link').first().textContent())?.trim()).toBe('Overview')
      await page.getByRole('list', { name: 'Service health' }).waitFor({ timeout: 20_000 })
      // Service Status is an admin page: only an admin's Overview links to it.
      expect(await page.getByRole('main').getByRole('link', { name: 'Status', exact: true }).count()).toBe(
        user === 'admin' ? 1 : 0,
      )
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/overview-sidebar-${user}.png` })
      const placeholders = await itemsShowingThePlaceholder(page)
      expect(placeholders, 'no sidebar item shows the placeholder').toEqual([])
      await page.context().close()
    })
})
