// Administration's Xray settings in Chromium against the reference server: from All settings an
// admin opens Indexed Resources (once a 404) and Scans Settings, changes each, and reads the
// change back from the platform after a reload; the platform's own answers agree.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { adminApi, adminCookie, signIn } from './loginHelpers'

let page: Page
let cookie: string
const SHOTS = process.env.SCREENSHOTS_DIR

withPlatformAndChromium()
beforeAll(async () => {
  cookie = await adminCookie(server)
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
})

/** Opens an item of All settings by its link, as an admin finds it there. */
async function fromAllSettings(title: string) {
  await page.goto(`${server.url}/ui/admin/artifactory/list`)
  const main = page.getByRole('main')
  await main.getByRole('searchbox', { name: 'Search settings' }).waitFor({ timeout: 20_000 })
  await main.getByRole('link', { name: title, exact: true }).click()
}

describe('Administration: Xray settings (e2e)', () => {
  it('Indexed Resources and Scans Settings open from All settings and keep what is saved', async () => {
    await signIn(server, page, 'admin', server.config.adminPassword)

    const before = (await adminApi(server, cookie, 'GET', '/xray/api/v1/indexed_resources')) as {
      repositories: string[]
    }
    await fromAllSettings('Indexed Resources')
    const indexed = page.getByRole('form', { name: 'Indexed repositories' })
    await indexed.waitFor({ timeout: 20_000 })
    expect(new URL(page.url()).pathname).toBe('/ui/admin/xray/indexed_resources')
    for (const repo of before.repositories)
      expect(await indexed.getByRole('checkbox', { name: repo, exact: true }).isChecked()).toBe(true)
    // One repository more, whichever is not indexed yet.
    await indexed.getByRole('checkbox', { checked: false }).first().click()
    await indexed.getByRole('button', { name: 'Save' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: 'Indexed repositories saved' })
      .waitFor({ timeout: 20_000 })
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-indexed-resources.png`, fullPage: true })
    const after = (await adminApi(server, cookie, 'GET', '/xray/api/v1/indexed_resources')) as {
      repositories: string[]
    }
    expect(after.repositories.length).toBe(before.repositories.length + 1)
    await page.reload()
    await indexed.waitFor({ timeout: 20_000 })
    for (const repo of after.repositories)
      expect(await indexed.getByRole('checkbox', { name: repo, exact: true }).isChecked()).toBe(true)

    await fromAllSettings('Scans Settings')
    const settings = page.getByRole('form', { name: 'Scans settings' })
    await settings.waitFor({ timeout: 20_000 })
    expect(new URL(page.url()).pathname).toBe('/ui/admin/xray/settings')
    const days = settings.getByRole('textbox', { name: /Keep the scan history/ })
    await days.fill('30')
    await settings.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Scans settings saved' }).waitFor({ timeout: 20_000 })
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-scans-settings.png`, fullPage: true })
    await page.reload()
    await settings.waitFor({ timeout: 20_000 })
    expect(await settings.getByRole('textbox', { name: /Keep the scan history/ }).inputValue()).toBe('30')
  })
})
