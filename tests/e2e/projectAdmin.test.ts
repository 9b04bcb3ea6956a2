// A project administrator (not an admin) in Chromium against the reference server: the admin
// projects page lists the projects they administer (and only those); a plain member is denied.
import { beforeAll, describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { browserHeaders } from '../support/server'
import { adminCookie, createUser, pathOf } from './loginHelpers'
import { signIn } from '../support/signIn'
import { chooseOption } from './kitSelect'

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

  // Issue 31: the tour's step 2 told a user to switch to Administration where they had none.
  it("the tour's switch step comes with the sidebar's switch, naming Project settings", async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
    const page = await context.newPage()
    await signIn(server, page, 'padmin', 'Padmin-pass-1')
    const tour = page.getByRole('dialog', { name: 'Navigation tour' })
    const startTour = async () => {
      await page.getByRole('button', { name: 'padmin', exact: true }).click()
      await page.getByRole('menuitem', { name: 'Navigation Tour' }).click()
      await tour.waitFor()
    }
    // All projects: no Administration to switch to, so no switch and no step about one.
    await startTour()
    await tour.getByText('1 of 5').waitFor()
    expect(await page.getByRole('group', { name: 'Sidebars' }).count()).toBe(0)
    await tour.getByRole('button', { name: 'Next' }).click()
    await tour.getByRole('heading', { name: 'Search' }).waitFor()
    await tour.getByRole('button', { name: 'Skip tour' }).click()
    await tour.waitFor({ state: 'detached' })
    await chooseOption(page, page.getByRole('combobox', { name: 'Project' }), 'Alpha')
    const sidebars = page.getByRole('group', { name: 'Sidebars' })
    await sidebars.getByRole('button', { name: 'Project settings' }).waitFor()
    await startTour()
    await tour.getByText('1 of 6').waitFor()
    await tour.getByRole('button', { name: 'Next' }).click()
    await tour.getByRole('heading', { name: 'Application and Project settings' }).waitFor()
    expect(await tour.textContent()).not.toContain('Administration')
    expect(await sidebars.getAttribute('data-tour-active')).toBe('true')
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
