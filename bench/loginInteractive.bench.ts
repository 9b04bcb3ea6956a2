/**
 * Time from navigation start to the login form being interactive (its Username box and Log in
 * button present and enabled), in Chromium against the reference server serving `dist/`
 * (`npx vite build` first). Median of several cold runs, each in a fresh browser context.
 */
import { startTestServer } from '../tests/support/server'
import { launchChromium } from '../tests/support/browser'
import type { Figure } from './types'

export const title = 'Login page: navigation start to interactive form (Chromium)'

const RUNS = 7

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

export async function run(): Promise<Figure[]> {
  const server = await startTestServer()
  const browser = await launchChromium()
  const times: number[] = []
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${server.url}/ui/login`, { waitUntil: 'commit' })
      await page.getByRole('textbox', { name: 'Username' }).waitFor({ state: 'visible', timeout: 30_000 })
      await page.getByRole('button', { name: 'Log in' }).waitFor({ state: 'visible', timeout: 30_000 })
      // performance.now() counts from the navigation's start.
      times.push(
        await page.evaluate(() => {
          const button = [...document.querySelectorAll('button')].find(
            (b) => b.textContent?.trim() === 'Log in',
          )
          return button && !button.disabled ? performance.now() : Number.NaN
        }),
      )
      await context.close()
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  const valid = times.filter((t) => Number.isFinite(t))
  return [
    { name: `median of ${valid.length} runs`, value: median(valid), unit: 'ms' },
    { name: 'fastest run', value: Math.min(...valid), unit: 'ms' },
    { name: 'slowest run', value: Math.max(...valid), unit: 'ms' },
  ]
}
