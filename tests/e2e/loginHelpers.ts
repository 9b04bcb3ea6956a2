// Helpers of the login-family e2e tests: the admin API for test users, the outbox, and the
// browser's view of who is signed in.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { browserHeaders, type TestServer } from '../support/server'

const API = '/ui/api/v1'

async function json(server: TestServer, method: string, path: string, body?: unknown, cookie?: string) {
  const headers = browserHeaders(server.url, cookie)
  if (body === undefined) delete headers['content-type']
  const res = await fetch(`${server.url}${API}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('console_session='))
  return { status: res.status, text: await res.text(), cookie: setCookie?.split(';')[0] }
}

export async function adminCookie(server: TestServer): Promise<string> {
  const answer = await json(server, 'POST', '/ui/auth/login?_spring_security_remember_me=false', {
    user: 'admin',
    password: server.config.adminPassword,
    type: 'login',
  })
  if (answer.status !== 200 || !answer.cookie)
    throw new Error(`admin login failed: ${answer.status} ${answer.text}`)
  return answer.cookie
}

/** Creates a user through the admin API (the way an administrator would). */
export async function createUser(
  server: TestServer,
  user: { name: string; email: string; password: string; mfaRequired?: boolean; passwordExpired?: boolean },
): Promise<void> {
  const answer = await json(server, 'POST', '/ui/admin/users', user, await adminCookie(server))
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`creating ${user.name} failed: ${answer.status} ${answer.text}`)
}

/** The mails in the outbox, oldest first. */
export function outbox(server: TestServer): string[] {
  const dir = join(server.config.dataDir, 'outbox')
  let files: string[]
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'))
  } catch {
    return []
  }
  return files.sort().map((f) => readFileSync(join(dir, f), 'utf8'))
}

/** Who the browser's session belongs to, as the server sees it. */
export function currentUser(page: Page): Promise<{ name: string; anonymous: boolean }> {
  return page.evaluate(async () => {
    const res = await fetch('/ui/api/v1/ui/auth/current', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
    return (await res.json()) as { name: string; anonymous: boolean }
  })
}

/** The path of the page under the /ui base. */
export const pathOf = (page: Page) => new URL(page.url()).pathname.replace(/^\/ui/, '') || '/'

export async function fillLogin(page: Page, user: string, password: string) {
  await page.getByRole('textbox', { name: 'Username' }).fill(user)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** Signs in through the login page and waits until the console has left the login screens. */
export async function signIn(server: TestServer, page: Page, user: string, password: string) {
  await page.goto(`${server.url}/ui/login`)
  await fillLogin(page, user, password)
  await expect.poll(() => pathOf(page), { timeout: 15_000 }).not.toMatch(/^\/login/)
}

/** An admin's call to the platform's API that must succeed; answers the decoded body. */
export async function adminApi(
  server: TestServer,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.url}/ui/api/v1${path}`, {
    method,
    headers: browserHeaders(server.url, cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  expect(res.status).toBeLessThan(300)
  return (await res.json()) as Record<string, unknown>
}
