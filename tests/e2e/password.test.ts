// Forgot/reset password through the server's outbox, and an expired password changed at login.
import { beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { createUser, currentUser, pathOf } from './loginHelpers'
import { fillLogin } from '../support/signIn'
import { outbox } from '../support/outbox'

withPlatformAndChromium()
beforeAll(async () => {
  await createUser(server, { name: 'forgetful', email: 'forgetful@example.com', password: 'Old-passw0rd!' })
  await createUser(server, {
    name: 'expired',
    email: 'expired@example.com',
    password: 'Old-passw0rd!',
    passwordExpired: true,
  })
})

describe('passwords (e2e)', () => {
  it('forgot password mails a link; the link resets the password and signs the user in', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/login`)
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/login/forgot-password')
    const before = outbox(server).length
    await page.getByRole('textbox', { name: 'Username' }).fill('forgetful')
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toContain('reset the password was sent')
    await expect.poll(() => outbox(server).length, { timeout: 10_000 }).toBe(before + 1)
    const mail = outbox(server).at(-1) ?? ''
    expect(mail).toContain('To: forgetful@example.com')
    const link = /https?:\/\/\S+\/ui\/login\/reset-password\?key=[^\s"<>]+/.exec(mail)?.[0]
    expect(link).toBeDefined()
    // The link names this server (no other base URL is configured).
    const url = new URL(link ?? '')
    await page.goto(`${server.url}${url.pathname}${url.search}`)
    const name = page.getByRole('textbox', { name: 'Username' })
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe('forgetful')
    await page.getByLabel('New password', { exact: true }).fill('New-passw0rd!')
    await page.getByLabel('Confirm new password').fill('New-passw0rd!')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).not.toMatch(/^\/login/)
    expect(await currentUser(page)).toMatchObject({ name: 'forgetful', anonymous: false })

    await context.close()

    // The link works once. Opened signed out: a signed-in user who opens any login page is sent
    // to the landing by the login guard (spec 000 section 4), reset links included.
    const other = await browser.newContext()
    const reuse = await other.newPage()
    await reuse.goto(`${server.url}${url.pathname}${url.search}`)
    await expect.poll(() => reuse.getByRole('alert').count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await other.close()

    // The new password signs in; the old one does not.
    const fresh = await browser.newContext()
    const login = await fresh.newPage()
    await login.goto(`${server.url}/ui/login`)
    await fillLogin(login, 'forgetful', 'Old-passw0rd!')
    await expect.poll(() => login.getByRole('alert').count()).toBeGreaterThan(0)
    await fillLogin(login, 'forgetful', 'New-passw0rd!')
    await expect.poll(() => pathOf(login), { timeout: 15_000 }).not.toMatch(/^\/login/)
    await fresh.close()
  })

  it('an expired password leads to change password with the user name, then signs in', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/login`)
    await fillLogin(page, 'expired', 'Old-passw0rd!')
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/login/change-password/expired')
    expect(await page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('expired')
    await page.getByLabel('Current password').fill('Old-passw0rd!')
    await page.getByLabel('New password', { exact: true }).fill('Fresh-passw0rd!')
    await page.getByLabel('Confirm new password').fill('Fresh-passw0rd!')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).not.toMatch(/^\/login/)
    expect(await currentUser(page)).toMatchObject({ name: 'expired', anonymous: false })
    await context.close()
  })
})
