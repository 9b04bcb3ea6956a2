// The npm loop end to end, in Chromium against the reference server and with the npm CLI that
// ships with Node: set-me-up generates a token and gives the .npmrc, which is used verbatim to
// `npm publish` a freshly made package into npm-local and `npm install` it from the npm virtual
// repository; the console then finds it with the search bar, shows its README and its files
// with their checksums, and shows its tarball in the artifacts tree, where Delete deletes the
// version: npm and the console no longer find it. The token is never in web storage.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Locator, Page } from 'playwright-core'
import { npmCli } from '../support/npmCli'
import { pathOf } from './loginHelpers'
import { signIn } from '../support/signIn'
import { chooseOption, optionNames } from './kitSelect'

let page: Page
let work: string
let cli: ReturnType<typeof npmCli>
let token: string
let localRc: string
const SHOTS = process.env.SCREENSHOTS_DIR
const NAME = `e2e-loop-${Date.now().toString(36)}`
const TARBALL = `${NAME}-1.0.0.tgz`
const README = '# Hello from the e2e loop\n\nPublished with the configuration set-me-up gave.\n'
const hash = (algorithm: string, data: string | Uint8Array) =>
  createHash(algorithm).update(data).digest('hex')

withPlatformAndChromium()
beforeAll(async () => {
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  work = mkdtempSync(join(tmpdir(), 'npm-e2e-'))
  cli = npmCli(work)
})
afterAll(async () => {
  if (work) rmSync(work, { recursive: true, force: true })
})

/** The .npmrc set-me-up shows for a repository, written to a file as a user would paste it. */
async function npmrcFor(panel: Locator, repo: string): Promise<string> {
  await chooseOption(page, panel.getByRole('combobox', { name: 'Repository' }), repo)
  const steps = panel.getByRole('region', { name: `Set up npm for ${repo}` })
  const config = steps.locator('code').filter({ hasText: '_authToken=cnt_' })
  await config.waitFor({ timeout: 10_000 })
  const path = join(work, `npmrc-${repo}`)
  writeFileSync(path, `${await config.textContent()}\n`)
  return path
}

const searchBar = () => page.getByRole('search', { name: 'Universal search' })
const tree = () => page.getByRole('tree', { name: 'Repositories and their files' })

/** Searches the name with the top bar's search, as a user would. */
async function search(text: string): Promise<void> {
  await searchBar().getByRole('combobox', { name: 'Search text' }).fill(text)
  await searchBar().getByRole('button', { name: 'Search', exact: true }).click()
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(text)
}

describe('the npm loop (e2e)', () => {
  it('set-me-up gives a working config: publish into npm-local, install from npm', async () => {
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.getByRole('button', { name: 'developer', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Set Me Up' }).click()
    const panel = page.getByRole('complementary', { name: 'Set Me Up' })
    await chooseOption(page, panel.getByRole('combobox', { name: 'Package type' }), 'npm')
    // The platform's own npm repositories are offered, the virtual one first and chosen.
    const repoChoice = panel.getByRole('combobox', { name: 'Repository' })
    expect(await optionNames(page, repoChoice, 'npm-local')).toEqual(['npm', 'npm-local', 'npm-remote'])
    expect((await repoChoice.textContent())?.trim()).toBe('npm')
    await panel.getByRole('button', { name: 'Generate token' }).click()
    const tokenBox = panel.getByRole('region', { name: 'Client token' })
    await tokenBox.getByText(/shown once/).waitFor({ timeout: 10_000 })
    token = (await tokenBox.locator('code').textContent())!.trim()
    expect(token).toMatch(/^cnt_/)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/set-me-up-npm.png` })

    localRc = await npmrcFor(panel, 'npm-local')
    const published = await cli.npm(['publish'], cli.makePackage(NAME, '1.0.0', README), localRc)
    expect(published, JSON.stringify(published)).not.toHaveProperty('failed')
    expect(published.stdout).toContain(`${NAME}@1.0.0`)

    const virtualRc = await npmrcFor(panel, 'npm')
    const app = join(work, 'app')
    mkdirSync(app)
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }))
    const installed = await cli.npm(['install', NAME], app, virtualRc)
    expect(installed, JSON.stringify(installed)).not.toHaveProperty('failed')
    expect(readFileSync(join(app, 'node_modules', NAME, 'index.js'), 'utf8')).toBe(
      "module.exports = 'hello 1.0.0'\n",
    )
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved: string }>
    }
    expect(lock.packages[`node_modules/${NAME}`]?.resolved).toBe(
      `${server.url}/artifactory/api/npm/npm/${NAME}/-/${TARBALL}`,
    )

    // The token was shown, never stored by the console.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    expect(stored).not.toContain(token)
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
  })

  it('the search bar finds it; its details show the README and its files with checksums', async () => {
    await page.goto(`${server.url}/ui/packages`)
    await search(NAME)
    const link = page.getByRole('list', { name: 'Packages' }).getByRole('link', { name: NAME, exact: true })
    await link.waitFor({ timeout: 20_000 })
    await link.click()
    await expect.poll(() => decodeURIComponent(pathOf(page))).toMatch(`/packages/npm://${NAME}`)
    await page.getByRole('heading', { name: 'Hello from the e2e loop' }).waitFor({ timeout: 20_000 })

    // The version's page: its files, each with the checksums of the published bytes.
    await page.getByRole('navigation', { name: 'Versions' }).getByRole('link', { name: '1.0.0' }).click()
    await page
      .getByRole('heading', { level: 1, name: `${NAME} 1.0.0`, exact: true })
      .first()
      .waitFor({ timeout: 20_000 })
    const files = page.getByRole('table', { name: 'Files' })
    const readme = files.getByRole('row').filter({ hasText: 'README.md' })
    await readme.waitFor({ timeout: 20_000 })
    for (const algorithm of ['md5', 'sha1', 'sha256'])
      await readme.getByText(hash(algorithm, README), { exact: true }).waitFor()
    await readme.getByRole('button', { name: 'Copy SHA-256 of README.md' }).waitFor()
    const names = (await files.getByRole('row').allTextContents()).join(' ')
    for (const file of ['package.json', 'README.md', 'LICENSE', TARBALL]) expect(names).toContain(file)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/npm-loop-version.png` })
  })

  it('the artifacts tree shows its tarball in npm-local with its checksum', async () => {
    const tarball = await fetch(`${server.url}/artifactory/api/npm/npm-local/${NAME}/-/${TARBALL}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(tarball.status).toBe(200)
    const sha256 = hash('sha256', new Uint8Array(await tarball.arrayBuffer()))
    await page
      .getByRole('navigation', { name: 'Application' })
      .getByRole('link', { name: 'Artifacts' })
      .click()
    await tree().getByRole('button', { name: 'Open npm-local' }).click()
    await tree()
      .getByRole('button', { name: `Open ${NAME}` })
      .click()
    await tree().getByRole('button', { name: 'Open -', exact: true }).click()
    await tree()
      .getByRole('treeitem', { name: new RegExp(`^${TARBALL}, `) })
      .click()
    await expect.poll(() => pathOf(page)).toBe(`/artifacts/browse/npm-local/${NAME}/-/${TARBALL}`)
    const details = page.getByRole('complementary', { name: 'Details' })
    await details.getByText(sha256, { exact: true }).waitFor({ timeout: 20_000 })
    await details.getByText('developer', { exact: true }).waitFor()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/npm-loop-tree.png` })
  })

  it('Delete in the details of its tarball deletes the version: npm, search and the tree no longer have it', async () => {
    const details = page.getByRole('complementary', { name: 'Details' })
    await details.getByRole('button', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog', { name: `Delete ${NAME} 1.0.0?` })
    await confirm.getByText(/the version goes with all its files/).waitFor()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/npm-loop-delete.png` })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    // The toast (exactly its text: Radix's screen-reader announcement says it with a prefix).
    await page
      .getByText(`Deleted ${NAME}/-/${TARBALL} from npm-local`, { exact: true })
      .waitFor({ timeout: 20_000 })
    // Its repository is selected now; npm-local held only this package, so the tree says it is empty.
    await expect.poll(() => pathOf(page)).toBe('/artifacts/browse/npm-local')
    await tree().getByText('Empty folder').waitFor({ timeout: 20_000 })
    expect(await tree().getByRole('treeitem', { name: NAME, exact: true }).count()).toBe(0)
    const packument = await fetch(`${server.url}/artifactory/api/npm/npm/${NAME}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(packument.status).toBe(404)
    const view = await cli.npm(['view', NAME], work, localRc)
    expect(view).toHaveProperty('failed')

    await page.goto(`${server.url}/ui/packages`)
    await search(NAME)
    await page.getByText('No packages found, refine your search').waitFor({ timeout: 20_000 })
    expect(await page.getByRole('link', { name: NAME, exact: true }).count()).toBe(0)
  })
})
