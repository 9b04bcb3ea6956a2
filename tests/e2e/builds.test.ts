// Builds end to end, in Chromium against the reference server: the list of the seeded builds,
// a run's details whose artifacts are real catalogue files linking to their package version,
// and the package's Builds tab linking back to the run.
import { beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Page } from 'playwright-core'
import { pathOf } from './loginHelpers'
import { signIn } from '../support/signIn'

let page: Page
const SHOTS = process.env.SCREENSHOTS_DIR

withPlatformAndChromium()
beforeAll(async () => {
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
})

describe('builds (e2e)', () => {
  it('lists the builds, shows a run with its artifacts, and links to and from the package', async () => {
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.goto(`${server.url}/ui/builds`)
    const list = page.getByRole('table', { name: 'Builds' })
    await list.getByRole('link', { name: 'console-web' }).waitFor({ timeout: 20_000 })
    const row = list.getByRole('row').filter({ hasText: 'console-web' })
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['#42', 'Failure', '2']),
    )
    await row.getByRole('link', { name: '#42' }).click()
    await expect.poll(() => pathOf(page)).toBe('/builds/console-web/42')
    await page.getByRole('heading', { level: 1, name: 'console-web #42' }).waitFor({ timeout: 20_000 })
    const artifacts = page.getByRole('table', { name: 'Artifacts of console-web:42' })
    const react = artifacts.getByRole('link', { name: /^react \d/ })
    await react.waitFor({ timeout: 20_000 })
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/build.png`, fullPage: true })
    const version = (await react.textContent())!.split(' ')[1]!
    await react.click()
    await expect.poll(() => decodeURIComponent(pathOf(page))).toBe(`/packages/npm://react/${version}`)
    // The version's Builds tab lists the run and links back to it.
    await page.getByRole('tab', { name: 'Builds' }).click()
    await page.getByRole('table', { name: 'Builds' }).getByRole('link', { name: '#42' }).click()
    await expect.poll(() => pathOf(page)).toBe('/builds/console-web/42')
  }, 90_000)
})
