// The Overview's cards at 1440 px, in Chromium against the reference server and its catalogue.
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { fillLogin } from '../support/signIn'

withPlatformAndChromium()

type Box = { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

describe('overview layout (e2e)', () => {
  it('at 1440 px the two bar cards stand side by side, service health across the row under them', async () => {
    // Three across, the health's seven lines stretched both bar cards to twice their bars.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/login`)
    await fillLogin(page, 'developer', server.config.userPassword)
    await page.waitForURL((url) => !url.pathname.includes('/login'), { timeout: 20_000 })
    await page.goto(`${server.url}/ui/overview`)
    // A card is the section its title heads.
    const card = (title: string) =>
      page.getByRole('heading', { name: title, exact: true }).locator('xpath=ancestor::section[1]')
    await page.getByRole('list', { name: 'Service health' }).waitFor({ timeout: 20_000 })
    const [types, vulnerabilities, health] = (await Promise.all(
      ['Packages by type', 'Vulnerabilities', 'Service health'].map(async (title) => {
        const b = await card(title).boundingBox()
        if (!b) throw new Error(`no ${title}`)
        return b
      }),
    )) as [Box, Box, Box]
    expect(Math.abs(types.y - vulnerabilities.y)).toBeLessThanOrEqual(1)
    expect(vulnerabilities.x).toBeGreaterThan(types.x + types.width)
    expect(health.y).toBeGreaterThanOrEqual(types.y + types.height)
    expect(Math.abs(health.x - types.x)).toBeLessThanOrEqual(1)
    expect(
      Math.abs(health.x + health.width - (vulnerabilities.x + vulnerabilities.width)),
    ).toBeLessThanOrEqual(1)
    await context.close()
  })
})
