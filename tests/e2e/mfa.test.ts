// MFA enrolment, then a later login with a one-time code, with real TOTP codes (otpauth).
import { beforeAll, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Page } from 'playwright-core'
import { Secret, TOTP } from 'otpauth'
import { manualClock } from '../../server/clock'
import { createUser, currentUser, pathOf } from './loginHelpers'
import { fillLogin } from '../support/signIn'

// The platform's clock: the test moves it to the next 30-second code window instead of waiting.
const clock = manualClock()

withPlatformAndChromium({}, {}, { clock })
beforeAll(async () => {
  await createUser(server, {
    name: 'mfa-user',
    email: 'mfa@example.com',
    password: 'Mfa-passw0rd!',
    mfaRequired: true,
  })
})

/** The authenticator's code at the platform's present. */
const codeAt = (totp: TOTP): string => totp.generate({ timestamp: clock.now() })

async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
}

it('enrols an authenticator from the QR screen, then logs in with a one-time code', async () => {
  const first = await browser.newContext()
  const page = await first.newPage()
  await page.goto(`${server.url}/ui/login`)
  await fillLogin(page, 'mfa-user', 'Mfa-passw0rd!')
  await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/login/mfa-enroll')
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' })
  await qr.waitFor({ timeout: 15_000 })
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
  const secret = (await page.getByLabel('Authenticator key').textContent())?.trim() ?? ''
  expect(secret).toMatch(/^[A-Z2-7]+=*$/)
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })

  // A wrong code is refused with the server's message; the screen stays.
  await typeCode(page, codeAt(totp) === '000000' ? '111111' : '000000')
  await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid code')

  await typeCode(page, codeAt(totp))
  await expect.poll(() => pathOf(page), { timeout: 15_000 }).not.toMatch(/^\/login/)
  expect(await currentUser(page)).toMatchObject({ name: 'mfa-user', anonymous: false })
  await first.close()

  // A new browser: the password is not enough any more, a code is asked for.
  const second = await browser.newContext()
  const again = await second.newPage()
  await again.goto(`${server.url}/ui/login`)
  await fillLogin(again, 'mfa-user', 'Mfa-passw0rd!')
  await expect.poll(() => pathOf(again), { timeout: 15_000 }).toBe('/login/otp-login')
  expect((await currentUser(again)).anonymous).toBe(true)
  // A used code is never accepted twice: the next one, from the next window.
  clock.advance(30_000)
  await typeCode(again, codeAt(totp))
  await expect.poll(() => pathOf(again), { timeout: 15_000 }).not.toMatch(/^\/login/)
  expect(await currentUser(again)).toMatchObject({ name: 'mfa-user', anonymous: false })
  await second.close()
})
