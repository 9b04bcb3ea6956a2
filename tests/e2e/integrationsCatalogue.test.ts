// The integrations catalogue end to end, in Chromium against the reference server and its seeded
// catalogue: an admin filters by category, cloud vendor and search (the filtered view is the
// page's link and survives a reload), sets up a tool (the tool groups, the command per OS carrying
// this platform's setup data); a developer gets documentation only, in a new tab without opener.
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from '../support/signIn'

withPlatformAndChromium({})

// E2E_SHOTS=<folder> keeps a PNG of each screen, to look at them.
const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` })
}

/** The labels of the displayed cards, in their order. */
const labels = (page: Page) =>
  page
    .getByRole('list', { name: 'Integrations' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.querySelector('button')?.textContent ?? ''))

async function withPage(
  user: string,
  password: string,
  run: (page: Page, context: BrowserContext) => Promise<void>,
) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  try {
    const page = await context.newPage()
    await signIn(server, page, user, password)
    await run(page, context)
  } finally {
    await context.close()
  }
}

describe('integrations catalogue (e2e)', () => {
  it('an admin filters by category, vendor and search, shares the view as a link, and sets up a tool', async () => {
    await withPage('admin', server.config.adminPassword, async (page) => {
      await page.goto(`${server.url}/ui/integrations`)
      await page.getByRole('button', { name: 'JFrog CLI' }).waitFor({ timeout: 15_000 })
      const all = await page.getByRole('list', { name: 'Integrations' }).getByRole('listitem').count()
      await page.getByRole('status', { name: `${all} integrations displayed` }).waitFor({ timeout: 15_000 })
      expect(all).toBeGreaterThan(20)
      await shot(page, 'catalogue')

      await page.getByRole('checkbox', { name: 'Cloud Native' }).click()
      await expect.poll(() => new URL(page.url()).search, { timeout: 10_000 }).toBe('?category=Cloud+Native')
      expect(await page.getByRole('checkbox', { name: 'All' }).isChecked()).toBe(false)
      await page.getByRole('checkbox', { name: 'GCP' }).click()
      // Cloud Native and GCP, by rank.
      await expect
        .poll(() => labels(page), { timeout: 10_000 })
        .toEqual(['Kubernetes', 'Google Kubernetes Engine', 'Terraform'])
      await page.getByRole('searchbox', { name: 'Search for integrations' }).fill('GOOGLE')
      await expect.poll(() => labels(page), { timeout: 10_000 }).toEqual(['Google Kubernetes Engine'])
      await page.getByRole('status', { name: '1 integration displayed' }).waitFor()
      const link = new URL(page.url())
      expect([link.pathname, [...link.searchParams]]).toEqual([
        '/ui/integrations',
        [
          ['category', 'Cloud Native'],
          ['vendor', 'GCP'],
          ['q', 'GOOGLE'],
        ],
      ])
      await shot(page, 'catalogue-filtered')

      // The link is the view: opened again, the same filters and cards.
      await page.reload()
      await expect.poll(() => labels(page), { timeout: 15_000 }).toEqual(['Google Kubernetes Engine'])
      expect(await page.getByRole('checkbox', { name: 'GCP' }).isChecked()).toBe(true)
      await page.getByRole('searchbox', { name: 'Search for integrations' }).fill('nothing like it')
      await page.getByText('No integrations found').waitFor({ timeout: 10_000 })
      await page
        .getByText('Try searching for a different integration or change your filter selection on the right')
        .waitFor()

      // All clears the categories, the clear icon the search.
      await page.getByRole('checkbox', { name: 'All' }).click()
      await page.getByRole('checkbox', { name: 'GCP' }).click()
      await page.getByRole('button', { name: 'Clear search' }).click()
      await page.getByRole('status', { name: `${all} integrations displayed` }).waitFor({ timeout: 10_000 })
      expect(new URL(page.url()).search).toBe('')

      // A tool: Set Up opens its card among the tool groups.
      await page.getByRole('searchbox', { name: 'Search for integrations' }).fill('jfrog cli')
      await expect.poll(() => labels(page), { timeout: 10_000 }).toEqual(['JFrog CLI'])
      await page.getByRole('button', { name: 'JFrog CLI' }).click()
      const setUp = page.getByRole('dialog', { name: 'JFrog CLI' })
      await setUp.getByRole('button', { name: 'Set Up' }).click()
      const tools = page.getByRole('dialog', { name: 'Set up a tool' })
      const nav = tools.getByRole('navigation', { name: 'Tools' })
      expect(await nav.getByRole('heading').allTextContents()).toEqual([
        'Source control',
        'Developer Tools',
        'Continuous integration',
      ])
      await tools.getByRole('tab', { name: 'Linux' }).click()
      const command = (await tools.getByRole('tabpanel').locator('code').textContent()) ?? ''
      const encoded = /jf setup (\S+)/.exec(command)?.[1] ?? ''
      expect(command).toBe(`curl -fL https://install-cli.jfrog.io | sh && jf setup ${encoded} && jf rt ping`)
      // The setup data is this platform's: its base URL (set-me-up) and the signed-in user.
      const setMeUp = (await page.evaluate(async () => {
        const res = await fetch('/ui/api/v1/ui/setMeUp', {
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        })
        return res.json()
      })) as { baseUrl: string }
      expect(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))).toEqual({
        url: setMeUp.baseUrl,
        user: 'admin',
      })
      expect(await tools.getByRole('link', { name: 'Marketplace' }).getAttribute('rel')).toBe(
        'noopener noreferrer',
      )
      await shot(page, 'tool-dialog')
      await tools.getByRole('button', { name: 'Close' }).click()
      await tools.waitFor({ state: 'detached' })
    })
  })

  it('shows the Filters panel by default, 314 px wide, and the main card shrinks by that width', async () => {
    await withPage('developer', server.config.userPassword, async (page) => {
      await page.goto(`${server.url}/ui/integrations`)
      const panel = page.getByRole('complementary', { name: 'Filters' })
      await panel.waitFor({ timeout: 15_000 })
      const toggle = page.getByRole('button', { name: 'Filters' })
      expect(await toggle.getAttribute('aria-pressed')).toBe('true')
      const grid = page.getByRole('list', { name: 'Integrations' })
      await grid.waitFor({ timeout: 15_000 })
      const widthOf = async (what: typeof panel) => (await what.boundingBox())?.width ?? 0
      expect(await widthOf(panel)).toBe(314)
      const withPanel = await widthOf(grid)
      await shot(page, 'catalogue-panel')
      await toggle.click()
      await panel.waitFor({ state: 'detached' })
      expect(await toggle.getAttribute('aria-pressed')).toBe('false')
      // The card (and the grid in it) takes the panel's width back, and the gap beside it.
      await expect.poll(() => widthOf(grid)).toBeGreaterThanOrEqual(withPanel + 314)
      await shot(page, 'catalogue-no-panel')
    })
  })

  it('a developer gets documentation only: a card opens its documentation in a new tab without opener', async () => {
    await withPage('developer', server.config.userPassword, async (page, context) => {
      // The documentation is outside: answer it here, so the test needs no network.
      await context.route('https://jfrog.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Docs</title>' }),
      )
      await page.goto(`${server.url}/ui/integrations`)
      const card = page.getByRole('button', { name: 'JFrog CLI' })
      await card.waitFor({ timeout: 15_000 })
      expect(await page.getByRole('link', { name: 'Learn More about JFrog CLI' }).getAttribute('href')).toBe(
        'https://jfrog.com/integrations/jfrog-cli/',
      )
      await shot(page, 'catalogue-developer')
      const [docs] = await Promise.all([context.waitForEvent('page'), card.click()])
      await docs.waitForLoadState()
      expect(docs.url()).toBe('https://jfrog.com/integrations/jfrog-cli/')
      expect(await docs.evaluate(() => window.opener)).toBeNull()
      expect(await page.getByRole('dialog').count()).toBe(0)
    })
  })
})
