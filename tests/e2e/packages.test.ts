// The packages browser end to end, in Chromium against the reference server and its real
// catalogue: search, details, README, versions, install command, download, reload, shared link.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Page } from 'playwright-core'
import { chooseOption } from './kitSelect'

withPlatformAndChromium()

const pathOf = (page: Page) => {
  const u = new URL(page.url())
  return `${u.pathname.replace(/^\/ui/, '')}${u.search}`
}

async function logIn(page: Page) {
  await page.getByRole('textbox', { name: 'Username' }).fill('developer')
  await page.getByLabel('Password', { exact: true }).fill(server.config.userPassword)
  await page.getByRole('button', { name: 'Log in' }).click()
}

describe('packages browser (e2e)', () => {
  it('search, open, read, switch versions, copy, download, reload, share', async () => {
    const context = await browser.newContext({ acceptDownloads: true })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    const page = await context.newPage()

    // Sign in as the regular user and land on packages.
    await page.goto(`${server.url}/ui/login`)
    await logIn(page)
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).not.toMatch(/^\/login/)
    await page.goto(`${server.url}/ui/packages`)
    await page.getByText('Find packages using the search bar.').waitFor({ timeout: 20_000 })

    // Search `react` with a type filter, from the universal search bar.
    const bar = page.getByRole('search', { name: 'Universal search' })
    await bar.getByRole('combobox', { name: 'Search text' }).fill('react type:npm')
    await bar.getByRole('button', { name: 'Search', exact: true }).click()
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/packages?q=react&pkg=npm')
    const results = page.getByRole('list', { name: 'Packages' })
    const reactLink = results.getByRole('link', { name: 'react', exact: true })
    await reactLink.waitFor({ timeout: 20_000 })
    const shown = await results.getByRole('link').allTextContents()
    expect(shown.length).toBeGreaterThan(0)
    for (const name of shown) expect(name.toLowerCase().startsWith('react')).toBe(true)

    // Reload: the same results.
    await page.reload()
    await page
      .getByRole('list', { name: 'Packages' })
      .getByRole('link', { name: 'react', exact: true })
      .waitFor({ timeout: 20_000 })
    expect(await page.getByRole('list', { name: 'Packages' }).getByRole('link').allTextContents()).toEqual(
      shown,
    )
    expect(await page.getByRole('combobox', { name: 'Search text' }).inputValue()).toBe('react type:npm')

    // Open the package and read its README.
    await page
      .getByRole('list', { name: 'Packages' })
      .getByRole('link', { name: 'react', exact: true })
      .click()
    await page
      .getByRole('heading', { level: 1, name: 'react', exact: true })
      .first()
      .waitFor({ timeout: 20_000 })
    const readme = page.getByRole('article', { name: 'README' })
    await readme.waitFor({ timeout: 20_000 })
    expect((await readme.textContent())?.toLowerCase()).toContain('react')
    expect(await page.locator('article [onerror], article script').count()).toBe(0)

    // Copy the install command and read the clipboard back.
    const shownCommand = (await page.getByTestId('install-command').textContent()) ?? ''
    expect(shownCommand).toMatch(/^npm i react@/)
    await page.getByRole('button', { name: 'Copy install command' }).click()
    await page.getByText('Install command copied to the clipboard').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shownCommand)

    // Switch versions: open the newest, then pick another one from the version selector if there is one.
    const versions = page.getByRole('navigation', { name: 'Versions' }).getByRole('link')
    const versionNames = await versions.allTextContents()
    expect(versionNames.length).toBeGreaterThan(0)
    await versions.first().click()
    await page
      .getByRole('heading', { level: 1, name: `react ${versionNames[0]}`, exact: true })
      .first()
      .waitFor({ timeout: 20_000 })
    if (versionNames.length > 1) {
      await chooseOption(page, page.getByRole('combobox', { name: 'Version' }), versionNames[1] ?? '')
      await page
        .getByRole('heading', { level: 1, name: `react ${versionNames[1]}`, exact: true })
        .first()
        .waitFor({ timeout: 20_000 })
    }

    // Download a file and compare its sha256 with the one shown. (The reference catalogue keeps
    // the bytes of a package's own files, such as package.json, not of its tarball.)
    const files = page.getByRole('table', { name: 'Files' })
    await files.waitFor()
    const fileName = 'package.json'
    const button = files.getByRole('button', { name: `Download ${fileName}`, exact: true })
    const shownSha = (await page.getByTestId(`sha256-${fileName}`).textContent()) ?? ''
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), button.click()])
    const saved = await download.path()
    const actual = createHash('sha256').update(readFileSync(saved)).digest('hex')
    expect(actual).toBe(shownSha)
    await context.close()
  })

  it('a shared search link opened while signed out comes back after login', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/packages?q=react&pkg=npm`)
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toMatch(/^\/login/)
    await logIn(page)
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/packages?q=react&pkg=npm')
    await page
      .getByRole('list', { name: 'Packages' })
      .getByRole('link', { name: 'react', exact: true })
      .waitFor({ timeout: 20_000 })
    await context.close()
  })
})
