// The remote repository end to end: a developer installs a package with the npm CLI through
// the `npm` virtual repository from a cold cache (npm-remote fetches it from a local upstream,
// a small registry on 127.0.0.1 serving an `npm pack` tarball), finds it in the packages list
// with 1 download, reads on its pages the tarball's README, licence and file checksums and that
// it is cached from npm-remote, sees that a listed package the upstream lacks is said not
// installable (and npm cannot install it), then, with the upstream stopped, installs it again
// into a new folder (with an empty npm cache) from the platform's cache.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, withChromium } from '../support/e2e'
import { startTestServer, type TestServer } from '../support/server'
import { npmCli } from '../support/npmCli'
import { startPackedUpstream, type PackedUpstream, type UpstreamRegistry } from '../support/upstreamRegistry'
import { signIn } from '../support/signIn'
import { downloadsWritten } from '../support/downloadsWritten'
import { chooseOption } from './kitSelect'

const NAME = `e2e-remote-${Date.now().toString(36)}`
let fixture: PackedUpstream
let work: string
let upstream: UpstreamRegistry
let server: TestServer
let page: Page
let npmrc: string

withChromium()
beforeAll(async () => {
  fixture = await startPackedUpstream('remote-e2e', [
    { name: NAME, version: '1.0.0', readme: '# From upstream\n' },
  ])
  ;({ work, upstream } = fixture)
  server = await startTestServer({}, { NPM_REMOTE_URL: upstream.url })
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await fixture?.stop()
})

/** The first step's npm configuration: without it npm would ask the public registry, never to be reached. */
function configured(): string {
  if (!npmrc) throw new Error('no npm configuration: the first step did not write one')
  return npmrc
}

/** An empty project folder and an npm with its own empty cache, so the platform is asked. */
async function install(folder: string) {
  const app = join(work, folder)
  mkdirSync(app)
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: folder, version: '1.0.0', private: true }))
  const answer = await npmCli(join(work, folder)).npm(['install', NAME], app, configured())
  expect(answer, JSON.stringify(answer)).not.toHaveProperty('failed')
  return readFileSync(join(app, 'node_modules', NAME, 'index.js'), 'utf8')
}

describe('installing through the remote (e2e)', () => {
  it('installs from a cold cache through the npm virtual repository', async () => {
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.getByRole('button', { name: 'developer', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Set Me Up' }).click()
    const panel = page.getByRole('complementary', { name: 'Set Me Up' })
    await chooseOption(page, panel.getByRole('combobox', { name: 'Package type' }), 'npm')
    await panel.getByRole('button', { name: 'Generate token' }).click()
    const config = panel
      .getByRole('region', { name: 'Set up npm for npm' })
      .locator('code')
      .filter({ hasText: '_authToken=cnt_' })
    await config.waitFor({ timeout: 10_000 })
    npmrc = join(work, 'npmrc')
    writeFileSync(npmrc, `${await config.textContent()}\n`)
    await page.keyboard.press('Escape')

    expect(await install('first')).toBe("module.exports = 'hello 1.0.0'\n")
    expect(upstream.requests).toContain(`/${NAME}/-/${NAME}-1.0.0.tgz`)
  })

  it('shows the package in the packages list with 1 download', async () => {
    await downloadsWritten(server, `npm://${NAME}`, 1)
    await page.goto(`${server.url}/ui/packages?q=${NAME}`)
    const row = page.getByRole('list', { name: 'Packages' }).getByRole('listitem').filter({ hasText: NAME })
    await row.getByText('1 download', { exact: true }).waitFor({ timeout: 20_000 })
  })

  it('its pages show the README and licence from the tarball, its files with checksums, and where it came from', async () => {
    await page.goto(`${server.url}/ui/packages/${encodeURIComponent(`npm://${NAME}`)}`)
    // The upstream's document says `# NAME`; the tarball's README.md says this.
    await page.getByRole('heading', { name: 'From upstream' }).waitFor({ timeout: 20_000 })
    // A fact of the page's side panel: the definition beside its term.
    const fact = (label: string) =>
      page
        .locator('dl > div')
        .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
        .getByRole('definition')
    expect(await fact('Licences').textContent()).toBe('MIT')
    expect(await fact('Downloads').textContent()).toBe('1')
    // The package's page says where its versions come from, as the platform holds it.
    expect(await fact('Source').textContent()).toBe('Cached from npm-remote')

    await page.getByRole('navigation', { name: 'Versions' }).getByRole('link', { name: '1.0.0' }).click()
    await page
      .getByRole('heading', { level: 1, name: `${NAME} 1.0.0`, exact: true })
      .waitFor({ timeout: 20_000 })
    const readme = page
      .getByRole('table', { name: 'Files' })
      .getByRole('row')
      .filter({ hasText: 'README.md' })
    await readme.waitFor({ timeout: 20_000 })
    for (const algorithm of ['md5', 'sha1', 'sha256'])
      await readme
        .getByText(createHash(algorithm).update('# From upstream\n').digest('hex'), { exact: true })
        .waitFor()
    await expect
      .poll(() => fact('Source').textContent(), { timeout: 20_000 })
      .toMatch(new RegExp(`^Cached from npm-remote \\(${upstream.url.replace(/[.]/g, '\\.')}/\\)`))
  })

  it('a listed package whose newest version the upstream lacks: its page says so, and npm agrees', async () => {
    // A sample package of the remote, not on this upstream (which has one package only).
    const sample = (await server.ctx.sql.one<{ id: string; name: string }>(
      `SELECT p.id, p.name FROM catalog_packages p JOIN catalog_versions v ON v.package_id = p.id
       WHERE v.repo = 'npm-remote' AND p.name NOT LIKE '@%' ORDER BY p.name LIMIT 1`,
    ))!
    await page.goto(`${server.url}/ui/packages/${encodeURIComponent(sample.id)}`)
    await page.getByRole('heading', { level: 1, name: sample.name }).waitFor({ timeout: 20_000 })
    const alert = page.getByRole('alert', { name: 'Not installable' })
    await alert.waitFor({ timeout: 20_000 })
    const said = (await alert.textContent()) ?? ''
    const version = /does not have version (\S+):/.exec(said)?.[1]
    expect(version, said).toBeDefined()
    expect(await page.getByTestId('install-command').count()).toBe(0)
    const app = join(work, 'lacking')
    mkdirSync(app)
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'lacking', version: '1.0.0', private: true }),
    )
    const answer = await npmCli(app).npm(['install', `${sample.name}@${version}`], app, configured())
    expect(answer.failed).toBe(true)
    expect(answer.stderr).toMatch(/E404|ETARGET/)
  })

  it('installs again into a new folder from the cache with the upstream stopped', async () => {
    await upstream.stop()
    const asked = upstream.requests.length
    expect(await install('second')).toBe("module.exports = 'hello 1.0.0'\n")
    expect(upstream.requests.length).toBe(asked)
  })
})
