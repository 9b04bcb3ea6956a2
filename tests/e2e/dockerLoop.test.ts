// The container loop end to end, in Chromium against the reference server and with Debian's
// skopeo: Set Me Up for docker generates a token and shows the skopeo commands, whose push line
// is run verbatim to copy an image the test builds (an OCI layout: config and two layers) into
// docker-local; a multi-arch image (an index over amd64 and arm64) follows with `--all`. The
// console then finds the image with the search bar and shows its tag's page: the pull command
// with this platform's registry host, the size, the OS and architecture from the image's
// config, the layers from its manifest with the commands of its history; the index's tag names
// both platforms.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { skopeoCli, writeOciIndexLayout, writeOciLayout } from '../support/skopeo'
import { buildImage } from '../../server/containers/imageBuilder'
import { pathOf } from './loginHelpers'
import { signIn } from '../support/signIn'
import { chooseOption } from './kitSelect'

let page: Page
let work: string
let skopeo: ReturnType<typeof skopeoCli>
let host: string
const SHOTS = process.env.SCREENSHOTS_DIR
const NAME = `e2eloop/app${Date.now().toString(36)}`
const COMMANDS = ['ADD index.html /srv/', 'COPY run.sh /usr/local/bin/']
const image = buildImage({
  layers: [
    { command: COMMANDS[0]!, files: [{ path: 'srv/index.html', content: '<h1>hello from the e2e</h1>\n' }] },
    {
      command: COMMANDS[1]!,
      files: [{ path: 'usr/local/bin/run.sh', content: '#!/bin/sh\necho hi\n', mode: 0o755 }],
    },
  ],
  architecture: 'arm64',
  os: 'linux',
})
const amd64 = buildImage({
  layers: [{ command: 'ADD amd64 /', files: [{ path: 'arch', content: 'amd64\n' }] }],
  architecture: 'amd64',
})

withPlatformAndChromium()
beforeAll(async () => {
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  work = mkdtempSync(join(tmpdir(), 'docker-e2e-'))
  skopeo = skopeoCli(work)
  host = new URL(server.url).host
})
afterAll(async () => {
  if (work) rmSync(work, { recursive: true, force: true })
})

const searchBar = () => page.getByRole('search', { name: 'Universal search' })

/** Opens a tag's page from the package page's versions, as a user would. */
async function openTag(tag: string): Promise<void> {
  await page.goto(`${server.url}/ui/packages`)
  await searchBar().getByRole('combobox', { name: 'Search text' }).fill(NAME)
  await searchBar().getByRole('button', { name: 'Search', exact: true }).click()
  const link = page.getByRole('list', { name: 'Packages' }).getByRole('link', { name: NAME, exact: true })
  await link.waitFor({ timeout: 20_000 })
  await link.click()
  await expect.poll(() => decodeURIComponent(pathOf(page))).toMatch(`/packages/docker://${NAME}`)
  await page
    .getByRole('navigation', { name: 'Versions' })
    .getByRole('link', { name: tag, exact: true })
    .click()
  await page
    .getByRole('heading', { level: 1, name: `${NAME} ${tag}`, exact: true })
    .first()
    .waitFor({ timeout: 20_000 })
}

describe('the container loop (e2e)', () => {
  it("Set Me Up's skopeo push, run verbatim, copies a built image into docker-local", async () => {
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.getByRole('button', { name: 'developer', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Set Me Up' }).click()
    const panel = page.getByRole('complementary', { name: 'Set Me Up' })
    await chooseOption(page, panel.getByRole('combobox', { name: 'Package type' }), 'docker')
    await chooseOption(page, panel.getByRole('combobox', { name: 'Repository' }), 'docker-local')
    await panel.getByRole('button', { name: 'Generate token' }).click()
    await panel
      .getByRole('region', { name: 'Client token' })
      .getByText(/shown once/)
      .waitFor({ timeout: 10_000 })
    const steps = panel.getByRole('region', { name: 'Set up docker for docker-local' })
    const code = steps.locator('code').filter({ hasText: 'skopeo copy' })
    await code.waitFor({ timeout: 10_000 })
    const [push] = (await code.textContent())!.split('\n')
    expect(push).toContain(`docker://${host}/docker-local/<image>:<tag>`)
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/set-me-up-docker.png` })
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })

    writeOciLayout(join(work, 'single'), image, '1.0.0')
    const line = push!
      .replaceAll('<dir>', join(work, 'single'))
      .replaceAll('<tag>', '1.0.0')
      .replaceAll('<image>', NAME)
    const pushed = await skopeo(line.split(' ').slice(1))
    expect(pushed, `${line}\n${pushed.stderr}`).not.toHaveProperty('failed')

    // The multi-arch tag: the same command with --all, so the index and both images go.
    writeOciIndexLayout(
      join(work, 'multi'),
      [
        { image: amd64, os: 'linux', architecture: 'amd64' },
        { image, os: 'linux', architecture: 'arm64' },
      ],
      '2.0.0',
    )
    const all = push!
      .replace('skopeo copy', 'skopeo copy --all')
      .replaceAll('<dir>', join(work, 'multi'))
      .replaceAll('<tag>', '2.0.0')
      .replaceAll('<image>', NAME)
    const pushedAll = await skopeo(all.split(' ').slice(1))
    expect(pushedAll, `${all}\n${pushedAll.stderr}`).not.toHaveProperty('failed')
  })

  it("the tag's page shows the pull command, size, OS/architecture and the layers", async () => {
    await openTag('1.0.0')
    expect(await page.getByTestId('install-command').textContent()).toBe(
      `docker pull ${host}/docker-local/${NAME}:1.0.0`,
    )
    // The version's size is its config's and layers' bytes: small enough to read in bytes.
    const size = [image.config, ...image.layers].reduce((n, b) => n + b.bytes.length, 0)
    expect(size).toBeLessThan(1024)
    await page.locator('article header').getByText(`${size} B`, { exact: true }).waitFor({ timeout: 10_000 })
    const facts = page.getByRole('complementary', { name: 'Version facts' })
    await facts.getByText('OS/Architecture', { exact: true }).waitFor({ timeout: 20_000 })
    expect(
      await facts.getByRole('list', { name: 'Platforms' }).getByRole('listitem').allTextContents(),
    ).toEqual(['linux/arm64'])
    await facts.getByText(image.manifest.digest.slice('sha256:'.length)).first().waitFor()

    // Docker layers is the tag's first tab: each layer's digest with its history's command.
    const tab = page.getByRole('tab', { name: 'Docker Layers' })
    expect(await tab.getAttribute('aria-selected')).toBe('true')
    const layers = page.getByRole('table', { name: 'Docker layers' })
    for (const [i, layer] of image.layers.entries()) {
      const row = layers.getByRole('row').filter({ hasText: layer.digest })
      await row.waitFor({ timeout: 20_000 })
      await row.getByText(COMMANDS[i]!, { exact: true }).waitFor()
      await row.getByText(`${layer.bytes.length} B`, { exact: true }).waitFor()
    }
    expect(await layers.getByRole('row').count()).toBe(image.layers.length + 1)
    // The files: manifest.json as the lead file, then the config and each layer by digest.
    const files = page.getByRole('table', { name: 'Files' })
    await files.getByRole('row').filter({ hasText: 'manifest.json' }).getByText('Lead file').waitFor()
    for (const b of [image.config, ...image.layers])
      await files
        .getByRole('row')
        .filter({ hasText: b.digest.replace(':', '__') })
        .waitFor()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/docker-loop-version.png`, fullPage: true })
  })

  it("the multi-arch tag's page names the platform of each of its images", async () => {
    await openTag('2.0.0')
    const facts = page.getByRole('complementary', { name: 'Version facts' })
    await facts.getByText('Platforms', { exact: true }).waitFor({ timeout: 20_000 })
    expect(
      await facts.getByRole('list', { name: 'Platforms' }).getByRole('listitem').allTextContents(),
    ).toEqual(['linux/amd64', 'linux/arm64'])
    // It shows the linux/amd64 image's layers.
    await page
      .getByRole('table', { name: 'Docker layers' })
      .getByRole('row')
      .filter({ hasText: amd64.layers[0]!.digest })
      .waitFor({ timeout: 20_000 })
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/docker-loop-multiarch.png`, fullPage: true })
  })
})
