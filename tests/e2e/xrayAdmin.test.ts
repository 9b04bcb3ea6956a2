// Administration's Xray settings in Chromium against the reference server: from All settings an
// admin opens Indexed Resources (once a 404) and Scans Settings, changes each, and reads the
// change back from the platform after a reload; the platform's own answers agree. The webhook
// saved there (a receiver on loopback, closed after the test) gets the violations a notifying
// policy finds, and the Scans Settings list them as sent. The Advisory Database imports an OSV
// file chosen on the admin's disk, which the platform then holds, and shows the rescan it starts:
// done, or failed with why and a Retry that scans again.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { adminApi, adminCookie } from './loginHelpers'
import { signIn } from '../support/signIn'
import { exportLogText } from './debugTools'
import { poll } from '../support/wait'
import { osvAdvisory } from '../support/osvAdvisories'
import { call } from '../support/apiCalls'
import { browserHeaders } from '../support/server'

let page: Page
let cookie: string
const SHOTS = process.env.SCREENSHOTS_DIR
let receiver: Server
let webhook: string
const SECRET = 's3cr3t-w3bh00k'
/** Resolved with the first body the webhook receives. */
let firstPost: Promise<{ violations: Array<{ watch: string; issue: string }> }>

withPlatformAndChromium()
beforeAll(async () => {
  cookie = await adminCookie(server)
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  firstPost = new Promise((resolve) => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (c: Buffer) => chunks.push(c))
      request.on('end', () => {
        response.writeHead(204).end()
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
      })
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiver.unref()
  // The path holds the webhook's secret, as a chat's incoming webhook does.
  webhook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/T01/B02/${SECRET}`
})
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve))
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
    await settings.getByRole('textbox', { name: /Webhook for notifications/ }).fill(webhook)
    await settings.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Scans settings saved' }).waitFor({ timeout: 20_000 })
    // The session's log holds the save, and nothing of the webhook's path.
    const log = await exportLogText(page)
    expect(log).toContain('xray/ChangeRequested')
    expect(log).not.toContain(SECRET)
    await page.reload()
    await settings.waitFor({ timeout: 20_000 })
    expect(await settings.getByRole('textbox', { name: /Keep the scan history/ }).inputValue()).toBe('30')
    // Told again only by its target: the field is for a new one, kept empty.
    const again = settings.getByRole('textbox', { name: /New webhook for notifications/ })
    expect(await again.inputValue()).toBe('')
    const origin = new URL(webhook).origin
    await settings.getByText(`posted to a webhook at ${origin};`, { exact: false }).waitFor()
    expect(await page.content()).not.toContain(SECRET)
    expect(JSON.stringify(await adminApi(server, cookie, 'GET', '/xray/api/v1/settings'))).not.toContain(
      SECRET,
    )

    // A policy whose rule notifies, watching the remote's catalogue: its violations reach the webhook.
    await adminApi(server, cookie, 'POST', '/xray/api/v1/policies', {
      name: 'tell-high',
      description: '',
      type: 'security',
      rules: [
        {
          name: 'high',
          criteria: { kind: 'security', minSeverity: 'high' },
          actions: { blockDownload: false, failBuild: false, notify: true },
        },
      ],
    })
    await adminApi(server, cookie, 'POST', '/xray/api/v1/watches', {
      name: 'told',
      description: '',
      resources: { kind: 'repositories', repositories: ['npm-remote'] },
      policies: ['tell-high'],
    })
    const posted = await firstPost
    expect(posted.violations.length).toBeGreaterThan(0)
    expect(posted.violations.every((v) => v.watch === 'told')).toBe(true)
    // The platform marks them sent once the webhook has answered.
    await poll(
      async () =>
        (
          (await adminApi(server, cookie, 'GET', '/xray/api/v1/notifications')) as {
            notifications: Array<{ issue: string; status: string }>
          }
        ).notifications,
      (all) => all.some((n) => n.issue === posted.violations[0]!.issue && n.status === 'sent'),
      { what: 'the notification sent' },
    )
    await page.reload()
    const notifications = page.getByRole('table', { name: 'Notifications' })
    const sent = notifications.getByRole('row').filter({ hasText: posted.violations[0]!.issue })
    await sent.first().waitFor({ timeout: 20_000 })
    expect(await sent.first().textContent()).toContain('told / tell-high')
    expect(await sent.first().textContent()).toContain('Sent')
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-scans-settings.png`, fullPage: true })
  })

  it('Advisory Database imports an OSV file chosen on the admin’s disk, which the platform then holds', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'osv-upload-'))
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    try {
      const id = 'GHSA-e2e0-up10-ad01'
      const file = join(folder, `${id}.json`)
      writeFileSync(file, JSON.stringify(osvAdvisory(id, 'left-pad', { severity: 'HIGH' })))
      expect((await call(server, 'GET', `/xray/api/v1/advisories/${id}`, { cookie })).status).toBe(404)
      const admin = await context.newPage()
      await signIn(server, admin, 'admin', server.config.adminPassword)
      await admin.goto(`${server.url}/ui/admin/xray/advisories`)
      const form = admin.getByRole('form', { name: 'Import an advisory file' })
      await form.getByLabel('OSV file (JSON or zip)').setInputFiles(file)
      await form.getByRole('button', { name: 'Import file' }).click()
      await admin
        .getByRole('status')
        .filter({ hasText: `Advisories imported from ${id}.json` })
        .waitFor({ timeout: 30_000 })
      expect(await adminApi(server, cookie, 'GET', `/xray/api/v1/advisories/${id}`)).toMatchObject({ id })
      // The imports' list, asked again, names the file.
      const imports = admin.getByRole('table', { name: 'Imports' })
      await imports
        .getByRole('row')
        .filter({ hasText: `${id}.json` })
        .first()
        .waitFor({ timeout: 20_000 })
      expect(
        await imports
          .getByRole('row')
          .filter({ hasText: `${id}.json` })
          .first()
          .textContent(),
      ).toContain('Imported')
      // The rescan the import started shows on its row as it goes, without a reload, to its end:
      // the versions the platform records it scanned.
      const row = imports
        .getByRole('row')
        .filter({ hasText: `${id}.json` })
        .first()
      await row.filter({ hasText: 'Rescanned' }).waitFor({ timeout: 60_000 })
      const recorded = (
        (await adminApi(server, cookie, 'GET', '/xray/api/v1/advisories/status')) as {
          imports: Array<{ source: string; rescan: { status: string; scanned: number } | null }>
        }
      ).imports.find((i) => i.source === `upload:${id}.json`)
      expect(recorded?.rescan?.status).toBe('done')
      expect(recorded!.rescan!.scanned).toBeGreaterThan(0)
      expect(await row.textContent()).toContain(`${recorded!.rescan!.scanned.toLocaleString('en')} versions`)
      if (SHOTS) await admin.screenshot({ path: `${SHOTS}/xray-advisory-upload.png`, fullPage: true })
    } finally {
      await context.close()
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('Advisory Database shows a rescan that failed, with why, and its Retry scans again', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const source = 'upload:rescan-retry.json'
    const rescanOf = async () =>
      (
        await server.ctx.sql.one<{ rescan_status: string | null }>(
          'SELECT rescan_status FROM xray_imports WHERE source = ?',
          [source],
        )
      )?.rescan_status
    try {
      // The scans' table moved away: the rescan the import starts fails, as on a broken database.
      await server.ctx.sql.run('ALTER TABLE xray_scans RENAME TO xray_scans_moved')
      try {
        const imported = await fetch(
          `${server.url}/ui/api/v1/xray/api/v1/advisories/import?name=rescan-retry.json`,
          {
            method: 'POST',
            headers: { ...browserHeaders(server.url, cookie), 'content-type': 'application/octet-stream' },
            body: JSON.stringify([osvAdvisory('GHSA-e2e0-resc-an01', 'left-pad')]),
          },
        )
        expect(imported.status).toBe(200)
        await poll(rescanOf, (status) => status === 'failed', { what: 'the rescan failed' })
      } finally {
        await server.ctx.sql.run('ALTER TABLE xray_scans_moved RENAME TO xray_scans')
      }
      const admin = await context.newPage()
      await signIn(server, admin, 'admin', server.config.adminPassword)
      await admin.goto(`${server.url}/ui/admin/xray/advisories`)
      const row = admin.getByRole('table', { name: 'Imports' }).getByRole('row').filter({ hasText: source })
      await row.filter({ hasText: 'Rescan failed' }).waitFor({ timeout: 30_000 })
      expect(await row.textContent()).toMatch(/xray_scans/)
      await row.getByRole('button', { name: 'Retry' }).click()
      await row.filter({ hasText: 'Rescanned' }).waitFor({ timeout: 60_000 })
      expect(await rescanOf()).toBe('done')
      if (SHOTS) await admin.screenshot({ path: `${SHOTS}/xray-advisory-rescan-retry.png`, fullPage: true })
    } finally {
      await context.close()
    }
  })
})
