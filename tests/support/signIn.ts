/**
 * Signing in through the console's login page: the one helper of e2e tests, the screens and the
 * gallery script (so no vitest import here).
 */
import type { Page } from 'playwright-core'

/** Fills the login form and presses Log in; waits for nothing (for tests of what follows). */
export async function fillLogin(page: Page, user: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(user)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** Opens the login page of the platform at `url`, signs in and waits until the console has left it. */
export async function signIn(
  platform: { url: string },
  page: Page,
  user: string,
  password: string,
): Promise<void> {
  await page.goto(`${platform.url}/ui/login`)
  await fillLogin(page, user, password)
  await page.waitForURL((url) => !url.pathname.startsWith('/ui/login'), { timeout: 20_000 })
}
