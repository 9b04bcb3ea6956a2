// Issue 18, the dark theme where native controls or stray styles were left: the login page's
// "Remember me" is a native checkbox (the login page has no JS to spare for the kit's Radix one)
// and must be drawn with the tokens, not the browser's grey box; the debug panel must take the
// theme's surface, not a white fallback, with the kit's slider for its timeline.
import { describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { settle, trackRequests } from '../support/screens'
import { openDebugTools } from './debugTools'

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
})
