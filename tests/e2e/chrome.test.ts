// The chrome of the console in Chromium against the reference server: a failed style chunk,
// keyboard shortcuts, the navigation tour, the classic navigation type and set-me-up.
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Locator, Page } from 'playwright-core'
import { signIn } from '../support/signIn'
import { chooseOption } from './kitSelect'
import { exportLogText } from './debugTools'
import { decodePixels } from './pixels'

withPlatformAndChromium()

const path = (page: Page) => new URL(page.url()).pathname
const SHOTS = process.env.SCREENSHOTS_DIR

type Rect = { x: number; y: number; width: number; height: number }
const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The mean brightness (0 to 255) of the window's pixels in a small square round a point, as drawn. */
async function brightness(page: Page, at: { x: number; y: number }): Promise<number> {
  const clip = { x: Math.round(at.x) - 4, y: Math.round(at.y) - 4, width: 8, height: 8 }
  const { data } = await decodePixels(page, await page.screenshot({ clip }))
  let sum = 0
  for (let i = 0; i < data.length; i += 4)
    sum += ((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3
  return sum / (data.length / 4)
}

/** The commands in `within` that scroll sideways (cut at its right edge) rather than show whole. */
const cutCommands = (within: Locator) =>
  within
    .locator('pre')
    .evaluateAll((pres) => pres.filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.textContent))

/** The session's event log, exported the way a developer does it (from the debug panel). */
async function exportedLog(page: Page): Promise<Array<{ type?: string; data?: unknown }>> {
  return (await exportLogText(page))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type?: string; data?: unknown })
}

describe('chrome (e2e)', () => {
  it('a failed style chunk says so in its area, records CSS_CHUNK_LOAD_FAILED, and the shell keeps working', async () => {
    const page = await browser.newPage()
    // The topology page's area (serviceStatus) has its own style sheet: make it fail.
    await page.route(/\/ui\/assets\/serviceStatus-[^/]*\.css$/, (route) => route.abort('failed'))
    await signIn(server, page, 'admin', server.config.adminPassword)
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/ui/admin/mission_control/topology')
    await page.getByRole('navigation', { name: 'Administration' }).waitFor()
    await expect
      .poll(async () => (await exportedLog(page)).filter((e) => e.type === 'navigation/ChunkLoadFailed'), {
        timeout: 15_000,
      })
      .toEqual([
        {
          kind: 'event',
          type: 'navigation/ChunkLoadFailed',
          data: {
            name: 'CSS_CHUNK_LOAD_FAILED',
            area: 'serviceStatus',
            type: 'error',
            request: expect.stringMatching(/\/ui\/assets\/serviceStatus-[^/]*\.css$/),
          },
          seq: expect.any(Number),
          at: expect.any(String),
          source: 'ui',
          corr: expect.any(String),
          v: expect.any(Number),
        },
      ])
    expect(await page.getByRole('heading', { name: 'Topology', level: 1 }).count()).toBe(0)
    // The rest of the console still works: another area loads and renders.
    const nav = page.getByRole('navigation', { name: 'Administration' })
    await nav.getByRole('link', { name: 'Proxies' }).click()
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/ui/admin/proxies/configuration/list')
    await page.getByRole('heading', { name: 'Proxies' }).first().waitFor({ timeout: 15_000 })
    await page.close()
  })

  it('keyboard shortcuts move an admin between pages and open their list, but not while typing', async () => {
    const page = await browser.newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.getByRole('navigation', { name: 'Administration' }).waitFor({ timeout: 15_000 })
    await page.keyboard.press('g')
    await page.keyboard.press('p')
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/ui/packages')
    await page.getByRole('navigation', { name: 'Application' }).waitFor()
    await page.keyboard.press('g')
    await page.keyboard.press('a')
    await expect.poll(() => path(page), { timeout: 15_000 }).toMatch(/^\/ui\/admin\//)
    // The admin landing's page has rendered (its chunk, its route's search type): keys typed
    // from here on go to a settled page, as a user's would.
    await page.getByRole('heading', { name: 'Topology', level: 1 }).waitFor({ timeout: 15_000 })
    await page.keyboard.press('/')
    const search = page.getByRole('combobox', { name: 'Search text' })
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true)
    const before = path(page)
    await page.keyboard.type('gp?')
    await expect.poll(() => search.inputValue()).toBe('gp?')
    expect(path(page)).toBe(before)
    await search.blur()
    await page.keyboard.press('?')
    const dialog = page.getByRole('dialog', { name: 'Keyboard Shortcuts' })
    await dialog.waitFor()
    expect(await dialog.getByRole('cell', { name: 'Go to administration' }).count()).toBe(1)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await page.close()
  })

  it('the classic navigation type is kept on the server for the user across reloads', async () => {
    const page = await browser.newPage()
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.getByRole('complementary', { name: 'Sidebar' }).waitFor({ timeout: 15_000 })
    await page.getByRole('button', { name: 'developer' }).click()
    await page.getByRole('menuitem', { name: 'Switch to Classic UI' }).click()
    await page.getByRole('complementary', { name: 'Navigation bar' }).waitFor()
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const res = await fetch('/ui/api/v1/ui/user/navigationType', {
            headers: { 'X-Requested-With': 'XMLHttpRequest' },
          })
          return res.json() as Promise<{ type: string }>
        }),
      )
      .toEqual({ type: 'classic' })
    await page.reload()
    const bar = page.getByRole('complementary', { name: 'Navigation bar' })
    await bar.waitFor({ timeout: 15_000 })
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).count()).toBe(0)
    // The items are a row under the top bar, not the sidebar's column.
    const top = async (name: string) => (await bar.getByRole('link', { name }).boundingBox())?.y
    expect(await top('Packages')).toBe(await top('Overview'))
    await bar.getByRole('navigation', { name: 'Application' }).getByRole('link', { name: 'Packages' }).click()
    await expect.poll(() => path(page)).toBe('/ui/packages')
    // Another user keeps the new layout.
    const other = await browser.newPage()
    await signIn(server, other, 'admin', server.config.adminPassword)
    await other.getByRole('complementary', { name: 'Sidebar' }).waitFor({ timeout: 15_000 })
    // Back to the new layout for the developer.
    await page.getByRole('button', { name: 'developer' }).click()
    await page.getByRole('menuitem', { name: 'Switch to New UI' }).click()
    await page.getByRole('complementary', { name: 'Sidebar' }).waitFor()
    await other.close()
    await page.close()
  })

  it("the tour's heading takes focus without a ring; the keyboard's next stop shows one", async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.getByRole('button', { name: 'developer' }).click()
    // Chosen with the keyboard, after which Chromium rings even a heading a script focuses.
    await page.getByRole('menuitem', { name: 'Navigation Tour' }).press('Enter')
    const tour = page.getByRole('dialog', { name: 'Navigation tour' })
    const heading = tour.getByRole('heading', { name: 'Sidebar' })
    await expect.poll(() => heading.evaluate((e) => e === document.activeElement)).toBe(true)
    // Focused for screen readers to read the step out, it drew the keyboard's ring round itself.
    expect(await heading.evaluate((e) => getComputedStyle(e).outlineStyle)).toBe('none')
    await page.keyboard.press('Tab')
    const next = tour.getByRole('button', { name: 'Next' })
    await expect.poll(() => next.evaluate((e) => e === document.activeElement)).toBe(true)
    expect(await next.evaluate((e) => getComputedStyle(e).outlineStyle)).toBe('solid')
    await page.close()
  })

  it('a user-menu entry picked with the mouse gives focus back to the menu button without a ring', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    // Signed in from the keyboard (Enter in the password field), then the mouse for the menu.
    await page.goto(`${server.url}/ui/login`)
    await page.getByRole('textbox', { name: 'Username' }).fill('developer')
    await page.getByLabel('Password', { exact: true }).fill(server.config.userPassword)
    await page.getByLabel('Password', { exact: true }).press('Enter')
    await expect.poll(() => path(page), { timeout: 15_000 }).not.toMatch(/^\/ui\/login/)
    const button = page.getByRole('button', { name: 'developer', exact: true })
    await button.click()
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click()
    await expect.poll(() => path(page)).toBe('/ui/user_profile')
    const focusedRing = () =>
      button.evaluate((e) =>
        e === document.activeElement ? getComputedStyle(e).outlineStyle : 'not focused',
      )
    // The ring of the keyboard stayed on the button after a mouse pick.
    await expect.poll(focusedRing).toBe('none')
    // Opened and closed with the keyboard, the button shows where focus is.
    await page.keyboard.press('Enter')
    await page.getByRole('menu').waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(focusedRing).toBe('solid')
    await page.close()
  })

  it('the navigation tour walks the chrome, and is remembered as finished after a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.getByRole('button', { name: 'developer' }).click()
    await page.getByRole('menuitem', { name: 'Navigation Tour' }).click()
    const tour = page.getByRole('dialog', { name: 'Navigation tour' })
    await tour.getByText('1 of 5').waitFor()
    // Each card sits beside its outlined element, never over it, inside the window.
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    expect(await sidebar.getAttribute('data-tour-active')).toBe('true')
    const targets = ['Sidebar', 'Search', 'Your menu', 'Set Me Up', 'Help']
    for (const [i, title] of targets.entries()) {
      await tour.getByRole('heading', { name: title }).waitFor()
      const [card, target] = await Promise.all([
        tour.boundingBox(),
        page.locator('[data-tour-active="true"]').boundingBox(),
      ])
      if (!card || !target) throw new Error(`step ${title}: no box`)
      const overlaps = overlap(card, target)
      expect({ title, overlaps }).toEqual({ title, overlaps: false })
      expect(card.x >= 0 && card.x + card.width <= 1024 && card.y >= 0 && card.y + card.height <= 768).toBe(
        true,
      )
      if (i < targets.length - 1) await tour.getByRole('button', { name: 'Next' }).click()
    }
    await tour.getByText('5 of 5').waitFor()
    await tour.getByRole('button', { name: 'Done' }).click()
    await tour.waitFor({ state: 'detached' })
    await page.reload()
    await page.getByRole('button', { name: 'developer' }).click()
    await page.getByRole('menuitem', { name: 'Navigation Tour' }).click()
    await tour.getByText(/You finished this tour on/).waitFor({ timeout: 10_000 })
    await page.keyboard.press('Escape')
    await tour.waitFor({ state: 'detached' })
    await page.close()
  })

  // The outline the tour drew was thin and the page around it as bright as the element: the
  // spotlight dims all the window but the step's element, and the card keeps clear of its ring.
  for (const [width, height] of [
    [1024, 768],
    [1440, 900],
  ] as const)
    it(`the tour dims the window but its step's element, its card beside it (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height } })
      await signIn(server, page, 'developer', server.config.userPassword)
      await page.waitForLoadState('networkidle')
      // A point of the content far from every step's element and card, and each element's centre.
      const away = { x: width - 40, y: height - 40 }
      const steps = [
        ['Sidebar', page.getByRole('complementary', { name: 'Sidebar' })],
        ['Search', page.getByRole('search', { name: 'Universal search' })],
        ['Your menu', page.getByRole('button', { name: 'developer' })],
        ['Set Me Up', page.getByRole('button', { name: 'developer' })],
        ['Help', page.getByRole('button', { name: 'Help' })],
      ] as const
      const centres = await Promise.all(
        steps.map(async ([title, element]) => {
          const box = await element.boundingBox()
          if (!box) throw new Error(`${title}: no box`)
          return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
        }),
      )
      const plain = await Promise.all([away, ...centres].map((at) => brightness(page, at)))
      await page.getByRole('button', { name: 'developer' }).click()
      await page.getByRole('menuitem', { name: 'Navigation Tour' }).click()
      const tour = page.getByRole('dialog', { name: 'Navigation tour' })
      for (const [i, [title]] of steps.entries()) {
        await tour.getByRole('heading', { name: title }).waitFor()
        const [card, target] = await Promise.all([
          tour.boundingBox(),
          page.locator('[data-tour-active="true"]').boundingBox(),
        ])
        if (!card || !target) throw new Error(`step ${title}: no box`)
        // The element as bright as without the tour, the rest of the window dimmed.
        await expect.poll(() => brightness(page, away)).toBeLessThan((plain[0] ?? 0) * 0.75)
        const lit = await brightness(page, centres[i] ?? away)
        expect({ title, change: Math.round(Math.abs(lit - (plain[i + 1] ?? 0))) < 8 }).toEqual({
          title,
          change: true,
        })
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/tour-${width}-${i + 1}.png` })
        // The ring goes round the element 4 px out: the card leaves it whole.
        const ring = {
          x: target.x - 6,
          y: target.y - 6,
          width: target.width + 12,
          height: target.height + 12,
        }
        const overlaps = overlap(card, ring)
        expect({ title, overlaps }).toEqual({ title, overlaps: false })
        if (i < steps.length - 1) await tour.getByRole('button', { name: 'Next' }).click()
      }
      await page.close()
    })

  it('Quick Repository Creation relaunches the npm client flow, and set-me-up shows the real platform address', async () => {
    const page = await browser.newPage()
    await page.setViewportSize({ width: 1024, height: 768 })
    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.getByRole('button', { name: 'admin', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Quick Repository Creation' }).click()
    const quick = page.getByRole('form', { name: 'Quick Repository Creation' })
    await quick.getByRole('checkbox', { name: 'npm', exact: true }).click()
    await quick.getByRole('button', { name: 'Create repositories' }).click()
    await quick.getByRole('status').getByText('Already there: npm-local, npm-remote, npm.').waitFor()
    await quick.getByRole('button', { name: 'Set up the npm client' }).click()
    const flow = page.getByRole('dialog', { name: 'Connect your npm client' })
    await flow.getByText(`registry=${server.url}/artifactory/api/npm/npm/`).waitFor({ timeout: 10_000 })
    // At 1024 px the dialog holds its content: no command runs past its right edge, the close
    // button and Back and Next lie inside it, Back and Next in its footer.
    const box = await flow.boundingBox()
    expect(box).not.toBeNull()
    expect(await cutCommands(flow)).toEqual([])
    expect(await flow.evaluate((d) => d.scrollWidth <= d.clientWidth + 1)).toBe(true)
    for (const name of ['Close', 'Back', 'Next']) {
      const button = await flow.getByRole('button', { name, exact: true }).boundingBox()
      expect(button).not.toBeNull()
      if (box && button) expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width)
    }
    for (const name of ['Back', 'Next'])
      expect(await flow.getByRole('button', { name }).evaluate((b) => b.closest('footer') !== null)).toBe(
        true,
      )
    await flow.getByRole('button', { name: 'Close' }).click()
    await flow.waitFor({ state: 'detached' })
    // Set-me-up from the user menu, on another page.
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Proxies' })
      .click()
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/ui/admin/proxies/configuration/list')
    await page.getByRole('button', { name: 'admin', exact: true }).click()
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.getByRole('menuitem', { name: 'Set Me Up' }).click()
    const panel = page.getByRole('complementary', { name: 'Set Me Up' })
    await chooseOption(page, panel.getByRole('combobox', { name: 'Package type' }), 'npm')
    await panel
      .getByText(`registry=${server.url}/artifactory/api/npm/`, { exact: false })
      .first()
      .waitFor({ timeout: 10_000 })
    // At 1024 px every command shows whole: no code box scrolls sideways, each has its copy button.
    expect(await cutCommands(panel)).toEqual([])
    expect(await panel.getByRole('button', { name: /^Copy / }).count()).toBe(
      await panel.locator('pre').count(),
    )
    await chooseOption(page, panel.getByRole('combobox', { name: 'Package type' }), 'generic')
    await panel
      .getByText(`curl -u <user> -T <file> "${server.url}/artifactory/generic-local/<path>"`)
      .waitFor({ timeout: 10_000 })
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    await page.close()
  })
})
