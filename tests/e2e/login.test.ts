// Login, logout and the saved path after login, in Chromium against the reference server.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { currentUser, pathOf } from './loginHelpers'
import { fillLogin, signIn } from '../support/signIn'

withPlatformAndChromium()

describe('login (e2e)', () => {
  it('a wrong password shows the server message and keeps what was typed', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/ui/login`)
    await fillLogin(page, 'admin', 'not-the-password')
    await expect.poll(() => page.getByRole('alert').textContent()).toBeTruthy()
    expect(await page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('admin')
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('not-the-password')
    expect((await currentUser(page)).anonymous).toBe(true)
    await page.close()
  })

  it('after a wrong password, an emptied form submitted says only what is wrong now', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/ui/login`)
    await fillLogin(page, 'admin', 'not-the-password')
    await expect.poll(() => page.getByRole('alert').count()).toBe(1)
    await fillLogin(page, '', '')
    await expect.poll(() => page.getByText('This field is mandatory').count()).toBe(2)
    expect(await page.getByRole('alert').count()).toBe(0)
    await page.close()
  })

  it('admin signs in, leaves the login screens, then logs out', async () => {
    const page = await browser.newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    expect(await currentUser(page)).toMatchObject({ name: 'admin', anonymous: false })

    await page.goto(`${server.url}/ui/logout`)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/login')
    await expect.poll(async () => (await currentUser(page)).anonymous, { timeout: 15_000 }).toBe(true)
    await expect(page.getByRole('button', { name: 'Log in' }).isVisible()).resolves.toBe(true)
    await page.close()
  })

  it('an unsafe saved path is ignored: the user lands on the default page of the console', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/login`)
    // A path after login planted in session storage that would leave the origin.
    await page.evaluate(() =>
      sessionStorage.setItem(
        'path_after_login',
        JSON.stringify({ pathAfterLogin: '//evil.example/steal', expiration: Date.now() + 3_600_000 }),
      ),
    )
    await page.reload()
    await fillLogin(page, 'developer', server.config.userPassword)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).not.toMatch(/^\/login/)
    expect(new URL(page.url()).origin).toBe(server.url)
    expect(page.url()).not.toContain('evil')
    expect(await currentUser(page)).toMatchObject({ name: 'developer', anonymous: false })
    await context.close()
  })

  it('a safe saved path is where the user goes after login', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/login`)
    await page.evaluate(() =>
      sessionStorage.setItem(
        'path_after_login',
        JSON.stringify({ pathAfterLogin: '/ui/user_profile', expiration: Date.now() + 3_600_000 }),
      ),
    )
    await page.reload()
    await fillLogin(page, 'developer', server.config.userPassword)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/user_profile')
    await context.close()
  })

  // Spec 000: the CLI opens the console with its session, name and code; once the user allows it,
  // the CLI posts its own code back for a token. The console used to approve with a code of the
  // platform's, so the CLI's postback was refused while the page said it was signed in.
  it('CLI login: a user who signs in and allows the CLI lets the CLI take its token with its own code', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const session = randomUUID()
    const code = randomUUID().replaceAll('-', '')
    const query = new URLSearchParams({
      jfClientSession: session,
      jfClientName: 'JFrog-CLI',
      jfClientCode: code,
    })
    await page.goto(`${server.url}/ui/plugs/extension/cli?${query}`)
    await expect.poll(() => pathOf(page)).toBe('/login/cli-registration')
    await page.getByRole('button', { name: 'Log in' }).click()
    await expect.poll(() => pathOf(page)).toBe('/login')
    await fillLogin(page, 'developer', server.config.userPassword)
    await page.getByText('Allow JFrog-CLI to sign in as developer?').waitFor({ timeout: 20_000 })
    expect(pathOf(page)).toBe('/login/cli-registration')
    await page.getByRole('button', { name: 'Allow' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toContain('The CLI is signed in')
    // What the CLI does next: its session and its own code, nothing from the page.
    const answer = await fetch(`${server.url}/access/api/v2/authentication/jfrog_client_login/response`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, code }),
    })
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { access_token: string }).access_token.length).toBeGreaterThan(20)
    await context.close()
  })
})
