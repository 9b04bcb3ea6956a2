// The access login in Chromium: a platform that names its access service gets the console's
// password sign-ins through the access login, whose failures carry their code first in `errors`
// (an expired password still leads to change password), and no call to the platform login.
import { beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { createUser, currentUser, fillLogin, pathOf } from './loginHelpers'

withPlatformAndChromium({ accessLogin: true })
beforeAll(async () => {
  await createUser(server, {
    name: 'lapsed',
    email: 'lapsed@example.com',
    password: 'Old-passw0rd!',
    passwordExpired: true,
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
})
