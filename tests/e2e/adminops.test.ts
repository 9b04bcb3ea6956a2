// System Logs and Support Zone in Chromium against the reference server: the live log shows a
// request the browser made; a support bundle is created, built, downloaded and is a real zip.
import { beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Page } from 'playwright-core'
import { readFile } from 'node:fs/promises'
import { unzipSync } from 'fflate'
import { fillLogin } from '../support/signIn'

let page: Page

withPlatformAndChromium()
beforeAll(async () => {
  page = await browser.newPage()
  await page.goto(`${server.url}/ui/login`)
  await fillLogin(page, 'admin', server.config.adminPassword)
  await page.waitForURL((url) => !url.pathname.startsWith('/ui/login'), { timeout: 15_000 })
})

/** A node row as a node of another cluster would write it (Online: its heartbeat is fresh). */
function addNode(serviceId: string, nodeId: string, serviceType: string): void {
  const now = new Date().toISOString()
  server.ctx.db
    .prepare(
      `INSERT INTO cluster_nodes (service_id, node_id, service_type, micro_services, started_at, last_heartbeat,
         heartbeat_interval_ms, pid, host) VALUES (?, ?, ?, '[]', ?, ?, 3600000, 1, 'elsewhere')`,
    )
    .run(serviceId, nodeId, serviceType, now, now)
}

describe('admin operations (e2e)', () => {
  it('Service Status is its own page: a second Mission Control is warned about, and its node removed once confirmed', async () => {
    const known = server.ctx.db
      .prepare("SELECT DISTINCT service_id FROM cluster_nodes WHERE service_id LIKE 'jfmc%'")
      .all()
    if (known.length === 0) addNode('jfmc@e2e-first', 'mc-first', 'mission control')
    addNode('jfmc@e2e-second', 'mc-second', 'mission control')
    await page.goto(`${server.url}/ui/admin/monitoring/service-status`)
    await page.getByRole('heading', { name: 'Service Status', level: 1 }).waitFor()
    expect(await page.title()).toMatch(/^Service Status/)
    const warning = page.getByRole('alert').filter({ hasText: 'Several Mission Control instances' })
    await warning.waitFor()
    await page.getByRole('button', { name: 'Remove node mc-second of jfmc@e2e-second' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Remove this node?' })
    const removal = page.waitForRequest(
      (r) =>
        r.method() === 'DELETE' && r.url().endsWith('/access/api/v1/topology/jfmc%40e2e-second/mc-second'),
    )
    const refetch = page.waitForResponse((r) => r.url().endsWith('/system/status/ha'))
    await dialog.getByRole('button', { name: 'Remove node' }).click()
    await removal
    await refetch
    await warning.waitFor({ state: 'detached' })
    await page
      .getByRole('button', { name: 'Remove node mc-second of jfmc@e2e-second' })
      .waitFor({ state: 'detached' })
    expect(
      server.ctx.db
        .prepare("SELECT COUNT(*) AS n FROM cluster_nodes WHERE service_id = 'jfmc@e2e-second'")
        .get(),
    ).toEqual({ n: 0 })
  })

  it('System Logs shows, live, the request line of a request the browser made', async () => {
    await page.goto(`${server.url}/ui/admin/monitoring/system_logs`)
    await page.getByRole('heading', { name: 'System Logs Viewer', level: 1 }).waitFor()
    const log = page.getByRole('log', { name: 'Content of artifactory-request.log' })
    await log.waitFor({ timeout: 15_000 })
    expect(await page.getByRole('combobox', { name: 'Product' }).textContent()).toBe('Artifactory')
    expect(await page.getByRole('combobox', { name: 'Node' }).textContent()).toBe(server.config.nodeId)
    const marker = `/ui/api/v1/e2e-marker-${Date.now()}`
    const status = await page.evaluate(
      async (path) => (await fetch(path, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status,
      marker,
    )
    expect(status).toBe(404)
    // No click: the next poll (every 10 s) brings the line.
    await expect
      .poll(async () => (await log.textContent()) ?? '', { timeout: 25_000, interval: 500 })
      .toContain(`GET ${marker} 404 `)
  })

  it('System Logs at 1024 x 768 wraps a long line inside the log box, and the box ends in the window', async () => {
    await page.setViewportSize({ width: 1024, height: 768 })
    try {
      await page.goto(`${server.url}/ui/admin/monitoring/system_logs`)
      const log = page.getByRole('log', { name: 'Content of artifactory-request.log' })
      await log.waitFor({ timeout: 15_000 })
      const marker = `/ui/api/v1/e2e-long-${Date.now()}-${'segment'.repeat(40)}`
      await page.evaluate(
        async (path) => (await fetch(path, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status,
        marker,
      )
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: 'Refresh now' }).click()
            return (await log.textContent()) ?? ''
          },
          { timeout: 25_000, interval: 1_000 },
        )
        .toContain(marker)
      // The whole line is in the box's width: nothing to scroll sideways to, nothing clipped.
      const widths = await log.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
      expect(widths.scroll).toBeLessThanOrEqual(widths.client)
      // The box ends above the window's bottom edge (a fixed 60vh ran 29 px past it): the page does
      // not scroll as well as the log, and the log's corner, where Scroll to end shows, is in sight.
      const box = await log.boundingBox()
      expect(box!.y + box!.height).toBeLessThanOrEqual(768)
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 })
    }
  })

  it('System Logs at its end shows whole lines: none cut at the top edge of its box', async () => {
    for (const [width, height] of [
      [1024, 768],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height })
      try {
        await page.goto(`${server.url}/ui/admin/monitoring/system_logs`)
        const log = page.getByRole('log', { name: 'Content of artifactory-request.log' })
        await log.waitFor({ timeout: 15_000 })
        // More lines than the box holds, and the box following their end.
        await expect
          .poll(() => log.evaluate((el) => el.scrollHeight > el.clientHeight * 2), { timeout: 15_000 })
          .toBe(true)
        await expect
          .poll(() => log.evaluate((el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop) < 1), {
            timeout: 15_000,
          })
          .toBe(true)
        // The first line the box shows any of starts inside it (it showed the last 4 px of one).
        const cut = await log.evaluate((el) => {
          const top = el.getBoundingClientRect().top + el.clientTop
          const first = [...el.children].find((line) => line.getBoundingClientRect().bottom > top + 0.5)
          return top - first!.getBoundingClientRect().top
        })
        expect(cut, `${width} px`).toBeLessThanOrEqual(0.5)
      } finally {
        await page.setViewportSize({ width: 1280, height: 720 })
      }
    }
  })

  it('Support Zone creates a bundle, follows it until built, downloads a zip with manifest.json, deletes it', async () => {
    await page.goto(`${server.url}/ui/admin/support-zone`)
    await page.getByRole('heading', { name: 'Support Zone', level: 1 }).waitFor()
    await page.getByText('Release bundle retention:').waitFor()
    const form = page.getByRole('form', { name: 'Create a support bundle' })
    // Bad input first: the message shows and the typed name stays.
    await form.getByRole('textbox', { name: 'Name' }).fill('e2e bundle')
    await form.getByRole('button', { name: 'Create bundle' }).click()
    await page.getByText('Name can only contain alphanumeric characters, dashes and periods').waitFor()
    expect(await form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('e2e bundle')
    await form.getByRole('textbox', { name: 'Name' }).fill('e2e-bundle')
    await form.getByRole('textbox', { name: 'Description' }).fill('made by the e2e test')
    await form.getByRole('button', { name: 'Create bundle' }).click()
    const row = page.getByRole('row', { name: /e2e-bundle/ })
    await row.waitFor({ timeout: 10_000 })
    // The page polls the list while the bundle is being built.
    await expect
      .poll(async () => (await row.textContent()) ?? '', { timeout: 30_000, interval: 500 })
      .toMatch(/Success/)
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      row.getByRole('button', { name: 'Download e2e-bundle' }).click(),
    ])
    const path = await download.path()
    const bytes = new Uint8Array(await readFile(path))
    // A zip starts with the local file header signature PK\x03\x04.
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])
    const files = unzipSync(bytes)
    expect(Object.keys(files)).toContain('manifest.json')
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as Record<string, unknown>
    expect(JSON.stringify(manifest)).toContain('e2e-bundle')
    // Delete asks first, then the list reloads without it.
    await row.getByRole('button', { name: 'Delete e2e-bundle' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete support bundle' })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page.getByText('No support bundles yet').waitFor({ timeout: 10_000 })
    const listed = await page.evaluate(async () => {
      const res = await fetch('/ui/api/v1/ui/userSupport/listBundles', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      })
      return (await res.json()) as unknown[]
    })
    expect(listed).toEqual([])
  })
})
