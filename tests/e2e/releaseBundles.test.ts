// Release bundles end to end, in Chromium against the reference server: sign in, open the
// distribution area, find the bundles that contain an artifact by a pasted sha256 and a typed
// sha1 (real checksums of catalogue files the sample bundles hold), the empty state for a
// checksum in no bundle, and a clear message for bad input.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Page } from 'playwright-core'
import { pathOf } from './loginHelpers'
import { fillLogin } from '../support/signIn'

withPlatformAndChromium()

/** A file of the catalogue that the sample bundles hold, and the bundles (name version) that hold it. */
function bundledArtifact() {
  const db = server.ctx.db
  const file = db
    .prepare(
      `SELECT a.sha256, a.sha1, a.repo, a.path FROM release_bundle_artifacts a
       JOIN catalog_files f ON f.repo = a.repo AND f.path = a.path
       WHERE a.path LIKE 'react/%' AND f.name = 'package.json' LIMIT 1`,
    )
    .get() as { sha256: string; sha1: string; repo: string; path: string }
  const bundles = db
    .prepare(
      `SELECT DISTINCT b.name || ' ' || b.version AS label FROM release_bundles b
       JOIN release_bundle_artifacts a ON a.bundle_id = b.id WHERE a.sha256 = ? ORDER BY label`,
    )
    .all(file.sha256) as Array<{ label: string }>
  return { ...file, bundles: bundles.map((b) => b.label) }
}

/** The bundles the page lists, as "name version", sorted. */
async function listedBundles(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Release bundles' })
  await table.waitFor({ timeout: 20_000 })
  const rows = table.getByRole('row')
  const out: string[] = []
  for (let i = 1; i < (await rows.count()); i++) {
    const cells = await rows.nth(i).getByRole('cell').allTextContents()
    out.push(`${cells[0]} ${cells[1]}`)
  }
  return out.sort()
}

describe('release bundles (e2e)', () => {
  it('finds the bundles of an artifact by a pasted sha256 and a typed sha1; empty state; bad input', async () => {
    const artifact = bundledArtifact()
    expect(artifact.bundles.length).toBeGreaterThan(0)
    const context = await browser.newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/login`)
    await fillLogin(page, 'developer', server.config.userPassword)
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).not.toMatch(/^\/login/)

    // The checksums are those of the file's real bytes, as the platform serves them.
    const bytes = await page.evaluate(async ({ repo, path }) => {
      const url = `/ui/api/v1/download?repoKey=${encodeURIComponent(repo)}&path=${encodeURIComponent(path)}`
      const res = await fetch(url, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })
      return Array.from(new Uint8Array(await res.arrayBuffer()))
    }, artifact)
    const digest = (algo: string) => createHash(algo).update(Uint8Array.from(bytes)).digest('hex')
    expect(digest('sha256')).toBe(artifact.sha256)
    expect(digest('sha1')).toBe(artifact.sha1)

    // The distribution area opens on its default tab (Enterprise+ with distribution: source).
    await page.goto(`${server.url}/ui/distribution`)
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/distribution/source')
    await page.getByRole('heading', { level: 1, name: 'Distribution' }).waitFor({ timeout: 20_000 })
    const panel = page.getByRole('tabpanel', { name: 'Source' })
    const input = panel.getByRole('textbox', { name: /Artifact checksum/ })

    // Paste the sha256: the lookup runs on paste.
    await page.evaluate((text) => navigator.clipboard.writeText(text), artifact.sha256)
    await input.focus()
    const answered = (checksum: string) =>
      page.waitForResponse((r) => r.url().includes(`/release_bundle/checksum/${checksum}?`) && r.ok())
    await Promise.all([answered(artifact.sha256), page.keyboard.press('ControlOrMeta+V')])
    expect(await listedBundles(page)).toEqual(artifact.bundles)
    expect(await input.inputValue()).toBe(artifact.sha256)

    // Type the sha1 of the same file and search: the same bundles.
    await input.fill(artifact.sha1)
    await Promise.all([answered(artifact.sha1), panel.getByRole('button', { name: 'Find bundles' }).click()])
    expect(await listedBundles(page)).toEqual(artifact.bundles)

    // A checksum of bytes in no bundle: the empty state.
    await input.fill(createHash('sha256').update('in no release bundle').digest('hex'))
    await panel.getByRole('button', { name: 'Find bundles' }).click()
    await panel.getByText('No release bundle contains this artifact').waitFor({ timeout: 20_000 })
    expect(await panel.getByRole('table', { name: 'Release bundles' }).count()).toBe(0)

    // Bad input: a clear message, and what was typed stays.
    await input.fill('abc123 not a checksum')
    await panel.getByRole('button', { name: 'Find bundles' }).click()
    const alert = panel.getByRole('alert')
    await alert.waitFor({ timeout: 20_000 })
    expect(await alert.textContent()).toBe(
      'Enter a SHA-256 (64 hex characters) or SHA-1 (40 hex characters) checksum',
    )
    expect(await input.inputValue()).toBe('abc123 not a checksum')
    expect(await input.getAttribute('aria-invalid')).toBe('true')
    await context.close()
  })
})
