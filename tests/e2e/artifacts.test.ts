// The artifact browser end to end, in Chromium against the reference server: a deep link opens
// the folders above a seeded catalogue file and shows its real checksums; a folder of more
// files than a page loads its further pages as it scrolls; a file deployed through the dialog
// shows in the tree, selected, with its checksum, and the address names it; one larger than an
// artifact may be is refused with the limit in words, and nothing is deployed.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Page } from 'playwright-core'
import { browserHeaders } from '../support/server'
import { adminCookie, pathOf } from './loginHelpers'
import { signIn } from '../support/signIn'
import { TREE_PAGE_SIZE } from '../../domain/artifacts/rules'
import { ARTIFACT_LIMIT } from '../../server/registry/genericRoutes'

let page: Page
const SHOTS = process.env.SCREENSHOTS_DIR

withPlatformAndChromium()
beforeAll(async () => {
  // A folder of more files than a page, deployed the way any client deploys (generic PUT).
  const cookie = await adminCookie(server)
  const { 'content-type': _json, ...headers } = browserHeaders(server.url, cookie)
  for (let i = 0; i < TREE_PAGE_SIZE + 40; i++)
    await fetch(`${server.url}/artifactory/generic-local/many/file-${String(i).padStart(4, '0')}.txt`, {
      method: 'PUT',
      headers,
      body: `file ${i}\n`,
    })
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
}, 120_000)

const tree = () => page.getByRole('tree', { name: 'Repositories and their files' })
const details = () => page.getByRole('complementary', { name: 'Details' })

describe('artifact browser (e2e)', () => {
  it('a deep link opens the folders above a catalogue file and shows its real checksums', async () => {
    const file = server.ctx.db
      .prepare(
        `SELECT repo, path, sha256, size FROM catalog_files WHERE repo = 'npm-remote' AND path LIKE 'react/-/%/package.json' LIMIT 1`,
      )
      .get() as { repo: string; path: string; sha256: string; size: number } | undefined
    expect(file).toBeDefined()
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.goto(`${server.url}/ui/artifacts/browse/${file!.repo}/${file!.path}`)
    const row = tree().getByRole('treeitem', { name: 'package.json', selected: true })
    await row.waitFor({ timeout: 20_000 })
    // The folders right above it are open (those further up are scrolled out of the virtual list).
    for (const folder of ['-', file!.path.split('/')[2]!])
      expect(
        await tree().getByRole('treeitem', { name: folder, exact: true }).getAttribute('aria-expanded'),
      ).toBe('true')
    await details().getByText(file!.sha256).waitFor({ timeout: 20_000 })
    const href = await details().getByRole('link', { name: 'Download' }).getAttribute('href')
    const bytes = await page.evaluate(
      async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())),
      href!,
    )
    expect(createHash('sha256').update(Uint8Array.from(bytes)).digest('hex')).toBe(file!.sha256)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/artifacts-file.png` })
  }, 60_000)

  it('a folder of more files than a page loads the rest as it scrolls', async () => {
    await page.goto(`${server.url}/ui/artifacts/browse/generic-local/many`)
    await tree().getByRole('treeitem', { name: 'file-0000.txt' }).waitFor({ timeout: 20_000 })
    const last = `file-${String(TREE_PAGE_SIZE + 39).padStart(4, '0')}.txt`
    expect(await tree().getByRole('treeitem', { name: last }).count()).toBe(0)
    // Scrolling to the end brings the folder's "more" row into view: the next page loads.
    await tree().focus()
    // End goes to the last row; once the next page has come, the last row is further down.
    await expect
      .poll(
        async () => {
          await page.keyboard.press('End')
          return tree().getByRole('treeitem', { name: last }).count()
        },
        { timeout: 20_000 },
      )
      .toBe(1)
    // Only the rows on screen are in the page.
    expect(await tree().getByRole('treeitem').count()).toBeLessThan(100)
  }, 60_000)

  it('a file deployed through the dialog shows selected in the tree with its checksum', async () => {
    await page.goto(`${server.url}/ui/artifacts/browse/generic-local`)
    await tree().getByRole('treeitem', { name: 'many' }).waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Deploy' }).click()
    const dialog = page.getByRole('dialog', { name: 'Deploy a file' })
    const content = `deployed from the console ${Date.now()}\n`
    await dialog.getByLabel('File to deploy').setInputFiles({
      name: 'hello.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(content),
    })
    const target = dialog.getByRole('textbox', { name: /Target path/ })
    expect(await target.inputValue()).toBe('hello.txt')
    await target.fill('e2e/../x')
    await dialog.getByRole('button', { name: 'Deploy', exact: true }).click()
    await dialog.getByText('The path has an empty, . or .. segment').waitFor()
    await target.fill('e2e/hello.txt')
    await dialog.getByRole('button', { name: 'Deploy', exact: true }).click()
    await dialog.getByText(/^Deployed to generic-local\/e2e\/hello.txt/).waitFor({ timeout: 20_000 })
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/artifacts-deployed.png` })
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    await tree().getByRole('treeitem', { name: 'hello.txt', selected: true }).waitFor({ timeout: 20_000 })
    const sha = createHash('sha256').update(content).digest('hex')
    await details().getByText(sha).waitFor({ timeout: 20_000 })
    await details().getByText('developer').waitFor()
    await expect.poll(() => pathOf(page)).toBe('/artifacts/browse/generic-local/e2e/hello.txt')
  }, 60_000)

  it('a file larger than an artifact may be is refused with the limit, and nothing is deployed', async () => {
    // A sparse file: its length is declared, and the platform refuses before reading a byte.
    const dir = mkdtempSync(join(tmpdir(), 'artifacts-e2e-'))
    const file = join(dir, 'disk.img')
    writeFileSync(file, '')
    truncateSync(file, ARTIFACT_LIMIT + 1)
    try {
      await page.goto(`${server.url}/ui/artifacts/browse/generic-local`)
      await page.getByRole('button', { name: 'Deploy' }).click()
      const dialog = page.getByRole('dialog', { name: 'Deploy a file' })
      await dialog.getByLabel('File to deploy').setInputFiles(file)
      await dialog.getByRole('textbox', { name: /Target path/ }).fill('e2e/disk.img')
      await dialog.getByRole('button', { name: 'Deploy', exact: true }).click()
      await dialog
        .getByText(
          'The file was not deployed: the platform refused it with status 413: An artifact may have at most 1 GiB.',
        )
        .waitFor({ timeout: 30_000 })
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/artifacts-too-large.png` })
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      const stored = await fetch(`${server.url}/artifactory/generic-local/e2e/disk.img`, {
        headers: { cookie: await adminCookie(server) },
      })
      expect(stored.status).toBe(404)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
