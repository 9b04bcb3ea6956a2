// Security scanning as a developer meets it, in Chromium against the reference server (which
// imports the real advisories it ships and scans the catalogue's npm versions at start): an
// admin's policy blocks downloads of high-severity findings on every repository; the developer
// finds the catalogue's lodash 4.17.15 among the violations, opens its page, reads the block with
// its policy and how to get an exception (its Download refused, saying so), the advisory with its CVE and fixed version, and
// downloads the version's SBOM, which names the same advisory. Then the npm CLI: a version the
// admin publishes is refused to the developer's `npm install` with npm's 403 naming the policy,
// the advisory and how to get an exception, and its violation shows on the Violations page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { browserHeaders } from '../support/server'
import { npmCli } from '../support/npmCli'
import { adminApi, adminCookie } from './loginHelpers'
import { signIn } from '../support/signIn'

const LODASH = 'GHSA-p6mc-m468-83gw'
const MINIMIST = 'GHSA-xvch-5gv4-984h'
let page: Page
let admin: string
let work: string
const SHOTS = process.env.SCREENSHOTS_DIR

withPlatformAndChromium()
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})
beforeAll(async () => {
  admin = await adminCookie(server)
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

    // Its Download is refused, and says why rather than "permission", with Retry for later.
    await page.getByRole('button', { name: 'Download lodash-4.17.15.tgz' }).click()
    const refused = page.getByRole('alert').filter({ hasText: 'lodash-4.17.15.tgz was not downloaded' })
    await refused.waitFor({ timeout: 30_000 })
    const said = (await refused.textContent()) ?? ''
    expect(said).toContain('this version is blocked by policy no-high of watch everything')
    expect(said).toContain('Ask an administrator for an exception')
    expect(said).not.toContain('permission')
    expect(await refused.getByRole('button', { name: 'Retry' }).count()).toBe(1)

    const findings = page.getByRole('table', { name: 'Vulnerabilities of 4.17.15' })
    const finding = findings.getByRole('row').filter({ hasText: LODASH })
    await finding.waitFor({ timeout: 10_000 })
    const text = (await finding.textContent()) ?? ''
    expect(text).toContain('CVE-2020-8203')
    expect(text).toContain('Fixed in 4.17.20')
    expect(text).toContain('no-high')
    expect(await finding.getByRole('link', { name: LODASH }).getAttribute('href')).toContain(LODASH)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-developer-version.png`, fullPage: true })

    // The Artifacts page offers no Download of its file, and says why.
    await page.goto(`${server.url}/ui/artifacts/browse/npm-remote/lodash/-/lodash-4.17.15.tgz`)
    const details = page.getByRole('complementary', { name: 'Details' })
    const note = details.getByRole('note', { name: 'Download blocked' })
    await note.waitFor({ timeout: 30_000 })
    expect(await note.textContent()).toContain(
      'Downloads of lodash-4.17.15.tgz are refused: version 4.17.15 is blocked by policy no-high of watch everything',
    )
    expect(await details.getByRole('link', { name: 'Download' }).count()).toBe(0)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-developer-artifact.png` })
    await page.goBack()

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

  it('refuses the developer’s npm install of a blocked version, whose violation then shows', async () => {
    work = mkdtempSync(join(tmpdir(), 'xray-e2e-'))
    const cli = npmCli(work)
    const host = new URL(server.url).host
    /** A client token of the session `cookie`, in an .npmrc for `repo`. */
    const npmrc = async (cookie: string, repo: string) => {
      const res = await fetch(`${server.url}/ui/api/v1/ui/npm/token`, {
        method: 'POST',
        headers: browserHeaders(server.url, cookie),
        body: '{}',
      })
      const { token } = (await res.json()) as { token: string }
      const path = join(work, `npmrc-${repo}-${Math.random().toString(36).slice(2)}`)
      writeFileSync(
        path,
        `registry=${server.url}/artifactory/api/npm/${repo}/\n//${host}/artifactory/api/npm/${repo}/:_authToken=${token}\n`,
      )
      return path
    }
    // minimist 1.2.1 is in the shipped advisory's range (critical): the watch over everything blocks it.
    const published = await cli.npm(
      ['publish'],
      cli.makePackage('minimist', '1.2.1', '# minimist (test copy)\n'),
      await npmrc(admin, 'npm-local'),
    )
    expect(published, JSON.stringify(published)).not.toHaveProperty('failed')

    const app = join(work, 'app')
    mkdirSync(app)
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }))
    const developerCookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
    const refused = await cli.npm(
      ['install', 'minimist@1.2.1', '--cache', join(work, 'install-cache')],
      app,
      await npmrc(developerCookie, 'npm'),
    )
    expect(refused.failed).toBe(true)
    expect(refused.stderr).toContain('403')
    expect(refused.stderr).toContain('minimist@1.2.1 is blocked by policy "no-high" of watch "everything"')
    expect(refused.stderr).toContain(MINIMIST)
    expect(refused.stderr).toContain('Ask an administrator for an ignore rule')

    await page.goto(`${server.url}/ui/violations?watch=everything`)
    await page.getByRole('textbox', { name: 'Resource' }).fill('minimist')
    await page.getByRole('button', { name: 'Filter' }).click()
    const row = page
      .getByRole('table', { name: 'Violations' })
      .getByRole('row')
      .filter({ hasText: MINIMIST })
      .filter({ hasText: '1.2.1' })
    await row.first().waitFor({ timeout: 30_000 })
    expect(await row.first().textContent()).toContain('Blocks download')
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-developer-npm-blocked.png`, fullPage: true })
  })
})
