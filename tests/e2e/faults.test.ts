// Faults injected by route interception in Chromium against the reference server
// (checks): for the packages list, Admin › Users and the support zone, a 500, a 503 (asked
// again, then shown) and a connection reset each show an error on the screen, and its Retry
// loads the screen once the platform answers, without a reload. Offline, a new search fails
// visibly, the search text stays, and Retry works once the connection is back. (A request
// that never answers is cut by the client's time-out and shown the same way: one screen, its
// time-outs passed on the page's clock.)
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { BrowserContext, Page, Route } from 'playwright-core'
import { signIn } from '../support/signIn'
import { TIMEOUT_RETRIES } from '../../adapters/http/client'

let context: BrowserContext
let page: Page

withPlatformAndChromium()

/** One signed-in page for every case (signing in waits with expect, so inside a test). */
let signedIn = false
async function ready(): Promise<void> {
  if (signedIn) return
  context = await browser.newContext()
  page = await context.newPage()
  await signIn(server, page, 'admin', server.config.adminPassword)
  await page.getByRole('navigation', { name: 'Administration' }).waitFor({ timeout: 15_000 })
  signedIn = true
}

type Fault = '500' | '503' | 'reset'
const inject: Record<Fault, (route: Route) => Promise<void>> = {
  '500': (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom","code":"E"}' }),
  '503': (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"busy","code":"E"}' }),
  reset: (route) => route.abort('connectionreset'),
}

interface Screen {
  readonly name: string
  readonly path: string
  readonly api: RegExp
  readonly error: RegExp
  readonly retry: string
  /** What shows once the screen has loaded. */
  readonly loaded: (page: Page) => ReturnType<Page['getByRole']>
}

const screens: ReadonlyArray<Screen> = [
  {
    name: 'packages list',
    path: '/ui/packages?q=react',
    // The list's call carries ?jfLoader=true (spec 001); the single package's none.
    api: /\/ui\/api\/v1\/mds\/packages(\?|$)/,
    error: /Packages could not be loaded/,
    retry: 'Retry',
    loaded: (p) => p.getByRole('list', { name: 'Packages' }).getByRole('link').first(),
  },
  {
    name: 'Admin › Users',
    path: '/ui/admin/management/users',
    api: /\/ui\/api\/v1\/ui\/admin\/users(\?.*)?$/,
    error: /could not be loaded/,
    retry: 'Retry',
    loaded: (p) => p.getByRole('link', { name: 'developer', exact: true }),
  },
  {
    name: 'support zone',
    path: '/ui/admin/support-zone',
    api: /\/ui\/api\/v1\/ui\/userSupport\/listBundles$/,
    error: /The support bundles could not be loaded/,
    retry: 'Retry',
    loaded: (p) => p.getByRole('heading', { name: 'Support bundles' }),
  },
]

/** Opens a path the way the console's links do (its own history), so the page is not reloaded. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

async function faultCase(screen: Screen, fault: Fault): Promise<void> {
  let loads = 0
  const counting = () => loads++
  page.on('load', counting)
  await page.route(screen.api, inject[fault])
  await openInApp(page, screen.path)
  const alert = page.getByRole('alert').filter({ hasText: screen.error })
  await alert.waitFor({ timeout: 20_000 })
  await page.unroute(screen.api)
  await alert.getByRole('button', { name: screen.retry }).click()
  await screen.loaded(page).waitFor({ timeout: 20_000 })
  expect(await alert.count(), `${screen.name}, ${fault}`).toBe(0)
  page.off('load', counting)
  expect(loads, `${screen.name}, ${fault}: reloads`).toBe(0)
  // Leave the screen, so the next case loads it afresh.
  await openInApp(page, '/ui/admin/proxies/configuration/list')
  await page.getByRole('heading', { name: 'Proxies' }).first().waitFor({ timeout: 20_000 })
}

describe.concurrent('faults on the main screens (e2e)', () => {
  it('a request that never answers: the support zone shows the time-out, and Retry recovers', async () => {
    const own = await browser.newContext()
    const hanging = await own.newPage()
    // The client gives a request 15 s on the page's clock, and asks once more after a time-out
    // (TIMEOUT_RETRIES): the clock is moved past each wait once its request is in flight, rather
    // than the test waiting out half a minute.
    await hanging.clock.install()
    await signIn(server, hanging, 'admin', server.config.adminPassword)
    await hanging.getByRole('navigation', { name: 'Administration' }).waitFor({ timeout: 15_000 })
    const api = /\/ui\/api\/v1\/ui\/userSupport\/listBundles$/
    let asked = 0
    await hanging.route(api, () => {
      asked += 1
      return new Promise<void>(() => {})
    })
    await openInApp(hanging, '/ui/admin/support-zone')
    for (let tries = 1; tries <= TIMEOUT_RETRIES + 1; tries++) {
      await expect.poll(() => asked).toBe(tries)
      await hanging.clock.fastForward(16_000)
    }
    const alert = hanging.getByRole('alert').filter({ hasText: /The support bundles could not be loaded/ })
    await alert.waitFor({ timeout: 20_000 })
    expect(asked).toBe(TIMEOUT_RETRIES + 1)
    expect(await alert.innerText()).toMatch(/in time|time/i)
    await hanging.unroute(api)
    await alert.getByRole('button', { name: 'Retry' }).click()
    await hanging.getByRole('heading', { name: 'Support bundles' }).waitFor({ timeout: 20_000 })
    expect(await alert.count()).toBe(0)
    await own.close()
  })

  it('500, 503 and a reset on each screen, then offline: errors shown, Retry recovers without a reload', async () => {
    await ready()
    for (const screen of screens)
      for (const fault of ['500', '503', 'reset'] as const) await faultCase(screen, fault)

    // Offline, a new search fails visibly and keeps its text; back online, Retry shows the results.
    await openInApp(page, '/ui/packages?q=react')
    await page.getByRole('list', { name: 'Packages' }).getByRole('link').first().waitFor({ timeout: 20_000 })
    await context.setOffline(true)
    const search = page.getByRole('combobox', { name: 'Search text' })
    await search.fill('lodash')
    await search.press('Enter')
    const alert = page.getByRole('alert').filter({ hasText: /Packages could not be loaded/ })
    await alert.waitFor({ timeout: 20_000 })
    expect(await search.inputValue()).toBe('lodash')
    await context.setOffline(false)
    await alert.getByRole('button', { name: 'Retry' }).click()
    await page
      .getByRole('list', { name: 'Packages' })
      .getByRole('link', { name: /lodash/ })
      .first()
      .waitFor({ timeout: 20_000 })
  })
})
