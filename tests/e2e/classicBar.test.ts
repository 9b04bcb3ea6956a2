// Lines that must stay lines, in Chromium: the classic navigation type's bar holds either side in
// one row at 1024 and 1440 px, groups folded behind their buttons (the items wrapped onto two rows,
// pushing every page down, or scrolled the current one out of sight), and
// the Scans List's filters stand on one line (the checkbox sat below the Search button).
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from '../support/signIn'

withPlatformAndChromium()

describe('the classic navigation bar (e2e)', () => {
  it("holds either side's items in one row within the window at 1024 and 1440 px", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.getByRole('button', { name: 'admin', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Switch to Classic UI' }).click()
    const bar = page.getByRole('complementary', { name: 'Navigation bar' })
    for (const [side, path] of [
      ['Application', '/packages'],
      ['Administration', '/admin/support-zone'],
    ] as const) {
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(`${server.url}/ui${path}`)
        const nav = bar.getByRole('navigation', { name: side })
        // What the bar shows: its items, links or groups' buttons (their links are folded away).
        const shown = nav.locator('xpath=./ul/li')
        await nav.getByRole('link').first().waitFor()
        const boxes = await Promise.all((await shown.all()).map((l) => l.boundingBox()))
        expect(boxes.length, `${side} at ${width} px`).toBeGreaterThanOrEqual(4)
        expect(new Set(boxes.map((b) => Math.round(b!.y))).size, `${side} at ${width} px`).toBe(1)
        for (const b of boxes) expect(b!.x + b!.width, `${side} at ${width} px`).toBeLessThanOrEqual(width)
      }
    }
    // A group opens below the bar, over the page, its links whole and clickable.
    const monitoring = bar.getByRole('button', { name: 'Monitoring' })
    await monitoring.click()
    await bar.getByRole('link', { name: 'Service Status' }).click()
    await page.waitForURL(/\/admin\/monitoring\/service-status$/)
    await context.close()
  })

  it("puts the Scans List's filters on one line: the field, Search and the checkbox", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.goto(`${server.url}/ui/scans`)
    const filters = page.getByRole('group', { name: 'Filters' })
    const centre = async (box: Promise<{ y: number; height: number } | null>) => {
      const b = (await box)!
      return Math.round(b.y + b.height / 2)
    }
    const search = filters.getByRole('button', { name: 'Search', exact: true })
    await search.waitFor()
    const line = await centre(filters.getByRole('textbox', { name: 'Package' }).boundingBox())
    expect(await centre(search.boundingBox())).toBe(line)
    expect(
      await centre(
        filters.getByRole('checkbox', { name: 'Only versions with vulnerabilities' }).boundingBox(),
      ),
    ).toBe(line)
    await context.close()
  })
})
