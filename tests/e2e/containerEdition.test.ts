// The container registry edition as a newcomer meets it, in Chromium: the platform started with
// PLATFORM_FLAVOUR=container-registry pushes its sample images into docker-local at its first
// start; a developer signs in, finds them in the packages list, opens one, and its tag's page
// shows the pushed image's layers (digests from its manifest, commands from its config).
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { sampleImages } from '../../server/containers/samples'
import { pathOf } from './loginHelpers'
import { signIn } from '../support/signIn'

// Through the environment, as the edition is started in production.
withPlatformAndChromium({}, { PLATFORM_FLAVOUR: 'container-registry' })

const SHOTS = process.env.SCREENSHOTS_DIR
const IMAGE = 'samples/console-web'
const TAG = '1.1.0'

/** The layer digests of the sample image's manifest under a tag, as pushed at first start. */
function layersOf(image: string, tag: string): string[] {
  const sample = sampleImages().find((s) => s.image === image)!
  const { manifest } = sample.manifests.find((m) => m.references.includes(tag))!
  const parsed = JSON.parse(manifest.bytes.toString('utf8')) as { layers: Array<{ digest: string }> }
  return parsed.layers.map((l) => l.digest)
}

describe('the container registry edition (e2e)', () => {
  it('a developer finds the sample images in the packages list and a tag’s layers', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    try {
      await signIn(server, page, 'developer', server.config.userPassword)
      await page.goto(`${server.url}/ui/packages`)
      // The edition's own type, chosen in the filters as a newcomer would.
      await page
        .getByRole('complementary', { name: 'Filters' })
        .getByRole('checkbox', { name: 'Docker', exact: true })
        .click()
      const list = page.getByRole('list', { name: 'Packages' })
      for (const name of sampleImages().map((s) => s.image))
        await list.getByRole('link', { name, exact: true }).waitFor({ timeout: 20_000 })
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/container-edition-packages.png` })

      await list.getByRole('link', { name: IMAGE, exact: true }).click()
      await expect.poll(() => decodeURIComponent(pathOf(page))).toMatch(`/packages/docker://${IMAGE}`)
      await page
        .getByRole('navigation', { name: 'Versions' })
        .getByRole('link', { name: TAG, exact: true })
        .click()
      await page
        .getByRole('heading', { level: 1, name: `${IMAGE} ${TAG}`, exact: true })
        .first()
        .waitFor({ timeout: 20_000 })
      expect(await page.getByRole('tab', { name: 'Docker Layers' }).getAttribute('aria-selected')).toBe(
        'true',
      )
      const table = page.getByRole('table', { name: 'Docker layers' })
      const commands = ['ADD rootfs /', 'COPY dist/ /app/www/', 'COPY serve /app/serve']
      const digests = layersOf(IMAGE, TAG)
      expect(digests).toHaveLength(commands.length)
      for (const [i, digest] of digests.entries()) {
        const row = table.getByRole('row').filter({ hasText: digest })
        await row.waitFor({ timeout: 20_000 })
        await row.getByText(commands[i]!, { exact: true }).waitFor()
      }
      expect(await table.getByRole('row').count()).toBe(digests.length + 1)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/container-edition-layers.png` })
    } finally {
      await page.close()
    }
  })
})
