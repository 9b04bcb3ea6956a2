// A build's violations end to end, in Chromium against the reference server: an admin has a watch
// over a build with a fail-build policy; a build-info naming a vulnerable version is published;
// the run is marked failed and its page shows the violation; the Violations page lists it under
// the Builds resource type, with the version of the build it was found in; an ignore rule scoped
// to the build, made from the violation, lifts it. A violations report over the build, chosen on
// the Reports page, holds its violation.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { adminApi, adminCookie } from './loginHelpers'
import { signIn } from '../support/signIn'
import { chooseOption } from './kitSelect'
import { securityPolicy } from '../support/xrayPolicies'
import { browserHeaders } from '../support/server'
import { call } from '../support/apiCalls'

let page: Page
let cookie: string
const SHOTS = process.env.SCREENSHOTS_DIR

withPlatformAndChromium()
beforeAll(async () => {
  cookie = await adminCookie(server)
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
})

describe('a build’s violations (e2e)', () => {
  it('fail the run, show on its page and in Violations by resource type, and an ignore rule on the build lifts them', async () => {
    const policy = securityPolicy('e2e-builds-high', 'high', { failBuild: true })
    await adminApi(server, cookie, 'POST', '/xray/api/v1/policies', policy)
    await adminApi(server, cookie, 'POST', '/xray/api/v1/watches', {
      name: 'e2e-over-shop',
      description: '',
      resources: { kind: 'builds', builds: ['shop-e2e'] },
      policies: [policy.name],
    })
    // lodash 4.17.15 has high advisories among the shipped ones: the build-info names its file.
    const lodash = await server.ctx.sql.one<{ sha256: string }>(
      "SELECT sha256 FROM catalog_files WHERE version_id = 'npm://lodash@4.17.15' AND lead = 1",
    )
    const published = await fetch(`${server.url}/artifactory/api/build`, {
      method: 'PUT',
      headers: browserHeaders(server.url, cookie),
      body: JSON.stringify({
        name: 'shop-e2e',
        number: '1',
        started: '2026-06-01T00:00:00.000Z',
        modules: [{ id: 'shop-e2e', artifacts: [{ name: 'lodash.tgz', sha256: lodash!.sha256 }] }],
      }),
    })
    expect(published.status).toBe(204)
    const found = await call<{ total: number; rows: Array<{ issue: string }> }>(
      server,
      'GET',
      '/xray/api/v1/violations?resourceType=build&watch=e2e-over-shop',
      { cookie },
    )
    expect(found.body.total).toBeGreaterThan(0)
    const issue = found.body.rows[0]!.issue

    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.goto(`${server.url}/ui/builds/shop-e2e/1`)
    await page.getByRole('heading', { level: 1, name: 'shop-e2e #1' }).waitFor({ timeout: 20_000 })
    await page.getByText('Failure', { exact: true }).first().waitFor({ timeout: 10_000 })
    const onRun = page.getByRole('table', { name: 'Violations of shop-e2e #1' })
    await onRun.getByRole('rowheader', { name: issue }).waitFor({ timeout: 10_000 })
    // With the version of the build it was found in, linked to its page.
    await onRun.getByRole('link', { name: 'lodash@4.17.15' }).first().waitFor()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/build-violations.png`, fullPage: true })

    // A violations report over the build, chosen on the Reports page, holds its violation.
    await page.goto(`${server.url}/ui/reports`)
    const ask = page.getByRole('form', { name: 'New report' })
    await ask.getByRole('radio', { name: 'Violations' }).click()
    await ask.getByRole('textbox', { name: /^Name/ }).fill('shop violations')
    await ask.getByRole('textbox', { name: /^Builds/ }).fill('shop-e2e')
    await ask.getByRole('button', { name: 'Generate report' }).click()
    const report = page
      .getByRole('table', { name: 'Reports' })
      .getByRole('row')
      .filter({ hasText: 'shop violations' })
    await report.getByText('Done').waitFor({ timeout: 30_000 })
    await report.getByText('Builds: shop-e2e').waitFor()
    await report.getByRole('button', { name: 'shop violations', exact: true }).click()
    const rows = page.getByRole('table', { name: 'Rows of shop violations' })
    await rows.getByRole('row').filter({ hasText: issue }).first().waitFor({ timeout: 20_000 })
    // Only the build's: no version of a repository comes in with it.
    const all = await rows.getByRole('row').count()
    expect(await rows.getByRole('row').filter({ hasText: 'shop-e2e' }).count()).toBe(all - 1)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-report-builds.png`, fullPage: true })

    await page.goto(`${server.url}/ui/violations`)
    await chooseOption(page, page.getByRole('combobox', { name: 'Resource type' }), 'Builds')
    const table = page.getByRole('table', { name: 'Violations' })
    await table.getByRole('button', { name: issue }).first().waitFor({ timeout: 20_000 })
    expect(await table.getByRole('link', { name: 'shop-e2e/1' }).count()).toBe(found.body.total)
    await table.getByRole('button', { name: issue }).first().click()
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${issue} in `) })
    await dialog.waitFor()
    // Where in the build it was found, as a version's violation names its repository.
    await dialog.getByRole('link', { name: 'lodash@4.17.15' }).waitFor()
    const form = dialog.getByRole('form', { name: 'Ignore rule' })
    // Scoped to the build alone: every violation of it is lifted.
    await form.getByRole('checkbox', { name: /^This issue/ }).uncheck()
    await form.getByRole('checkbox', { name: 'This build (shop-e2e/1)' }).check()
    await form.getByRole('textbox', { name: /Reason/ }).fill('Shipped before the upgrade')
    await form.getByRole('button', { name: 'Add ignore rule' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 20_000 })
    await page.getByText('No violations', { exact: true }).waitFor({ timeout: 20_000 })

    await page.goto(`${server.url}/ui/builds/shop-e2e/1`)
    await page
      .getByText('No violations: the watches naming this build found none in the versions it holds.')
      .waitFor({ timeout: 20_000 })
  }, 120_000)
})
