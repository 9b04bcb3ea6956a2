// Security scanning end to end, in Chromium against the reference server (which imports the
// real advisories it ships and scans the catalogue's npm versions at start): an admin creates a
// policy and a watch through the console, the watch's violations show on the Violations page with
// the advisory, and the Scans List, Trends and the Advisory Database show the scanner's data.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from '../support/signIn'

let page: Page
const SHOTS = process.env.SCREENSHOTS_DIR

withPlatformAndChromium()
beforeAll(async () => {
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
})

describe('security scanning (e2e)', () => {
  it('an admin’s policy and watch find the catalogue’s vulnerable versions, shown as violations', async () => {
    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.goto(`${server.url}/ui/policies`)
    await page.getByRole('button', { name: 'New policy' }).first().click()
    const policy = page.getByRole('form', { name: 'Policy' })
    await policy.getByRole('textbox', { name: /^Name/ }).fill('no-medium')
    await policy.getByRole('combobox', { name: 'Least severity' }).click()
    await page.getByRole('option', { name: 'Medium and above' }).click()
    await policy.getByRole('checkbox', { name: 'Block download' }).click()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-policy-form.png` })
    await policy.getByRole('button', { name: 'Create policy' }).click()
    const policies = page.getByRole('table', { name: 'Policies' })
    await policies.getByRole('row').filter({ hasText: 'no-medium' }).waitFor({ timeout: 20_000 })
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-policies.png` })

    await page.goto(`${server.url}/ui/watches`)
    await page.getByRole('button', { name: 'New watch' }).first().click()
    const watch = page.getByRole('form', { name: 'Watch' })
    await watch.getByRole('textbox', { name: /^Name/ }).fill('npm-watch')
    await watch.getByRole('checkbox', { name: 'npm-remote' }).click()
    await watch.getByRole('checkbox', { name: 'no-medium' }).click()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-watch-form.png` })
    await watch.getByRole('button', { name: 'Create watch' }).click()
    await page
      .getByRole('table', { name: 'Watches' })
      .getByRole('row')
      .filter({ hasText: 'npm-watch' })
      .waitFor({
        timeout: 30_000,
      })

    await page.goto(`${server.url}/ui/violations`)
    const violations = page.getByRole('table', { name: 'Violations' })
    const first = violations.getByRole('row').nth(1)
    await first.getByRole('button', { name: /^(GHSA|CVE)-/ }).waitFor({ timeout: 30_000 })
    expect(await first.textContent()).toContain('npm-watch')
    expect(await first.textContent()).toContain('Blocks download')
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-violations.png`, fullPage: true })
    const issue = (await first.getByRole('button', { name: /^(GHSA|CVE)-/ }).textContent())!.trim()
    await first.getByRole('button', { name: issue }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('form', { name: 'Ignore rule' }).waitFor({ timeout: 10_000 })
    expect(await dialog.getByRole('link', { name: issue }).getAttribute('href')).toContain(issue)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-violation.png` })
    await page.keyboard.press('Escape')

    await page.goto(`${server.url}/ui/scans`)
    await page.getByRole('table', { name: 'Scans' }).getByRole('row').nth(1).waitFor({ timeout: 20_000 })
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-scans.png` })
    await page.goto(`${server.url}/ui/trends`)
    await page.getByRole('img', { name: /Vulnerabilities and violations over/ }).waitFor({ timeout: 20_000 })
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-trends.png` })
    await page.goto(`${server.url}/ui/admin/xray/advisories`)
    await page.getByRole('table', { name: 'Imports' }).getByRole('row').nth(1).waitFor({ timeout: 20_000 })
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-advisories.png` })
  })
  it('keeps Edit and Delete side by side on a policy and a watch at 1024 px', async () => {
    // Policies' (and Watches') Edit stood over Delete at 1024 px: the row's buttons wrapped.
    await page.setViewportSize({ width: 1024, height: 768 })
    for (const [path, table, name] of [
      ['policies', 'Policies', 'no-medium'],
      ['watches', 'Watches', 'npm-watch'],
    ] as const) {
      await page.goto(`${server.url}/ui/${path}`)
      const row = page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: name })
      const edit = await row.getByRole('button', { name: `Edit ${name}` }).boundingBox()
      const remove = await row.getByRole('button', { name: `Delete ${name}` }).boundingBox()
      if (!edit || !remove) throw new Error(`${path}: no button box`)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-${path}-1024.png` })
      if (path === 'policies') {
        // The policy's watch broke at its hyphen: 'npm-' over 'watch'.
        const watch = row.getByText('npm-watch', { exact: true })
        const lines = await watch.evaluate((e) => {
          const range = document.createRange()
          range.selectNodeContents(e)
          return range.getClientRects().length
        })
        expect(lines).toBe(1)
      }
      expect({
        path,
        sameLine: remove.y < edit.y + edit.height && edit.y < remove.y + remove.height,
      }).toEqual({
        path,
        sameLine: true,
      })
    }
  })

  it("draws the Trends chart's axis text at 12 px on screen, at 1440 px as at 1024 px", async () => {
    // The chart was scaled to its box: its 14-unit text was drawn about 16 px at 1440 px, larger
    // than the table's text under it.
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${server.url}/ui/trends`)
      const chart = page.getByRole('img', { name: /Vulnerabilities and violations over/ })
      await chart.waitFor({ timeout: 20_000 })
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-trends-${width}.png` })
      // A label's size on screen: its font size in the chart's units times the chart's scale.
      const drawn = () =>
        chart.evaluate((svg) =>
          [...svg.querySelectorAll('text')].map((t) =>
            Math.round(
              parseFloat(getComputedStyle(t).fontSize) * (t as SVGGraphicsElement).getScreenCTM()!.a,
            ),
          ),
        )
      await expect
        .poll(async () => ({ width, sizes: [...new Set(await drawn())] }))
        .toEqual({ width, sizes: [12] })
    }
  })
})
