// Onboarding on the cloud trial, in Chromium against the reference server: the trial admin's
// first login goes to quick setup with the getting-started questionnaire open, and answering
// it creates the project on the platform.
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { adminCookie, currentUser, pathOf } from './loginHelpers'
import { fillLogin } from '../support/signIn'
import { browserHeaders } from '../support/server'

withPlatformAndChromium({}, { PLATFORM_FLAVOUR: 'cloud-trial' })

describe('cloud-trial onboarding (e2e)', () => {
  it('first login → quick setup → questionnaire → project created', async () => {
    const page = await browser.newPage()
    try {
      await page.goto(`${server.url}/ui/login`)
      await fillLogin(page, 'admin', server.config.adminPassword)
      await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/quick-setup')
      const dialog = page.getByRole('dialog', { name: 'Get started' })
      await dialog.waitFor({ timeout: 15_000 })
      const next = dialog.getByRole('button', { name: 'Next' })
      await next.click()
      await dialog.getByRole('radio', { name: 'Personal' }).check()
      await next.click()
      await dialog.getByRole('radio', { name: 'DevOps Engineer' }).check()
      await next.click()
      await dialog.getByRole('checkbox', { name: 'Binary management' }).check()
      await next.click()
      await dialog.getByRole('textbox', { name: 'Project name' }).fill('Trial Project')
      await next.click()
      await dialog.getByRole('textbox', { name: 'Project key' }).fill('trial')
      await dialog.getByRole('button', { name: 'Create project' }).click()
      await dialog
        .getByRole('status')
        .filter({ hasText: 'Project Trial Project (trial) is created.' })
        .waitFor()

      // The platform has the project, the answers and the getting-started flag.
      const headers = browserHeaders(server.url, await adminCookie(server))
      const projects = (await (
        await fetch(`${server.url}/ui/api/v1/ui/admin/projects`, { headers })
      ).json()) as Array<{ key: string; name: string }>
      expect(projects).toContainEqual(expect.objectContaining({ key: 'trial', name: 'Trial Project' }))
      const answers = (await (
        await fetch(`${server.url}/ui/api/v1/ui/onboarding/questionnaire`, { headers })
      ).json()) as { purpose: string; role: string; desiredFeature: string[] }
      expect(answers).toMatchObject({
        purpose: 'Personal',
        role: 'DevOps Engineer',
        desiredFeature: ['Binary management'],
      })
      expect(await currentUser(page)).toMatchObject({ name: 'admin', hasSeenGettingStarted: true })
    } finally {
      await page.close()
    }
  })
})
