// The idle-session check in Chromium against the reference server: the server ends the session
// (an admin sets a new password), the user comes back after more than a minute idle, lands on
// login, signs in again and is back on the page they were on.
import { beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { browserHeaders } from '../support/server'
import { adminCookie, createUser, currentUser, pathOf } from './loginHelpers'
import { fillLogin, signIn } from '../support/signIn'

withPlatformAndChromium()
beforeAll(async () => {
  await createUser(server, { name: 'idler', email: 'idler@example.org', password: 'First-pass-1' })
})

describe('idle session check (e2e)', () => {
  it('an ended session is noticed on activity after 60 s idle; signing in again returns to the page', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    // The page's clock is controlled so that "a minute idle" takes no real minute.
    await page.clock.install()
    await signIn(server, page, 'idler', 'First-pass-1')
    await page.goto(`${server.url}/ui/user_profile`)
    await expect
      .poll(() => page.getByRole('heading', { name: 'User profile' }).isVisible(), { timeout: 15_000 })
      .toBe(true)

    // Activity within the minute checks nothing.
    await page.mouse.move(10, 10)
    await page.clock.fastForward(30_000)
    await page.mouse.move(20, 20)
    expect(pathOf(page)).toBe('/user_profile')

    // The server ends the session: an admin sets a new password.
    const answer = await fetch(`${server.url}/ui/api/v1/ui/admin/users/idler`, {
      method: 'PUT',
      headers: browserHeaders(server.url, await adminCookie(server)),
      body: JSON.stringify({ password: 'Second-pass-2' }),
    })
    expect(answer.status).toBe(200)
    expect((await currentUser(page)).anonymous).toBe(true)
    // Without activity the console does not notice yet.
    expect(pathOf(page)).toBe('/user_profile')

    await page.clock.fastForward(61_000)
    await page.mouse.move(30, 30)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/login')
    expect(await page.evaluate(() => sessionStorage.getItem('path_after_login'))).toContain(
      '/ui/user_profile',
    )

    await fillLogin(page, 'idler', 'Second-pass-2')
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/user_profile')
    expect(await currentUser(page)).toMatchObject({ name: 'idler', anonymous: false })
    await context.close()
  })
})
