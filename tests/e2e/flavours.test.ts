// Each instance flavour's menus, in Chromium against a reference server started with that flavour.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, withChromium } from '../support/e2e'
import { startTestServer } from '../support/server'
import type { Flavour } from '../../server/config'
import { fillLogin } from '../support/signIn'

withChromium()

const path = (page: Page) => new URL(page.url()).pathname

async function sidebarLinks(page: Page, name: string): Promise<string[]> {
  const nav = page.getByRole('navigation', { name })
  await nav.waitFor({ timeout: 15_000 })
  return nav.getByRole('link').allTextContents()
}

interface Expectation {
  readonly landing: string
  readonly present: ReadonlyArray<string>
  readonly absent: ReadonlyArray<string>
}

// What an admin sees per flavour (licence N/A on oss and community; cloud on the cloud trial). The
// Overview is where the instance has the home page `/` lands on: platform, cloud trial and tour.
const EXPECTED: Readonly<Record<Flavour, Expectation>> = {
  platform: {
    landing: '/ui/admin/mission_control/topology',
    present: ['Overview', 'Packages', 'Distribution', 'Builds'],
    absent: ['Pipelines'],
  },
  oss: {
    landing: '/ui/admin/mission_control/topology',
    present: ['Packages', 'Builds'],
    absent: ['Overview', 'Distribution', 'Policies'],
  },
  'container-registry': {
    landing: '/ui/admin/mission_control/topology',
    present: ['Packages'],
    absent: ['Builds', 'Distribution'],
  },
  community: {
    landing: '/ui/admin/mission_control/topology',
    present: ['Packages'],
    absent: ['Distribution', 'Topology'],
  },
  edge: {
    landing: '/ui/admin/mission_control/topology',
    present: ['Packages', 'Distribution'],
    absent: ['Builds'],
  },
  lightweight: { landing: '/ui/repos', present: ['Packages', 'Repositories'], absent: ['Overview'] },
  // A free-tier trial admin's first login goes to quick setup (spec 000 section 4).
  'cloud-trial': { landing: '/ui/quick-setup', present: ['Overview', 'Packages', 'Pipelines'], absent: [] },
  tour: { landing: '/ui/tour_get_started', present: ['Overview', 'Packages'], absent: [] },
}

describe('flavour menus (e2e)', () => {
  for (const [flavour, expected] of Object.entries(EXPECTED) as Array<[Flavour, Expectation]>) {
    it(`${flavour}: admin landing and application menu`, async () => {
      // Through the environment, so the licence type and cloud flag follow the flavour as in production.
      const server = await startTestServer({}, { PLATFORM_FLAVOUR: flavour })
      const page = await browser.newPage()
      try {
        await page.goto(`${server.url}/ui/login`)
        await fillLogin(page, 'admin', server.config.adminPassword)
        await expect.poll(() => path(page), { timeout: 20_000 }).toBe(expected.landing)
        await page.goto(`${server.url}/ui/packages`)
        const links = await sidebarLinks(page, 'Application')
        for (const name of expected.present) expect(links, `${flavour} shows ${name}`).toContain(name)
        for (const name of expected.absent) expect(links, `${flavour} hides ${name}`).not.toContain(name)
      } finally {
        await page.close()
        await server.stop()
      }
    })
  }
})
