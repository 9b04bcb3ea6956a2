// Helpers of the login-family e2e tests: the admin API for test users and the browser's view of
// who is signed in. Signing in is tests/support/signIn.ts; the outbox, tests/support/outbox.ts.
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { call, sessionOf } from '../support/apiCalls'
import type { TestServer } from '../support/server'

/** An admin's session cookie, signed in through the login endpoint. */
export function adminCookie(server: TestServer): Promise<string> {
  return sessionOf(server, 'admin', server.config.adminPassword)
}

/** Creates a user through the admin API (the way an administrator would). */
export async function createUser(
  server: TestServer,
  user: { name: string; email: string; password: string; mfaRequired?: boolean; passwordExpired?: boolean },
): Promise<void> {
  const answer = await call(server, 'POST', '/ui/admin/users', {
    body: user,
    cookie: await adminCookie(server),
  })
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`creating ${user.name} failed: ${answer.status} ${answer.text}`)
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

/** An admin's call to the platform's API that must succeed; answers the decoded body. */
export async function adminApi(
  server: TestServer,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const answer = await call(server, method, path, { body, cookie })
  expect(answer.status).toBeLessThan(300)
  return answer.body
}
