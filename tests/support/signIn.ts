/** Signs in through the console's login page, outside any test runner (no vitest import). */
import type { Page } from 'playwright-core'

export async function signIn(page: Page, base: string, user: string, password: string): Promise<void> {
  await page.goto(`${base}/ui/login`)
  await page.getByRole('textbox', { name: 'Username' }).fill(user)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/ui/login'), { timeout: 20_000 })
}
