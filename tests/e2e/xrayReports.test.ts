// Reports end to end, in Chromium against the reference server (which scans the catalogue's npm
// versions against the advisories it ships at start): a developer asks for a vulnerabilities
// report, the platform makes it in the background, it opens a page at a time, and its CSV export
// holds the rows the screen shows.
import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from '../support/signIn'

let page: Page
const SHOTS = process.env.SCREENSHOTS_DIR

withPlatformAndChromium()
beforeAll(async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })
  page = await context.newPage()
})

describe('reports (e2e)', () => {
  it('a vulnerabilities report is made in the background, opens, and exports as CSV', async () => {
    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.goto(`${server.url}/ui/reports`)
    const form = page.getByRole('form', { name: 'New report' })
    await form.getByRole('radio', { name: 'Vulnerabilities' }).click()
    await form.getByRole('textbox', { name: /^Name/ }).fill('catalogue vulnerabilities')
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-report-form.png` })
    await form.getByRole('button', { name: 'Generate report' }).click()
    const reports = page.getByRole('table', { name: 'Reports' })
    const row = reports.getByRole('row').filter({ hasText: 'catalogue vulnerabilities' })
    await row.getByText('Done').waitFor({ timeout: 30_000 })
    const rows = Number(/([\d,]+) rows?/.exec((await row.textContent()) ?? '')?.[1]?.replace(/,/g, ''))
    expect(rows).toBeGreaterThan(0)

    await row.getByRole('button', { name: 'catalogue vulnerabilities', exact: true }).click()
    const table = page.getByRole('table', { name: 'Rows of catalogue vulnerabilities' })
    await table.getByRole('row').nth(1).waitFor({ timeout: 20_000 })
    const issue = (await table.getByRole('row').nth(1).getByRole('cell').nth(2).textContent())!.trim()
    expect(issue).toMatch(/^(GHSA|CVE)-/)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-reports.png`, fullPage: true })
    // At 1024 px and 1440 px an issue id stays on one line (the summary wraps instead).
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      const lines = await table
        .getByRole('row')
        .nth(1)
        .getByRole('cell')
        .nth(2)
        .locator('span')
        .evaluate((e) => e.getClientRects().length)
      expect(lines, `issue id lines at ${width} px`).toBe(1)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-reports-${width}.png`, fullPage: true })
    }

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: 'CSV of catalogue vulnerabilities' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.csv$/)
    const csv = await readFile((await download.path())!, 'utf8')
    const lines = csv.trimEnd().split('\r\n')
    expect(lines[0]).toMatch(/^package,version,repository,issue,/)
    expect(lines).toHaveLength(rows + 1)
    expect(csv).toContain(issue)

    // The Scans List ends with the git repositories the scanner reads: none on a fresh platform.
    await page.goto(`${server.url}/ui/scans`)
    await page.getByText('No git repository is scanned').waitFor({ timeout: 20_000 })
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-scans-git.png`, fullPage: true })
  })
})
