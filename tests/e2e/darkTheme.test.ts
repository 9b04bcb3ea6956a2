// Issue 18, the dark theme where native controls or stray styles were left: the login page's
// "Remember me" is a native checkbox (the login page has no JS to spare for the kit's Radix one)
// and must be drawn with the tokens, not the browser's grey box; the debug panel must take the
// theme's surface, not a white fallback, with the kit's slider for its timeline.
import { describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { settle, signInAs, trackRequests } from '../support/screens'
import { openDebugTools } from './debugTools'
import { decodePixels } from './pixels'

withPlatformAndChromium({ anonymousAccess: true })

/** The element's appearance and background, and the tokens' colours resolved in the page. */
const look = (target: Locator) =>
  target.evaluate((el) => {
    // Through a probe element: light-dark() resolves only where a colour is computed.
    const token = (name: string) => {
      const probe = document.createElement('span')
      probe.style.color = `var(${name})`
      document.body.append(probe)
      const colour = getComputedStyle(probe).color
      probe.remove()
      return colour
    }
    const s = getComputedStyle(el)
    return {
      appearance: s.appearance,
      background: s.backgroundColor,
      surface: token('--surface'),
      accent: token('--accent'),
    }
  })

describe('the dark theme (e2e)', () => {
  it('draws the login page\'s "Remember me" and the debug panel with the tokens', async () => {
    const context = await browser.newContext({ colorScheme: 'dark' })
    try {
      const page = await context.newPage()
      await trackRequests(page)
      await page.goto(`${server.url}/ui/login`)
      const box = page.getByRole('checkbox', { name: 'Remember me' })
      await box.waitFor()
      const unchecked = await look(box)
      expect(unchecked.appearance).toBe('none')
      expect(unchecked.background).toBe(unchecked.surface)
      await box.check()
      const checked = await look(box)
      expect(checked.background).toBe(checked.accent)

      await page.goto(`${server.url}/ui/packages`)
      await settle(page)
      const panel = await openDebugTools(page)
      const events = await look(panel.getByRole('region', { name: 'Session events' }))
      expect(events.background).toBe(events.surface)
      const timeline = panel.getByRole('slider', { name: 'Timeline' })
      expect((await look(timeline)).appearance).toBe('none')
    } finally {
      await context.close()
    }
  }, 60_000)

  it("shows the packages filter column's foot shade while more is below, and not at its end", async () => {
    const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1024, height: 768 } })
    try {
      const page = await context.newPage()
      await trackRequests(page)
      await signInAs(page, server.url, 'developer', server.config)
      await page.goto(`${server.url}/ui/packages`)
      await settle(page)
      const filters = page.getByRole('complementary', { name: 'Filters' })
      // The relative luminance of the column's foot, in the middle of its width, as drawn.
      const foot = async () => {
        const { width, height, data } = await decodePixels(page, await filters.screenshot())
        const at = ((height - 4) * width + Math.floor(width / 2)) * 4
        const [r, g, b] = data.slice(at, at + 3)
        const linear = (c: number) =>
          c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4
        return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!)
      }
      const shaded = await foot()
      await filters.evaluate((el) => el.scrollTo({ top: el.scrollHeight, behavior: 'instant' }))
      await page.waitForFunction(
        (el) => el !== null && el.scrollTop + el.clientHeight >= el.scrollHeight - 1,
        await filters.elementHandle(),
      )
      const end = await foot()
      // At most half as bright as the surface it covers: the light glow it was, drawn under the
      // fields at the foot, left this point as bright as at the end (0.009 both).
      expect(shaded).toBeLessThan(end * 0.5)
    } finally {
      await context.close()
    }
  }, 60_000)
})
