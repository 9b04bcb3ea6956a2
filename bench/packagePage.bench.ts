/**
 * The page of a package with 1,000 versions (the target: versions shown ≤ 300 ms after
 * navigation on a quiet machine). One package is published version by version through the npm
 * publish call into the reference server; then, in a fresh Chromium context each time (nothing
 * cached by the console), a signed-in user opens the packages list and clicks the package: the
 * time from the click until the page shows its Versions list with a version link, read in the
 * page (a MutationObserver, not a poll). Prints figures; asserts nothing.
 */
import type { Figure } from './types'
import { developerCookie, publish } from './support/benchClient'
import { startTestServer } from '../tests/support/server'
import { launchChromium } from '../tests/support/browser'
// @ts-expect-error -- a plain ES module script without types
import { buildIfNeeded } from '../scripts/buildIfNeeded.mjs'

export const title = 'The page of a package with 1,000 versions (Chromium)'

const VERSIONS = 1_000
const RUNS = 7
const NAME = 'bench-thousand-versions'

/** Clicks the package's link and resolves with the milliseconds until its versions are drawn. Plain text: tsx helpers are not in the page. */
const CLICK_SCRIPT = `new Promise((resolve) => {
  const shown = () => document.querySelector('nav[aria-labelledby="versions-title"] li a')
  const link = [...document.querySelectorAll('a')].find((a) => a.textContent.trim() === 'NAME')
  const t0 = performance.now()
  new MutationObserver((_, observer) => {
    if (shown()) { observer.disconnect(); resolve(performance.now() - t0) }
  }).observe(document.body, { childList: true, subtree: true })
  link.click()
})`

export async function run(): Promise<Figure[]> {
  if (!(buildIfNeeded() as boolean)) throw new Error('vite build failed')
  const server = await startTestServer()
  const browser = await launchChromium()
  try {
    const registry = `${server.url}/artifactory/api/npm/npm-local/`
    const auth = `Basic ${Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')}`
    // Each hundred's time too: a publish that cost more as the package grows would show here.
    const hundreds: number[] = []
    let started = Date.now()
    for (let i = 0; i < VERSIONS; i++) {
      await publish(registry, auth, NAME, `${Math.floor(i / 100) + 1}.${i % 100}.0`)
      if (i % 100 === 99) {
        hundreds.push(Date.now() - started)
        started = Date.now()
      }
    }
    const [name, value] = (await developerCookie(server)).split('=') as [string, string]
    const cookie = { name, value }
    const times: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
      await context.addCookies([{ ...cookie, url: server.url }])
      const page = await context.newPage()
      await page.goto(`${server.url}/ui/packages?q=${NAME}`)
      await page.getByRole('link', { name: NAME, exact: true }).first().waitFor({ timeout: 60_000 })
      times.push((await page.evaluate(CLICK_SCRIPT.replace('NAME', NAME))) as number)
      await context.close()
    }
    times.sort((a, b) => a - b)
    return [
      { name: 'publishing versions 1-100, one by one', value: hundreds[0]!, unit: 'ms' },
      {
        name: `publishing versions ${VERSIONS - 99}-${VERSIONS}`,
        value: hundreds.at(-1)!,
        unit: 'ms',
        ratio: { to: 'the first hundred', value: hundreds.at(-1)! / hundreds[0]! },
      },
      {
        name: `click to versions shown, median of ${RUNS}`,
        value: times[Math.floor(RUNS / 2)]!,
        unit: 'ms',
        target: '≤ 300 ms (quiet machine)',
      },
      { name: `click to versions shown, worst of ${RUNS}`, value: times[RUNS - 1]!, unit: 'ms' },
    ]
  } finally {
    await browser.close()
    await server.stop()
  }
}
