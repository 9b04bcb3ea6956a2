// A checksum search end to end, in Chromium against the reference server:
// the sha256 of a file of a real react version, typed into the search bar, finds react, and
// react's page names the version holding the file.
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from '../support/signIn'

withPlatformAndChromium()

describe('search by checksum (e2e)', () => {
  it('a file sha256 in the bar finds the package, whose page names the version holding the file', async () => {
    // package.json differs between versions (its version field): one version holds it.
    const file = server.ctx.db
      .prepare(
        `SELECT f.sha256 AS sha256, v.name AS version FROM catalog_files f JOIN catalog_versions v ON v.id = f.version_id
         WHERE v.package_id = 'npm://react' AND f.name = 'package.json' ORDER BY v.created LIMIT 1`,
      )
      .get() as { sha256: string; version: string }
    const page = await browser.newPage()
    await signIn(server, page, 'developer', server.config.userPassword)

    const bar = page.getByRole('search', { name: 'Universal search' })
    await bar.getByRole('combobox', { name: 'Search text' }).fill(file.sha256)
    await bar.getByRole('button', { name: 'Search', exact: true }).click()
    await expect
      .poll(() => new URL(page.url()).search, { timeout: 15_000 })
      .toBe(`?checksum=${file.sha256}&is_checksum=true`)
    const results = page.getByRole('list', { name: 'Packages' })
    await results.getByRole('link', { name: 'react', exact: true }).waitFor({ timeout: 20_000 })
    expect(await results.getByRole('link').allTextContents()).toContain('react')

    await results.getByRole('link', { name: 'react', exact: true }).click()
    const holding = page.getByRole('list', { name: 'Versions holding the file' })
    await holding.waitFor({ timeout: 20_000 })
    expect(await holding.getByRole('link').allTextContents()).toContain(file.version)
    await page.close()
  })
})
