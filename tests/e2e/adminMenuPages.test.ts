// Spec 000 section 2: the admin paths reachable from menus (new repositories, users, groups and
// permissions, global roles, SAML/LDAP/OAuth/Crowd, integrations, topology, the monitoring pages,
// support zone, projects). In Chromium against the reference server on the platform flavour, as
// an admin: every item of All settings and every page item of the user menu opens a page of its
// own, where it says, headed, and none is the placeholder that says the console lacks the page,
// the 404 page or the not-authorized page. The audit found Integrations and Environments saying
// "not available in this console yet"; nothing walked the whole grid.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { pathOf } from './loginHelpers'
import { signIn } from '../support/signIn'

withPlatformAndChromium()

const PLACEHOLDER = /not available in this console yet/

/** The grid items of the pages the clause names (the scanner's too: it runs on this flavour). */
const CLAUSE_PAGES = [
  ...['New Local Repository', 'Global Roles', 'SAML', 'LDAP', 'OAuth', 'Crowd / JIRA', 'Integrations'],
  ...['Topology', 'Licences', 'System Logs Viewer', 'Peers', 'Service Status', 'Support Zone'],
  ...['Projects', 'Scans Settings'],
]

/**
 * Clicks a menu item on the page shown (headed), waits for that page to leave the document, and
 * answers what the next page shows in place of its own, or nothing when it is its own.
 */
async function openedInstead(page: Page, item: () => Promise<void>, name: string, href: string) {
  const main = page.getByRole('main')
  const left = await main.getByRole('heading').first().elementHandle({ timeout: 20_000 })
  await item()
  await page.waitForFunction((heading) => !heading?.isConnected, left)
  await main.getByRole('heading').first().waitFor({ timeout: 20_000 })
  const path = pathOf(page)
  if (path !== href) return `${name}: ${href} went to ${path}`
  const heading = (await main.getByRole('heading').first().textContent())?.trim() ?? ''
  if (/not found|not authorized/i.test(heading)) return `${name}: ${href} shows "${heading}"`
  if ((await main.getByText(PLACEHOLDER).count()) > 0) return `${name}: ${href} is the placeholder`
  return null
}

describe('the admin menus on the platform flavour (e2e)', () => {
  it('every item of All settings opens a page of its own', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.goto(`${server.url}/ui/admin/artifactory/list`)
    const grid = page.getByRole('main')
    await grid.getByRole('searchbox', { name: 'Search settings' }).waitFor({ timeout: 20_000 })
    const items = await grid
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']))
    expect(items.map(([item]) => item)).toEqual(expect.arrayContaining(CLAUSE_PAGES))
    const problems: string[] = []
    for (const [name, href] of items) {
      await page.goto(`${server.url}/ui/admin/artifactory/list`)
      const open = () => grid.getByRole('link', { name, exact: true }).click()
      const instead = await openedInstead(page, open, name!, href!.replace(/^\/ui/, ''))
      if (instead) problems.push(instead)
    }
    expect(problems).toEqual([])
    await page.context().close()
  })

  it("every page item of the admin's user menu opens a page of its own", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    const pages = [
      ['Getting Started', '/get_started'],
      ['Quick Repository Creation', '/admin/repositories/quick'],
      ['New Local Repository', '/admin/repositories/local/new'],
      ['New Remote Repository', '/admin/repositories/remote/new'],
      ['New Virtual Repository', '/admin/repositories/virtual/new'],
      ['New User', '/admin/management/users/new'],
      ['New Group', '/admin/management/groups/new'],
      ['New Permission', '/admin/management/permissions/create'],
      ['Edit Profile', '/user_profile'],
    ] as const
    const problems: string[] = []
    for (const [name, href] of pages) {
      await page.goto(`${server.url}/ui/packages`)
      const open = async () => {
        await page.getByRole('button', { name: 'admin', exact: true }).click()
        await page.getByRole('menuitem', { name, exact: true }).click()
      }
      const instead = await openedInstead(page, open, name, href)
      if (instead) problems.push(instead)
    }
    expect(problems).toEqual([])
    await page.context().close()
  })
})
