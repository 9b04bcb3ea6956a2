// The npm loop end to end, in Chromium against the reference server and with the npm CLI that
// ships with Node: set-me-up generates a token and gives the .npmrc, which is used verbatim to
// `npm publish` a freshly made package into npm-local and `npm install` it from the npm virtual
// repository; the console then shows the package. The token is never in web storage.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Locator, Page } from 'playwright-core'
import { npmCli } from '../support/npmCli'
import { pathOf, signIn } from './loginHelpers'

let page: Page
let work: string
const SHOTS = process.env.SCREENSHOTS_DIR
const NAME = `e2e-loop-${Date.now().toString(36)}`
const README = '# Hello from the e2e loop\n\nPublished with the configuration set-me-up gave.\n'

withPlatformAndChromium()
beforeAll(async () => {
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  work = mkdtempSync(join(tmpdir(), 'npm-e2e-'))
})
afterAll(async () => {
  if (work) rmSync(work, { recursive: true, force: true })
})

/** The .npmrc set-me-up shows for a repository, written to a file as a user would paste it. */
async function npmrcFor(panel: Locator, repo: string): Promise<string> {
  await panel.getByRole('combobox', { name: 'Repository' }).selectOption(repo)
  const steps = panel.getByRole('region', { name: `Set up npm for ${repo}` })
  const config = steps.locator('code').filter({ hasText: '_authToken=cnt_' })
  await config.waitFor({ timeout: 10_000 })
  const path = join(work, `npmrc-${repo}`)
  writeFileSync(path, `${await config.textContent()}\n`)
  return path
}

describe('the npm loop (e2e)', () => {
  it('set-me-up gives a working config: publish into npm-local, install from npm, see it in the console', async () => {
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.getByRole('button', { name: 'developer', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Set Me Up' }).click()
    const panel = page.getByRole('complementary', { name: 'Set Me Up' })
    await panel.getByRole('combobox', { name: 'Package type' }).selectOption('npm')
    // The platform's own npm repositories are offered, the virtual one first.
    const repoChoice = panel.getByRole('combobox', { name: 'Repository' })
    await repoChoice
      .locator('option', { hasText: 'npm-local' })
      .waitFor({ state: 'attached', timeout: 10_000 })
    expect(await repoChoice.inputValue()).toBe('npm')
    await panel.getByRole('button', { name: 'Generate token' }).click()
    const tokenBox = panel.getByRole('region', { name: 'Client token' })
    await tokenBox.getByText(/shown once/).waitFor({ timeout: 10_000 })
    const token = (await tokenBox.locator('code').textContent())!.trim()
    expect(token).toMatch(/^cnt_/)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/set-me-up-npm.png` })

    const cli = npmCli(work)
    const localRc = await npmrcFor(panel, 'npm-local')
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
      `${server.url}/artifactory/api/npm/npm/${NAME}/-/${NAME}-1.0.0.tgz`,
    )

    // The token was shown, never stored by the console.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    expect(stored).not.toContain(token)

    // The console lists the package and shows its README.
    await page.keyboard.press('Escape')
    await page.goto(`${server.url}/ui/packages?q=${NAME}&pkg=npm`)
    const link = page.getByRole('list', { name: 'Packages' }).getByRole('link', { name: NAME, exact: true })
    await link.waitFor({ timeout: 20_000 })
    await link.click()
    await expect
      .poll(() => decodeURIComponent(pathOf(page)), { timeout: 15_000 })
      .toMatch(`/packages/npm://${NAME}`)
    await page.getByRole('heading', { name: 'Hello from the e2e loop' }).waitFor({ timeout: 20_000 })
  })
})
