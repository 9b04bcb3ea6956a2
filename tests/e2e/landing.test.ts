// Landing after login and the admin-route guard, in Chromium against the reference server.
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Page } from 'playwright-core'
import { fillLogin, signIn } from '../support/signIn'

withPlatformAndChromium()

const path = (page: Page) => new URL(page.url()).pathname

describe('landing (e2e)', () => {
  it('an admin lands on the topology page, which shows the platform services', async () => {
    const page = await browser.newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/ui/admin/mission_control/topology')
    await page.getByRole('heading', { name: 'Topology', level: 1 }).waitFor()
    // Each node is a card named by its node id.
    await page.getByRole('article', { name: server.config.nodeId }).first().waitFor({ timeout: 15_000 })
    expect(await page.title()).toBe(`Topology - ${server.config.serverName}`)
    await page.close()
  })

  it('a regular user lands on packages', async () => {
    const page = await browser.newPage()
    await signIn(server, page, 'developer', server.config.userPassword)
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/ui/packages')
    await page.getByRole('navigation', { name: 'Application' }).waitFor()
    expect(await page.getByRole('button', { name: 'Administration' }).count()).toBe(0)
    await page.close()
  })

  it('a non-admin opening an admin route is denied and sent to their landing', async () => {
    const page = await browser.newPage()
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.goto(`${server.url}/ui/admin/proxies/configuration/list`)
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/ui/packages')
    expect(await page.getByRole('heading', { name: 'Proxies' }).count()).toBe(0)
    // A denial inside the console shows the not-authorized notification.
    await page.evaluate(() => {
      history.pushState(null, '', '/ui/admin/configuration/general')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.getByText('You are not authorized to view this page').first().waitFor({ timeout: 10_000 })
    expect(path(page)).toBe('/ui/packages')
    await page.close()
  })

  it('an anonymous visitor is sent to login, told why when a page was asked for', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/ui/packages`)
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/ui/login')
    // Anonymous access is off: the login page says the page needs a signed-in user.
    await page
      .getByRole('alert')
      .filter({ hasText: 'You are not authorized to view this page' })
      .waitFor({ timeout: 10_000 })
    await page.close()
  })

  it('an admin who opened /ui/ signed out lands on the admin landing after signing in', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/ui/`)
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/ui/login')
    // The root asked for no page: no not-authorized error there.
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    expect(await page.getByText('You are not authorized to view this page').count()).toBe(0)
    await fillLogin(page, 'admin', server.config.adminPassword)
    // The landing follows who signed in (topology for an admin), not the anonymous visit before.
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/ui/admin/mission_control/topology')
    await page.close()
  })

  it('an admin creates a proxy through the form and sees it listed', async () => {
    const page = await browser.newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.goto(`${server.url}/ui/admin/proxies/configuration/new`)
    await page.getByLabel('Proxy key').fill('corp-proxy')
    await page.getByLabel('Host', { exact: true }).fill('proxy.corp.example')
    await page.getByLabel('Port').fill('3128')
    await page.getByRole('button', { name: 'Create' }).click()
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/ui/admin/proxies/configuration/list')
    await page.getByRole('link', { name: 'corp-proxy' }).waitFor({ timeout: 10_000 })
    await page.close()
  })
})
