// The packages browser end to end, in Chromium against the reference server and its real
// catalogue: search, details, README, versions, install command, download, reload, shared link,
// the Created date filters (the kit DateField).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import type { Page } from 'playwright-core'
import { chooseOption } from './kitSelect'
import { publishBody } from '../support/npmPublish'
import { fillLogin } from '../support/signIn'

withPlatformAndChromium()

const pathOf = (page: Page) => {
  const u = new URL(page.url())
  return `${u.pathname.replace(/^\/ui/, '')}${u.search}`
}

const logIn = (page: Page) => fillLogin(page, 'developer', server.config.userPassword)

/** A page of its own at 1440 by 900 px, signed in as the regular user. */
async function signedInAt1440() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await page.goto(`${server.url}/ui/login`)
  await logIn(page)
  await expect.poll(() => pathOf(page), { timeout: 20_000 }).not.toMatch(/^\/login/)
  return { context, page }
}

describe('packages browser (e2e)', () => {
  it('before anything is downloaded, the two lists stand side by side at 1440 px, of one height', async () => {
    // The newest took the width over a one-line 'Most downloaded' note, which left the lower
    // right of the page blank; now the empty list says what will show there and how to start.
    const { context, page } = await signedInAt1440()
    await page.goto(`${server.url}/ui/packages`)
    const popular = page.getByRole('region', { name: 'Most downloaded' })
    await popular.getByText('Nothing downloaded yet', { exact: true }).waitFor({ timeout: 20_000 })
    const newest = page.getByRole('region', { name: 'Newest packages' })
    await newest.getByRole('listitem').first().waitFor()
    const setUp = popular.getByRole('button', { name: 'Open Set Me Up' })
    const [lists, empty, action] = await Promise.all([
      newest.boundingBox(),
      popular.boundingBox(),
      setUp.boundingBox(),
    ])
    if (!lists || !empty || !action) throw new Error('no box')
    // Side by side, the same height: no blank corner beside or under either.
    expect(Math.abs(empty.y - lists.y)).toBeLessThanOrEqual(1)
    expect(empty.x).toBeGreaterThan(lists.x + lists.width)
    expect(Math.abs(empty.height - lists.height)).toBeLessThanOrEqual(2)
    // Its way forward in the middle of its height, not at its top edge.
    const middle = action.y + action.height / 2 - empty.y
    expect(middle).toBeGreaterThan(empty.height * 0.4)
    await setUp.click()
    await page.getByRole('complementary', { name: 'Set Me Up' }).waitFor({ timeout: 20_000 })
    await context.close()
  })

  it('the filters column is as tall whatever the results beside it, a line under its pinned title', async () => {
    const { context, page } = await signedInAt1440()
    const filters = page.getByRole('complementary', { name: 'Filters' })
    const results = page.getByRole('region', { name: 'Results' })
    // The landing's lists, then a short result list: ended with the results, it cut its fields
    // in half; it keeps the window's height whatever the results' and ends inside the window.
    const heights: number[] = []
    for (const [path, drawn] of [
      ['/packages', page.getByRole('region', { name: 'Newest packages' }).getByRole('listitem').first()],
      [
        '/packages?q=react&pkg=npm',
        page.getByRole('list', { name: 'Packages' }).getByRole('listitem').first(),
      ],
    ] as const) {
      await page.goto(`${server.url}/ui${path}`)
      await drawn.waitFor({ timeout: 20_000 })
      const [column, beside] = await Promise.all([filters.boundingBox(), results.boundingBox()])
      if (!column || !beside) throw new Error('no box')
      expect(column.y + column.height, path).toBeLessThanOrEqual(page.viewportSize()!.height)
      heights.push(column.height)
    }
    expect(heights[1]).toBeCloseTo(heights[0]!, 0)
    // Scrolled, the groups pass under the title with a line between them and it.
    const title = filters.getByRole('heading', { name: 'Filters' })
    const top = (await title.boundingBox())!.y
    await filters.evaluate((column) => column.scrollTo(0, 240))
    await expect.poll(() => filters.evaluate((column) => column.scrollTop)).toBeGreaterThan(0)
    expect((await title.boundingBox())!.y).toBe(top)
    const line = await title.evaluate((heading) => {
      const head = getComputedStyle(heading.parentElement!)
      return { width: head.borderBottomWidth, style: head.borderBottomStyle }
    })
    expect(line).toEqual({ width: '1px', style: 'solid' })
    await context.close()
  })

  it('on a narrow page the filters fold above the results, open with a choice and naming it', async () => {
    const context = await browser.newContext({ viewport: { width: 600, height: 800 } })
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/login`)
    await logIn(page)
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).not.toMatch(/^\/login/)
    await page.goto(`${server.url}/ui/packages?q=react`)
    const rows = page.getByRole('list', { name: 'Packages' })
    await rows.getByRole('link', { name: 'react', exact: true }).waitFor({ timeout: 20_000 })
    const filters = page.getByRole('complementary', { name: 'Filters' })
    const fold = filters.getByRole('button', { name: 'Filters' })
    // Nothing chosen: closed, so the results start in the first screenful, not below 1,400 px of filters.
    expect(await fold.getAttribute('aria-expanded')).toBe('false')
    expect(await filters.getByRole('checkbox').count()).toBe(0)
    expect((await rows.boundingBox())!.y).toBeLessThan(800)
    await fold.click()
    await filters.getByRole('checkbox', { name: 'npm' }).click()
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/packages?q=react&pkg=npm')
    const chosen = filters.getByRole('list', { name: 'Chosen filters' })
    expect(await chosen.getByRole('listitem').allTextContents()).toEqual(['npm'])
    // Opened by a link with a choice, it starts open.
    await page.reload()
    await filters.getByRole('checkbox', { name: 'npm', checked: true }).waitFor({ timeout: 20_000 })
    expect(await fold.getAttribute('aria-expanded')).toBe('true')
    // Wide, no fold: the title is a heading of words alone, every filter in its column.
    await page.setViewportSize({ width: 1440, height: 900 })
    await filters.getByRole('heading', { name: 'Filters' }).waitFor()
    expect(await fold.count()).toBe(0)
    expect(await chosen.count()).toBe(0)
    await context.close()
  })

  it('search, open, read, switch versions, copy, download, reload, share', async () => {
    const context = await browser.newContext({ acceptDownloads: true })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    const page = await context.newPage()

    // Sign in as the regular user and land on packages.
    await page.goto(`${server.url}/ui/login`)
    await logIn(page)
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).not.toMatch(/^\/login/)
    await page.goto(`${server.url}/ui/packages`)
    await page.getByText('Find packages using the search bar.').waitFor({ timeout: 20_000 })
    // Before any search the page shows the platform's packages: newest and most downloaded.
    const newest = page.getByRole('region', { name: 'Newest packages' })
    await newest.getByRole('link').first().waitFor({ timeout: 20_000 })
    expect(await newest.getByRole('link').count()).toBe(6)
    await page.getByRole('region', { name: 'Most downloaded' }).waitFor()

    // Search `react` with a type filter, from the universal search bar.
    const bar = page.getByRole('search', { name: 'Universal search' })
    await bar.getByRole('combobox', { name: 'Search text' }).fill('react type:npm')
    await bar.getByRole('button', { name: 'Search', exact: true }).click()
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/packages?q=react&pkg=npm')
    const results = page.getByRole('list', { name: 'Packages' })
    const reactLink = results.getByRole('link', { name: 'react', exact: true })
    await reactLink.waitFor({ timeout: 20_000 })
    const shown = await results.getByRole('link').allTextContents()
    expect(shown.length).toBeGreaterThan(0)
    for (const name of shown) expect(name.toLowerCase().startsWith('react')).toBe(true)

    // Reload: the same results.
    await page.reload()
    await page
      .getByRole('list', { name: 'Packages' })
      .getByRole('link', { name: 'react', exact: true })
      .waitFor({ timeout: 20_000 })
    expect(await page.getByRole('list', { name: 'Packages' }).getByRole('link').allTextContents()).toEqual(
      shown,
    )
    expect(await page.getByRole('combobox', { name: 'Search text' }).inputValue()).toBe('react type:npm')

    // Open the package and read its README. Clicked in the page, with no pointer moved over the
    // list before (which would fetch the page's code ahead): the package's own requests go out
    // before the package page's code is asked for, not queued behind it for one of the
    // browser's six connections (docs/decisions, 2026-12-04).
    await page.evaluate(() => {
      performance.mark('open-package')
      const list = document.querySelector('[aria-label="Packages"]')
      const link = [...(list?.querySelectorAll('a') ?? [])].find((a) => a.textContent?.trim() === 'react')
      link?.click()
    })
    await page
      .getByRole('heading', { level: 1, name: 'react', exact: true })
      .first()
      .waitFor({ timeout: 20_000 })
    const asked = await page.evaluate(() => {
      const from = performance.getEntriesByName('open-package')[0]?.startTime ?? 0
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= from)
        .map((e) => new URL(e.name).pathname)
    })
    const packageRequest = asked.findIndex((path) => path.endsWith('/mds/package'))
    const pageCode = asked.findIndex((path) => /\/assets\/PackageDetails-[^/]+\.js$/.test(path))
    expect(packageRequest, asked.join('\n')).toBeGreaterThanOrEqual(0)
    expect(pageCode, asked.join('\n')).toBeGreaterThan(packageRequest)
    // The search stays in the bar on the package's page (issue 32: kept there, but cleared on
    // its version page), and below on its versions'.
    const searchText = page.getByRole('combobox', { name: 'Search text' })
    expect(await searchText.inputValue()).toBe('react type:npm')
    const readme = page.getByRole('article', { name: 'README' })
    await readme.waitFor({ timeout: 20_000 })
    expect((await readme.textContent())?.toLowerCase()).toContain('react')
    expect(await page.locator('article [onerror], article script').count()).toBe(0)

    // react is a record of npm-remote, which has not cached it and which the test platform starts
    // offline: the page says it cannot be installed now, and offers no command that would fail.
    const notInstallable = page.getByRole('alert', { name: 'Not installable' })
    await notInstallable.waitFor({ timeout: 20_000 })
    expect(await notInstallable.textContent()).toContain('npm-remote is offline')
    expect(await page.getByTestId('install-command').count()).toBe(0)

    // Switch versions: open the newest, then pick another one from the version selector if there is one.
    const versions = page.getByRole('navigation', { name: 'Versions' }).getByRole('link')
    const versionNames = await versions.allTextContents()
    expect(versionNames.length).toBeGreaterThan(0)
    await versions.first().click()
    await page
      .getByRole('heading', { level: 1, name: `react ${versionNames[0]}`, exact: true })
      .first()
      .waitFor({ timeout: 20_000 })
    expect(await searchText.inputValue()).toBe('react type:npm')
    if (versionNames.length > 1) {
      await chooseOption(page, page.getByRole('combobox', { name: 'Version' }), versionNames[1] ?? '')
      await page
        .getByRole('heading', { level: 1, name: `react ${versionNames[1]}`, exact: true })
        .first()
        .waitFor({ timeout: 20_000 })
      expect(await searchText.inputValue()).toBe('react type:npm')
    }

    // Download a file and compare its sha256 with the one shown. (The reference catalogue keeps
    // the bytes of a package's own files, such as package.json, not of its tarball.)
    const files = page.getByRole('table', { name: 'Files' })
    await files.waitFor()
    const fileName = 'package.json'
    const button = files.getByRole('button', { name: `Download ${fileName}`, exact: true })
    const shownSha = (await page.getByTestId(`sha256-${fileName}`).textContent()) ?? ''
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), button.click()])
    const saved = await download.path()
    const actual = createHash('sha256').update(readFileSync(saved)).digest('hex')
    expect(actual).toBe(shownSha)

    // A package deployed to a local repository installs as it is: copy its command and read the
    // clipboard back.
    const { body } = publishBody('e2e-copied', '1.2.3')
    const basic = Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')
    const published = await fetch(`${server.url}/artifactory/api/npm/npm-local/e2e-copied`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Basic ${basic}` },
      body: JSON.stringify(body),
    })
    expect(published.ok, await published.clone().text()).toBe(true)
    await page.goto(`${server.url}/ui/packages/${encodeURIComponent('npm://e2e-copied')}`)
    const command = page.getByTestId('install-command')
    await command.waitFor({ timeout: 20_000 })
    expect(await command.textContent()).toBe('npm i e2e-copied@1.2.3')
    await page.getByRole('button', { name: 'Copy install command' }).click()
    await page.getByText('Install command copied to the clipboard').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('npm i e2e-copied@1.2.3')
    await context.close()
  })

  it("the Created dates: a day picked in the calendar with the keyboard, one typed in the locale's format", async () => {
    // en-GB: days are typed dd/mm/yyyy and weeks start on Monday.
    const context = await browser.newContext({ locale: 'en-GB' })
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/login`)
    await logIn(page)
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).not.toMatch(/^\/login/)
    await page.goto(`${server.url}/ui/packages?q=react&before=2026-03-20`)
    const after = page.getByRole('textbox', { name: 'After', exact: true })
    const before = page.getByRole('textbox', { name: 'Before', exact: true })
    await page.getByRole('button', { name: 'Choose date (After)' }).waitFor({ timeout: 20_000 })
    expect(await after.getAttribute('placeholder')).toBe('dd/mm/yyyy')
    expect(await before.inputValue()).toBe('20/03/2026')
    expect(await page.locator('input[type="date"]').count()).toBe(0)

    // The calendar opens on the latest day After may be (Before's), in a month grid.
    await page.getByRole('button', { name: 'Choose date (After)' }).click()
    const grid = page.getByRole('grid', { name: 'March 2026' })
    await grid.waitFor({ timeout: 20_000 })
    expect(await grid.getByRole('columnheader').first().textContent()).toBe('Mon')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Friday, 20 March 2026')
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('PageUp')
    await page.keyboard.press('Enter')
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/after=2026-02-19/)
    expect(await page.getByRole('grid').count()).toBe(0)
    expect(await after.inputValue()).toBe('19/02/2026')

    // A day there is no such thing as: the text stays and says why; the search does not change.
    // (The field's control loads when the pointer comes over it: fill() writes into the element
    // it found, so it waits for the control, whose calendar button says whether it is open.)
    await before.hover()
    await page.getByRole('button', { name: 'Choose date (Before)', expanded: false }).waitFor()
    await before.fill('31/02/2026')
    await before.press('Tab')
    await page.getByText('February 2026 has no day 31.').waitFor()
    expect(await before.inputValue()).toBe('31/02/2026')
    expect(pathOf(page)).toMatch(/before=2026-03-20/)
    await before.fill('28/02/2026')
    await before.press('Enter')
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/before=2026-02-28/)
    expect(await page.getByText('February 2026 has no day 31.').count()).toBe(0)

    // Escape closes the calendar and gives the focus back to its button.
    await page.getByRole('button', { name: 'Choose date (Before)' }).click()
    await page.getByRole('grid', { name: 'February 2026' }).waitFor()
    await page.keyboard.press('Escape')
    expect(await page.getByRole('grid').count()).toBe(0)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Choose date (Before)')
    await context.close()
  })

  it('a shared search link opened while signed out comes back after login', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/packages?q=react&pkg=npm`)
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toMatch(/^\/login/)
    await logIn(page)
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/packages?q=react&pkg=npm')
    await page
      .getByRole('list', { name: 'Packages' })
      .getByRole('link', { name: 'react', exact: true })
      .waitFor({ timeout: 20_000 })
    await context.close()
  })

  it('draws only the rows in view; scrolled to its end, the list shows its last package', async () => {
    // The list's windowing (ui/shared/kit/fixedRows.ts) in a real layout: a window of rows as
    // high as the list, moved by the scroll, further pages asked as it nears them.
    const { context, page } = await signedInAt1440()
    await page.goto(`${server.url}/ui/packages?q=*`)
    const list = page.getByRole('list', { name: 'Packages' })
    await list.getByRole('link').first().waitFor({ timeout: 20_000 })
    const total = Number(await list.getByRole('listitem').first().getAttribute('aria-setsize'))
    expect(total).toBeGreaterThan(100)
    const scroller = page.getByTestId('packages-scroller')
    const fits = await scroller.evaluate((e) => Math.ceil(e.clientHeight / 84) + 1)
    // The rows in view and two beyond the bottom edge, not the whole list.
    expect(await list.getByRole('listitem').count()).toBeLessThanOrEqual(fits + 2)
    const lastRow = list.locator(`[role="listitem"][aria-posinset="${total}"]`)
    await expect
      .poll(
        async () => {
          await scroller.evaluate((e) => e.scrollTo({ top: e.scrollHeight }))
          return lastRow.getByRole('link').count()
        },
        { timeout: 30_000 },
      )
      .toBe(1)
    expect(await list.getByRole('listitem').count()).toBeLessThanOrEqual(fits + 4)
    expect(await list.locator('[role="listitem"][aria-posinset="1"]').count()).toBe(0)
    await context.close()
  })

  it('a jump of the scroll draws its rows in the elements of those that left; a focused row stays', async () => {
    // Rows keyed to keep their elements (ui/shared/kit/rowKeys.ts) in a real browser, where an
    // element taken out and put back loses its focus: the elements are counted as they are created.
    const { context, page } = await signedInAt1440()
    await page.goto(`${server.url}/ui/packages?q=*`)
    const list = page.getByRole('list', { name: 'Packages' })
    await list.getByRole('link').first().waitFor({ timeout: 20_000 })
    const scroller = page.getByTestId('packages-scroller')
    const row = (place: number) => list.locator(`[role="listitem"][aria-posinset="${place}"]`)
    const scrollTo = async (place: number) => {
      await scroller.evaluate((e, top) => (e.scrollTop = top), (place - 1) * 84)
      await row(place).getByRole('link').waitFor()
    }
    // Away from the top first: there the window has no rows above it, so it is shorter.
    await scrollTo(21)
    await list.evaluate((l) => {
      const seen = new WeakSet<Node>(l.querySelectorAll('*'))
      const counted = { created: 0 }
      Object.assign(window, { created: counted })
      new MutationObserver((records) => {
        for (const added of records.flatMap((r) => [...r.addedNodes]))
          if (!seen.has(added)) {
            counted.created++
            seen.add(added)
          }
      }).observe(l, { childList: true, subtree: true })
    })
    const created = () =>
      page.evaluate(() => (window as unknown as { created: { created: number } }).created.created)
    const rows = await list.getByRole('listitem').count()
    await scrollTo(51)
    expect(await created()).toBe(0)
    expect(await list.getByRole('listitem').count()).toBe(rows)
    // A focused row that scrolls out is still drawn (the one row created, besides the window),
    // focused and naming its package; back in the window, the same element.
    const link = row(53).getByRole('link')
    const name = await link.textContent()
    await link.focus()
    await scrollTo(81)
    expect(await created()).toBe(1)
    const focused = page.locator(':focus')
    expect(await focused.textContent()).toBe(name)
    expect(await focused.evaluate((e) => e.closest('[role="listitem"]')?.getAttribute('aria-posinset'))).toBe(
      '53',
    )
    await scrollTo(51)
    expect(await link.evaluate((e) => e === document.activeElement)).toBe(true)
    // A press elsewhere takes the focus away, and the row goes with the window.
    await page.getByRole('heading', { name: 'Packages', level: 1 }).click()
    await scrollTo(81)
    expect(await row(53).count()).toBe(0)
    await context.close()
  })

  it("a row's update time names its exact date on keyboard focus and on hover", async () => {
    // The hint mounts when it is wanted (ui/shared/kit/Tooltip.tsx), not with every row: in a
    // real browser it still comes to the keyboard and the pointer, named as the time's description.
    const { context, page } = await signedInAt1440()
    await page.goto(`${server.url}/ui/packages?q=*`)
    const list = page.getByRole('list', { name: 'Packages' })
    const rows = list.locator('[role="listitem"][aria-posinset]')
    await rows.first().getByRole('link').waitFor({ timeout: 20_000 })
    const exact = (time: ReturnType<Page['locator']>) =>
      time.evaluate((e) =>
        new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(e.getAttribute('datetime') ?? ''),
        ),
      )
    expect(await page.getByRole('tooltip').count()).toBe(0)
    // From the row's link, the next stop of the keyboard is the row's time.
    await rows.first().getByRole('link').focus()
    await page.keyboard.press('Tab')
    const first = rows.first().locator('time')
    await expect.poll(() => first.evaluate((e) => e === document.activeElement)).toBe(true)
    const hint = page.getByRole('tooltip')
    await hint.waitFor()
    expect(await hint.textContent()).toBe(await exact(first))
    expect(await first.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'))
    await page.keyboard.press('Escape')
    await hint.waitFor({ state: 'detached' })
    const second = rows.nth(1).locator('time')
    await second.hover()
    await hint.waitFor()
    expect(await hint.textContent()).toBe(await exact(second))
    await page.getByRole('heading', { name: 'Packages', level: 1 }).hover()
    await hint.waitFor({ state: 'detached' })
    await context.close()
  })
})
