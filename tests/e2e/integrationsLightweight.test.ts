// The integrations catalogue on the lightweight flavour, which has no repository scanning, in
// Chromium: an admin's GitHub card must not open a Set Up that does nothing and says nothing. The
// card opens its documentation instead, in a new tab without opener.
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from '../support/signIn'

// Through the environment, so the licence and features follow the flavour as in production.
withPlatformAndChromium({}, { PLATFORM_FLAVOUR: 'lightweight' })

describe('integrations without scanning (e2e, lightweight)', () => {
  it('an admin’s GitHub card opens its documentation, not a silent Set Up', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    try {
      // The documentation is outside: answered here, so the test needs no network.
      await context.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Docs</title>' }),
      )
      const page = await context.newPage()
      await signIn(server, page, 'admin', server.config.adminPassword)
      await page.goto(`${server.url}/ui/integrations`)
      const card = page.getByRole('button', { name: 'GitHub', exact: true })
      await card.waitFor({ timeout: 20_000 })
      const learnMore = await page.getByRole('link', { name: 'Learn More about GitHub' }).getAttribute('href')
      const [docs] = await Promise.all([context.waitForEvent('page', { timeout: 10_000 }), card.click()])
      await docs.waitForLoadState()
      expect(docs.url()).toBe(learnMore)
      expect(await docs.evaluate(() => window.opener)).toBeNull()
      expect(await page.getByRole('dialog').count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Set Up' }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
