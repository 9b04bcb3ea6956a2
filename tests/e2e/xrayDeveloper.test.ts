// Security scanning as a developer meets it, in Chromium against the reference server (which
// imports the real advisories it ships and scans the catalogue's npm versions at start): an
// admin's policy blocks downloads of high-severity findings on every repository; the developer
// finds the catalogue's lodash 4.17.15 among the violations, opens its page, reads the block with
// its policy and how to get an exception, the advisory with its CVE and fixed version, and
// downloads the version's SBOM, which names the same advisory.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { adminApi, adminCookie, signIn } from './loginHelpers'

const LODASH = 'GHSA-p6mc-m468-83gw'
let page: Page
const SHOTS = process.env.SCREENSHOTS_DIR

withPlatformAndChromium()
beforeAll(async () => {
  const admin = await adminCookie(server)
  await adminApi(server, admin, 'POST', '/xray/api/v1/policies', {
    name: 'no-high',
    description: 'High and critical advisories block downloads',
    type: 'security',
    rules: [
      {
        name: 'high',
        criteria: { kind: 'security', minSeverity: 'high' },
        actions: { blockDownload: true, failBuild: false, notify: false },
      },
    ],
  })
  await adminApi(server, admin, 'POST', '/xray/api/v1/watches', {
    name: 'everything',
    description: '',
    resources: { kind: 'all' },
    policies: ['no-high'],
  })
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
})

describe('security scanning for a developer (e2e)', () => {
  it('a blocked version’s violation leads to its page: the block, the advisory, the SBOM', async () => {
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.goto(`${server.url}/ui/violations?watch=everything`)
    await page.getByRole('textbox', { name: 'Resource' }).fill('lodash')
    await page.getByRole('button', { name: 'Filter' }).click()
    const violations = page.getByRole('table', { name: 'Violations' })
    const row = violations.getByRole('row').filter({ hasText: LODASH }).filter({ hasText: '4.17.15' })
    await row.first().waitFor({ timeout: 30_000 })
    expect(await row.first().textContent()).toContain('Blocks download')
    // A developer reads violations but is offered no exception of their own.
    expect(await page.getByRole('form', { name: 'Ignore rule' }).count()).toBe(0)
    await row.first().getByRole('link', { name: 'lodash@4.17.15' }).click()

    const blocked = page.getByRole('region', { name: 'Download blocked' })
    await blocked.waitFor({ timeout: 30_000 })
    const notice = (await blocked.textContent()) ?? ''
    expect(notice).toContain('4.17.15 is blocked')
    expect(notice).toContain('policy no-high of watch everything')
    expect(notice).toContain('ask an administrator for an exception')
    expect(await blocked.getByRole('link', { name: 'Violations' }).getAttribute('href')).toBe(
      '/ui/violations?watch=everything',
    )

    const findings = page.getByRole('table', { name: 'Vulnerabilities of 4.17.15' })
    const finding = findings.getByRole('row').filter({ hasText: LODASH })
    await finding.waitFor({ timeout: 10_000 })
    const text = (await finding.textContent()) ?? ''
    expect(text).toContain('CVE-2020-8203')
    expect(text).toContain('Fixed in 4.17.20')
    expect(text).toContain('no-high')
    expect(await finding.getByRole('link', { name: LODASH }).getAttribute('href')).toContain(LODASH)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-developer-version.png`, fullPage: true })

    const sbom = page.getByRole('link', { name: /Download the SBOM of 4\.17\.15/ })
    const href = await sbom.getAttribute('href')
    expect(href).toMatch(/^\/ui\/api\/v1\/xray\/api\/v1\/sbom\?/)
    // The link as the browser follows it, with the developer's session.
    const res = await page.request.get(`${server.url}${href}`)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.cdx\.json"$/)
    const bom = (await res.json()) as {
      bomFormat: string
      specVersion: string
      metadata: { component: { name: string; version: string } }
      vulnerabilities: Array<{ id: string }>
    }
    expect(bom.bomFormat).toBe('CycloneDX')
    expect(bom.specVersion).toBe('1.5')
    expect(bom.metadata.component).toMatchObject({ name: 'lodash', version: '4.17.15' })
    expect(bom.vulnerabilities.map((v) => v.id)).toContain(LODASH)
  })
})
