// Lines that must stay lines, in Chromium at 1440 px: the classic navigation type's bar holds the
// administration's twelve items in one row (they wrapped onto two, pushing every page down), and
// the Scans List's filters stand on one line (the checkbox sat below the Search button).
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from './loginHelpers'

withPlatformAndChromium()

describe('the classic navigation bar (e2e)', () => {
  it('holds every administration item in one row at 1440 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    await page.getByRole('button', { name: 'admin', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Switch to Classic UI' }).click()
    await page.goto(`${server.url}/ui/admin/support-zone`)
    const bar = page.getByRole('complementary', { name: 'Navigation bar' })
    const nav = bar.getByRole('navigation', { name: 'Administration' })
    const links = nav.getByRole('link')
    await links.last().waitFor()
    const boxes = await Promise.all((await links.all()).map((l) => l.boundingBox()))
    expect(boxes.length).toBeGreaterThanOrEqual(10)
    expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1)
    // And all of them within the window, none scrolled out of sight.
    for (const b of boxes) expect(b!.x + b!.width).toBeLessThanOrEqual(1440)
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
