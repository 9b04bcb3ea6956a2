// Getting started in Chromium against the reference server: personalization step by step, kept
// in local storage (encoded) until sent and removed after; the education center plays a real
// video to its end and the platform remembers it across a reload.
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from '../support/signIn'

withPlatformAndChromium({}, {})

describe('getting started (e2e)', () => {
  it('personalizes the console, then plays a getting-started video that stays played', async () => {
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      await signIn(server, page, 'developer', server.config.userPassword)
      await page.goto(`${server.url}/ui/get_started`)
      await page.getByRole('button', { name: 'Personalize' }).click({ timeout: 20_000 })
      const dialog = page.getByRole('dialog', { name: 'Personalize your console' })
      await dialog.getByRole('checkbox', { name: 'Go' }).click()
      await dialog.getByRole('button', { name: 'Next' }).click()
      await dialog.getByRole('radio', { name: 'Store and share my packages' }).waitFor()
      const stored = await page.evaluate(() => localStorage.getItem('personalizationData'))
      expect(stored).toMatch(/^[A-Za-z0-9+/]+=*$/)
      expect(JSON.parse(Buffer.from(stored ?? '', 'base64').toString('utf8'))).toMatchObject({
        step: 'goal',
        steps: { technologies: { stepDataObject: { technologies: ['go'] }, isCompleted: true } },
      })

      // A reload opens where it was left.
      await page.reload()
      await page.getByRole('button', { name: 'Continue personalizing' }).click({ timeout: 20_000 })
      await dialog.getByRole('radio', { name: 'Store and share my packages' }).click()
      await dialog.getByRole('button', { name: 'Next' }).click()
      await dialog.getByRole('button', { name: 'Save my choices' }).click()
      await dialog.waitFor({ state: 'detached', timeout: 15_000 })
      expect(await page.evaluate(() => localStorage.getItem('personalizationData'))).toBeNull()
      await page.reload()
      await page
        .getByRole('button', { name: 'Watch the getting-started videos' })
        .waitFor({ timeout: 20_000 })
      expect(await page.getByRole('button', { name: /Personaliz/ }).count()).toBe(0)

      await page.getByRole('button', { name: 'Watch the getting-started videos' }).click()
      const center = page.getByRole('dialog', { name: 'Education Center' })
      await center.getByText('0 of 3 videos played').waitFor({ timeout: 15_000 })
      await center.getByRole('button', { name: 'Play Publish and find a package' }).click()
      // The clip plays to its end in the browser (about 3 s).
      await center.getByText('1 of 3 videos played').waitFor({ timeout: 30_000 })
      await page.reload()
      await page.getByRole('button', { name: 'Help' }).click({ timeout: 20_000 })
      await page.getByRole('menuitem', { name: 'Education Center' }).click()
      await center.getByText('1 of 3 videos played').waitFor({ timeout: 15_000 })
    } finally {
      await context.close()
    }
  })
})
