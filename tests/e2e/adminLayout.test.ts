// In Chromium at 1024 by 768 px, signed in as admin: the admin pages agree with one another where
// a newcomer compared them (the gallery review): the create button's place on every list, the
// sidebar's current item, the breadcrumbs' root, the cards' spacing; two cuts (the repositories'
// descriptions, the search type's name); a value kept on one line; a sidebar that fits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signInAs } from '../support/screens'
import { createUser } from './loginHelpers'

withPlatformAndChromium()

let page: Page
beforeAll(async () => {
  page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
  await signInAs(page, server.url, 'admin', server.config)
}, 60_000)
afterAll(async () => {
  await page.close()
})

const open = async (path: string, title: string) => {
  await page.goto(`${server.url}/ui${path}`)
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
}

const box = async (locator: ReturnType<Page['locator']>) => {
  const b = await locator.boundingBox()
  if (!b) throw new Error(`not drawn: ${String(locator)}`)
  return b
}

/** How many lines the text inside `locator` takes (its content's height over its line height). */
const lines = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((e) => {
    const range = document.createRange()
    range.selectNodeContents(e)
    return Math.round(range.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))
  })

describe('admin pages agree (e2e)', () => {
  it("puts each list's create button in one place: the header's top right", async () => {
    const places = []
    for (const [path, title, button] of [
      ['/admin/management/users', 'Users', 'New user'],
      ['/admin/management/groups', 'Groups', 'New group'],
      ['/admin/management/permissions', 'Permissions', 'New permission'],
    ] as const) {
      await open(path, title)
      const header = page
        .locator('header')
        .filter({ has: page.getByRole('heading', { level: 1, name: title }) })
      const link = header.getByRole('link', { name: button })
      await link.waitFor()
      const b = await box(link)
      const h = await box(header)
      places.push({ button, right: Math.round(h.x + h.width - (b.x + b.width)), top: Math.round(b.y - h.y) })
    }
    // Users' longer description pushed New user under it, at the left; Groups' stood at the right.
    for (const place of places)
      expect(place, place.button).toEqual({ ...place, right: 0, top: places[0]!.top })
    expect(places[0]!.top).toBe(0)
  })

  it('marks Groups and Permissions current in the sidebar, not All settings', async () => {
    const sidebar = page.getByRole('navigation', { name: 'Administration' })
    for (const [path, title] of [
      ['/admin/management/groups', 'Groups'],
      ['/admin/management/permissions', 'Permissions'],
    ] as const) {
      await open(path, title)
      const current = sidebar.locator('[aria-current="page"]')
      expect(await current.count(), path).toBe(1)
      expect((await current.textContent())?.trim(), path).toBe(title)
    }
  })

  it('roots every admin breadcrumb trail in Administration, a link to all settings', async () => {
    for (const [path, title] of [
      ['/admin/configuration/general', 'General Settings'],
      ['/admin/configuration/security', 'Security Settings'],
      ['/admin/marketing/contact_requests', 'Contact Requests'],
    ] as const) {
      await open(path, title)
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
      const first = crumbs.getByRole('listitem').first()
      await expect(first.getByRole('link', { name: 'Administration' }).getAttribute('href')).resolves.toBe(
        '/ui/admin/artifactory/list',
      )
    }
  })

  it("clamps the repositories' descriptions to two lines, each whole in its title", async () => {
    await open('/repos', 'Repositories')
    const table = page.getByRole('table', { name: 'Repositories' })
    await table.getByRole('rowheader').nth(3).waitFor()
    const descriptions = table.locator('[data-lines]')
    const shown = await descriptions.evaluateAll((all) =>
      all.map((e) => ({
        text: e.textContent,
        title: e.getAttribute('title'),
        lines: Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)),
      })),
    )
    expect(shown.length).toBeGreaterThan(3)
    // docker-remote's ran to five lines at 1024 px.
    for (const d of shown) {
      expect(d.lines, d.text ?? '').toBeLessThanOrEqual(2)
      expect(d.title).toBe(d.text)
    }
    expect(shown.map((d) => d.text)).toContain(
      'Cache of an upstream container registry, offline until one is named',
    )
  })

  it('shows the search type Security and Compliance whole', async () => {
    await open('/scans', 'Scans List')
    const type = page.getByRole('combobox', { name: 'Search type' })
    // The bar takes the page's search type after the page's heading shows (a policy on the
    // navigation): wait for it rather than read the type the bar had before.
    const value = type.getByText('Security and Compliance', { exact: true })
    await value.waitFor()
    await expect(type.textContent()).resolves.toBe('Security and Compliance')
    // At 11rem at most it read 'Security & Complia…'.
    expect(await value.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
  })

  it("keeps HTTP SSO's sign-in path on one line in its side card", async () => {
    await open('/admin/configuration/security/http_sso', 'Security Settings')
    // It broke at each '/' beside its label at 1024 px.
    await expect(lines(page.getByText('/ui/login/sso/http', { exact: true }))).resolves.toBe(1)
  })

  it("keeps a user's long address on one line, whole to screen readers, and the table in its box", async () => {
    const long = 'firstname.middlename.lastname@engineering.department.example.com'
    await createUser(server, {
      name: 'long-address',
      email: long,
      password: 'Long-addr3ss!',
      mfaRequired: true,
    })
    await open('/admin/management/users', 'Users')
    const table = page.getByRole('table', { name: 'Users' })
    const address = table.getByText(long, { exact: true })
    // It broke before its '@' at 1024 px; kept whole in a column, it scrolled the table sideways.
    await expect(lines(address)).resolves.toBe(1)
    expect(await address.getAttribute('title')).toBe(long)
    await expect(table.getByRole('rowheader', { name: `long-address ${long}` }).count()).resolves.toBe(1)
    expect(await table.locator('xpath=..').evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0)
    // Its MFA state broke after the comma, 'Required,' over 'not enrolled'.
    const mfa = table
      .getByRole('row', { name: /long-address/ })
      .getByRole('cell', { name: 'Required, not enrolled' })
    await expect(lines(mfa)).resolves.toBe(1)
    const remove = await box(table.getByRole('button', { name: 'Delete user long-address' }))
    expect(remove.x + remove.width).toBeLessThanOrEqual(1024)
  })

  it('fits the Administration sidebar in a window 768 px high, without a scroll bar', async () => {
    await open('/admin/configuration/general', 'General Settings')
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await sidebar.getByRole('link', { name: 'Support Zone' }).waitFor()
    expect(await sidebar.evaluate((e) => e.scrollHeight - e.clientHeight)).toBe(0)
    const collapse = await box(sidebar.getByRole('button', { name: 'Collapse sidebar' }))
    expect(collapse.y + collapse.height).toBeLessThanOrEqual(768)
  })

  it("spaces the access tokens card's form from its paragraph as the profile card's", async () => {
    await open('/user_profile', 'User profile')
    const gap = async (paragraph: RegExp, label: ReturnType<Page['locator']>) =>
      (await box(label)).y -
      ((await box(page.getByText(paragraph))).y + (await box(page.getByText(paragraph))).height)
    const form = page.getByRole('form', { name: 'New access token' })
    await form.waitFor()
    const profile = await gap(
      /^Enter your current password/,
      page.getByText('Current password', { exact: true }),
    )
    expect(profile).toBeGreaterThan(8)
    // The tokens' 'Description' sat right under the paragraph (0 px).
    await expect(
      gap(/^A token signs in the npm CLI/, form.getByText('Description', { exact: true })),
    ).resolves.toBeCloseTo(profile, 0)
  })

  it("starts and ends a teaser module's card at its padding, as the kit's cards", async () => {
    await open('/demo/admin/', 'Administration')
    const card = page.getByRole('region', { name: 'Projects' })
    const edges = await card.evaluate((e) => {
      const style = getComputedStyle(e)
      const outer = e.getBoundingClientRect()
      const first = e.firstElementChild!.getBoundingClientRect()
      const last = e.lastElementChild!.getBoundingClientRect()
      return {
        top: Math.round(
          first.top - outer.top - parseFloat(style.borderTopWidth) - parseFloat(style.paddingTop),
        ),
        bottom: Math.round(
          outer.bottom - last.bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom),
        ),
      }
    })
    // The heading's own margin doubled the space above it (36 px over 16).
    expect(edges).toEqual({ top: 0, bottom: 0 })
  })
})
