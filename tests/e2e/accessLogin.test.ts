// The access login in Chromium: a platform that names its access service gets the console's
// password sign-ins through the access login, whose failures carry their code first in `errors`
// (an expired password still leads to change password), and no call to the platform login; an
// MFA user's enrolment and code go to the access service's MFA calls.
import { beforeAll, describe, expect, it } from 'vitest'
import { Secret, TOTP } from 'otpauth'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { createUser, currentUser, pathOf } from './loginHelpers'
import { fillLogin } from '../support/signIn'

withPlatformAndChromium({ accessLogin: true })
beforeAll(async () => {
  await createUser(server, {
    name: 'lapsed',
    email: 'lapsed@example.com',
    password: 'Old-passw0rd!',
    passwordExpired: true,
  })
  await createUser(server, {
    name: 'access-mfa',
    email: 'access-mfa@example.com',
    password: 'Mfa-passw0rd!',
    mfaRequired: true,
  })
})

describe('access login (e2e)', () => {
  it('signs in through the access login; an expired password leads to change password', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const calls: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/(access\/api\/v1\/authentication|ui\/auth)\/login/.test(r.url()))
        calls.push(new URL(r.url()).pathname)
    })
    await page.goto(`${server.url}/ui/login`)
    await fillLogin(page, 'lapsed', 'Old-passw0rd!')
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/login/change-password/lapsed')
    await page.goto(`${server.url}/ui/login`)
    await fillLogin(page, 'developer', 'password')
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).not.toMatch(/^\/login/)
    expect(await currentUser(page)).toMatchObject({ name: 'developer', anonymous: false })
    expect(calls).toEqual([
      '/ui/api/v1/access/api/v1/authentication/login',
      '/ui/api/v1/access/api/v1/authentication/login',
    ])
    await context.close()
  })

  it("enrols an MFA user through the access service's enrol and verify", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const calls: string[] = []
    page.on('request', (r) => {
      if (/\/mfa\//.test(r.url())) calls.push(`${r.method()} ${new URL(r.url()).pathname}`)
    })
    await page.goto(`${server.url}/ui/login`)
    await fillLogin(page, 'access-mfa', 'Mfa-passw0rd!')
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/login/mfa-enroll')
    const key = page.getByLabel('Authenticator key')
    await key.waitFor({ timeout: 15_000 })
    const secret = ((await key.textContent()) ?? '').trim()
    const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })
    const code = page.getByRole('textbox', { name: 'Verification code' })
    // A wrong code: the access service's first error's message, and the screen stays.
    await code.fill(totp.generate() === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid code')
    await code.fill(totp.generate())
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).not.toMatch(/^\/login/)
    expect(await currentUser(page)).toMatchObject({ name: 'access-mfa', anonymous: false })
    expect(calls).toEqual([
      'GET /ui/api/v1/access/api/v1/authentication/mfa/enroll',
      'POST /ui/api/v1/access/api/v1/authentication/mfa/verify',
      'POST /ui/api/v1/access/api/v1/authentication/mfa/verify',
    ])
    await context.close()
  })
})
