// A remote repository made in the console end to end: an admin creates one to a local upstream
// (a small registry on 127.0.0.1 serving an `npm pack` tarball), tests the connection and sees
// the platform's real answer, installs a package through it with the npm CLI, finds the remote
// online and the package cached in the console, and, with the upstream stopped, Test connection
// says it is unreachable. A cloud metadata address is refused in the URL field first. The console's screens are kept as screenshots (REMOTE_SCREENSHOTS).
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

const NAME = `e2e-form-${Date.now().toString(36)}`
const KEY = 'upstream-remote'
let fixture: PackedUpstream
let work: string
let upstream: UpstreamRegistry
let server: TestServer
let page: Page

withChromium()
beforeAll(async () => {
  fixture = await startPackedUpstream('remote-form-e2e', [
    { name: NAME, version: '1.0.0', readme: '# From the local upstream\n' },
  ])
  ;({ work, upstream } = fixture)
  server = await startTestServer({}, { NPM_REMOTE_URL: 'offline' })
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await fixture?.stop()
})

/** A screenshot of the console, when asked for (a folder in REMOTE_SCREENSHOTS). */
async function shot(name: string) {
  const folder = process.env.REMOTE_SCREENSHOTS
  if (folder) await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true })
}

describe('a remote repository made in the console (e2e)', () => {
  it('creates a remote to the local upstream after a real Test connection', async () => {
    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.goto(`${server.url}/ui/admin/repositories/remote/new`)
    const form = page.getByRole('form', { name: 'Repository' })
    await form.getByRole('textbox', { name: 'Repository key' }).fill(KEY)
    // A cloud metadata address is refused in its field, and what was typed stays.
    const url = form.getByRole('textbox', { name: 'URL' })
    await url.fill('http://169.254.169.254/latest/meta-data/')
    await form.getByRole('button', { name: 'Create' }).click()
    await form
      .getByText('Link-local and cloud metadata addresses (169.254.0.0/16, fe80::/10, …) cannot be used')
      .waitFor({ timeout: 20_000 })
    expect(await url.getAttribute('aria-invalid')).toBe('true')
    expect(await url.inputValue()).toBe('http://169.254.169.254/latest/meta-data/')
    await shot('remote-form-refused-address')
    await url.fill(upstream.url)
    await form.getByRole('button', { name: 'Test connection' }).click()
    const result = form.getByRole('status', { name: 'Connection test' })
    await result.getByText('Reachable: the upstream answered (HTTP 200)').waitFor({ timeout: 20_000 })
    expect(upstream.requests).toContain('/-/ping')
    await form.getByRole('textbox', { name: 'Metadata retrieval period (seconds)' }).fill('60')
    await shot('remote-form-reachable')
    await form.getByRole('button', { name: 'Create' }).click()
    const table = page.getByRole('table', { name: 'Repositories' })
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: KEY }) })
    await row.getByText('Not contacted yet').waitFor({ timeout: 20_000 })
  })

  it('installs a package through it with the npm CLI, and the console shows it online and cached', async () => {
    const host = new URL(server.url).host
    const registry = `${server.url}/artifactory/api/npm/${KEY}/`
    const auth = Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')
    const npmrc = join(work, 'npmrc')
    writeFileSync(npmrc, `registry=${registry}\n//${host}/artifactory/api/npm/${KEY}/:_auth=${auth}\n`)
    const app = join(work, 'app')
    mkdirSync(app)
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }))
    const answer = await npmCli(work).npm(['install', NAME], app, npmrc)
    expect(answer, JSON.stringify(answer)).not.toHaveProperty('failed')
    expect(readFileSync(join(app, 'node_modules', NAME, 'index.js'), 'utf8')).toBe(
      "module.exports = 'hello 1.0.0'\n",
    )
    expect(upstream.requests).toContain(`/${NAME}/-/${NAME}-1.0.0.tgz`)

    await page.goto(`${server.url}/ui/repos`)
    const row = page
      .getByRole('table', { name: 'Repositories' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: KEY }) })
    await row.getByText('Online').waitFor({ timeout: 20_000 })
    await shot('repositories-remote-online')

    await downloadsWritten(server, `npm://${NAME}`, 1)
    await page.goto(`${server.url}/ui/packages?q=${NAME}`)
    const item = page.getByRole('list', { name: 'Packages' }).getByRole('listitem').filter({ hasText: NAME })
    await item.getByText('1 download', { exact: true }).waitFor({ timeout: 20_000 })
    await shot('packages-cached-through-remote')
  })

  it('with the upstream stopped, Test connection of the saved remote says it is unreachable', async () => {
    await upstream.stop()
    await page.goto(`${server.url}/ui/admin/repositories/edit/${KEY}`)
    const form = page.getByRole('form', { name: 'Repository' })
    await expect
      .poll(() => form.getByRole('textbox', { name: 'Metadata retrieval period (seconds)' }).inputValue(), {
        timeout: 20_000,
      })
      .toBe('60')
    await form.getByRole('button', { name: 'Test connection' }).click()
    await form
      .getByRole('status', { name: 'Connection test' })
      .getByText('Unreachable: nothing answers at this address')
      .waitFor({ timeout: 20_000 })
    await shot('remote-form-unreachable')
  })
})
