// A project administrator (not an admin) in Chromium against the reference server: the admin
// projects page lists the projects they administer (and only those); a plain member is denied.
import { beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { browserHeaders } from '../support/server'
import { adminCookie, createUser, pathOf, signIn } from './loginHelpers'

async function asAdmin(method: string, path: string, body: unknown) {
  const res = await fetch(`${server.url}/ui/api/v1${path}`, {
    method,
    headers: browserHeaders(server.url, await adminCookie(server)),
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
}

withPlatformAndChromium()
beforeAll(async () => {
  await createUser(server, { name: 'padmin', email: 'padmin@example.org', password: 'Padmin-pass-1' })
  await createUser(server, { name: 'member', email: 'member@example.org', password: 'Member-pass-1' })
  await asAdmin('POST', '/ui/admin/projects', { key: 'alpha', name: 'Alpha' })
  await asAdmin('POST', '/ui/admin/projects', { key: 'beta', name: 'Beta' })
  await asAdmin('PUT', '/ui/admin/projects/alpha/members', [
    { name: 'padmin', roles: ['Project Admin'] },
    { name: 'member', roles: ['Developer'] },
  ])
})

describe('project administrator (e2e)', () => {
  it('sees the projects they administer on the admin projects page, and their members', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signIn(server, page, 'padmin', 'Padmin-pass-1')
    await page.goto(`${server.url}/ui/admin/projects/list`)
    await page.getByRole('link', { name: 'Alpha' }).waitFor({ timeout: 15_000 })
    expect(pathOf(page)).toBe('/admin/projects/list')
    expect(await page.getByRole('link', { name: 'Beta' }).count()).toBe(0)
    await page.goto(`${server.url}/ui/admin/projects/members/alpha`)
    await expect
      .poll(() => page.getByText('member', { exact: true }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0)
    await context.close()
  })

  it('a plain project member is not let into the projects pages', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signIn(server, page, 'member', 'Member-pass-1')
    await page.goto(`${server.url}/ui/admin/projects/list`)
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).not.toBe('/admin/projects/list')
    expect(await page.getByRole('link', { name: 'Alpha' }).count()).toBe(0)
    await context.close()
  })
})
