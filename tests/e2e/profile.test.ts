// /user_profile in Chromium against the reference server: unlock with the password, change the
// email and the password, and see the API key once (never in web storage).
import { beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { createUser, currentUser } from './loginHelpers'
import { signIn } from '../support/signIn'

withPlatformAndChromium()
beforeAll(async () => {
  await createUser(server, { name: 'profiler', email: 'profiler@example.org', password: 'First-pass-1' })
})

describe('user profile (e2e)', () => {
  it('unlocks, changes email and password, and shows the API key once', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signIn(server, page, 'profiler', 'First-pass-1')
    await page.goto(`${server.url}/ui/user_profile`)

    await page.getByLabel('Current password').fill('not-it')
    await page.getByRole('button', { name: 'Unlock' }).click()
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe('The password is not correct.')
    expect(await page.getByLabel('Current password').inputValue()).toBe('not-it')
    await page.getByLabel('Current password').fill('First-pass-1')
    await page.getByRole('button', { name: 'Unlock' }).click()

    const email = page.getByRole('textbox', { name: 'Email' })
    await expect.poll(() => email.inputValue(), { timeout: 15_000 }).toBe('profiler@example.org')
    await email.fill('renamed@example.org')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(() => page.getByText('Your profile was saved.').isVisible(), { timeout: 15_000 })
      .toBe(true)
    await page.getByLabel('New password', { exact: true }).fill('Second-pass-2')
    await page.getByLabel('Confirm new password').fill('Second-pass-2')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(() => page.getByLabel('New password', { exact: true }).inputValue(), { timeout: 15_000 })
      .toBe('')
    expect(await currentUser(page)).toMatchObject({ name: 'profiler', anonymous: false })

    await page.getByLabel('Password for the API key').fill('Second-pass-2')
    await page.getByRole('button', { name: 'Show API key' }).click()
    const key = page.getByLabel('Your API key')
    await expect.poll(() => key.textContent(), { timeout: 15_000 }).toMatch(/^AKC/)
    const shown = (await key.textContent()) ?? ''
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    expect(stored).not.toContain(shown)
    await page.getByRole('button', { name: 'Hide API key' }).click()
    await expect.poll(() => page.getByText(shown).count()).toBe(0)

    // The new password and email are the server's now.
    const check = await browser.newContext()
    const fresh = await check.newPage()
    await signIn(server, fresh, 'profiler', 'Second-pass-2')
    const me = await fresh.evaluate(async () => {
      const res = await fetch('/ui/api/v1/ui/auth/current', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      })
      return (await res.json()) as { email: string }
    })
    expect(me.email).toBe('renamed@example.org')
    await check.close()
    await context.close()
  })
})
