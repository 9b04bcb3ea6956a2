// The contact-us form on the tour, in Chromium against the reference server: a tour user opens
// it by the contactUsContext query, sends it, sees the thanks, and an admin finds the request
// on Administration → Contact Requests.
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from '../support/signIn'

withPlatformAndChromium({}, { PLATFORM_FLAVOUR: 'tour' })

describe('tour contact us (e2e)', () => {
  it('a tour user sends the contact form; the request is visible to an admin', async () => {
    const visitor = await browser.newContext()
    try {
      const page = await visitor.newPage()
      await signIn(server, page, 'developer', server.config.userPassword)
      await page.goto(`${server.url}/ui/packages?contactUsContext=tour`)
      const dialog = page.getByRole('dialog', { name: 'Contact Us' })
      await dialog.waitFor({ timeout: 15_000 })
      const submit = dialog.getByRole('button', { name: 'Submit' })
      expect(await submit.isDisabled()).toBe(true)
      await dialog.getByRole('textbox', { name: 'First name' }).fill('Grace')
      await dialog.getByRole('textbox', { name: 'Last name' }).fill('Hopper')
      await dialog.getByRole('textbox', { name: 'Country' }).fill('United States')
      await dialog.getByRole('textbox', { name: 'Email' }).fill('grace.hopper@example.com')
      await dialog.getByRole('radio', { name: 'Request trial extension' }).click()
      await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Two more weeks, please')
      await submit.click()
      // The toast (Radix also announces it in a live region: the first is the visible one).
      await page
        .getByText('Thank you for your request. We will be in touch via email soon.')
        .first()
        .waitFor({ timeout: 15_000 })
      await dialog.waitFor({ state: 'detached' })
      expect(new URL(page.url()).search).toBe('')
    } finally {
      await visitor.close()
    }

    const adminContext = await browser.newContext()
    try {
      const page = await adminContext.newPage()
      await signIn(server, page, 'admin', server.config.adminPassword)
      await page.goto(`${server.url}/ui/admin/marketing/contact_requests`)
      const table = page.getByRole('table', { name: 'Contact requests' })
      const row = table.getByRole('row').filter({ hasText: 'grace.hopper@example.com' })
      await row.waitFor({ timeout: 15_000 })
      expect(await row.textContent()).toContain('Grace Hopper')
      expect(await row.textContent()).toContain('Request trial extension')
      expect(await row.textContent()).toContain('Two more weeks, please')
    } finally {
      await adminContext.close()
    }
  })
})
