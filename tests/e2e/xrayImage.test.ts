// A container image's vulnerabilities on its page, in Chromium against the reference server: an
// admin imports the Debian OSV fixture, an image built with tar is pushed with skopeo into
// docker-local (indexed), and a developer opening the image's tag reads, in its Security section,
// the advisory of the Debian package the image holds (by the binary package's name and version,
// fixed in the release's version) and the npm package's from the shipped advisories.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { FIXTURE_IMAGE, importDebianFixture, pushDebianFixtureImage } from '../support/debianFixtureImage'
import { xrayFor } from '../../server/xray/service'
import { adminCookie } from './loginHelpers'
import { signIn } from '../support/signIn'

let page: Page
let work: string
const SHOTS = process.env.SCREENSHOTS_DIR

withPlatformAndChromium()
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'xray-image-e2e-'))
  expect(await importDebianFixture(server, await adminCookie(server))).toMatchObject({ ok: true })
  const pushed = await pushDebianFixtureImage(server, work, `developer:${server.config.userPassword}`)
  expect(pushed, pushed.stderr).not.toHaveProperty('failed')
  await xrayFor(server.ctx).imagesScanned()
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
})
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('a scanned container image (e2e)', () => {
  it("shows the advisories of the packages in the image's layers on its tag's page", async () => {
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.goto(
      `${server.url}/ui/packages/${encodeURIComponent(FIXTURE_IMAGE.packageId)}/${FIXTURE_IMAGE.version}`,
    )
    const findings = page.getByRole('table', { name: `Vulnerabilities of ${FIXTURE_IMAGE.version}` })
    const debian = findings.getByRole('row').filter({ hasText: 'FIXTURE-DEB-0001' })
    await debian.waitFor({ timeout: 30_000 })
    const text = (await debian.textContent()) ?? ''
    expect(text).toContain('libfixture1')
    expect(text).toContain('1.2-3+b1')
    expect(text).toContain('Fixed in 1.2-3+deb12u1')
    expect(await findings.getByRole('row').filter({ hasText: 'GHSA-xvch-5gv4-984h' }).count()).toBe(1)
    // What a later layer removed is not reported.
    expect(await findings.getByRole('row').filter({ hasText: 'FIXTURE-DEB-0004' }).count()).toBe(0)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/xray-image-version.png`, fullPage: true })
  })
})
