/**
 * Time from navigation start to the login form being interactive (its Username box and Log in
 * button present and enabled), in Chromium against the reference server serving `dist/`
 * (`npx vite build` first). Median of several cold runs, each in a fresh browser context.
 *
 * Also what the browser fetched of `/ui/assets/` by then (gzip, as bundle.bench.ts counts it)
 * and what it fetched in the two seconds after: the login page must need nothing later.
 */
import { gzipSync } from 'node:zlib'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
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
  let before: string[] = []
  let after: string[] = []
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const fetched: string[] = []
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname
        if (path.startsWith('/ui/assets/')) fetched.push(path.slice('/ui/assets/'.length))
      })
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
      if (i === 0) {
        before = [...fetched]
        await page.waitForTimeout(2000)
        after = fetched.slice(before.length)
      }
      await context.close()
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  const valid = times.filter((t) => Number.isFinite(t))
  const gzipKb = (files: string[]) =>
    files.reduce(
      (sum, f) => sum + gzipSync(readFileSync(join(resolve('dist/assets'), f)), { level: 9 }).length,
      0,
    ) / 1024
  if (after.length > 0) console.log(`  fetched after the form was interactive: ${after.join(', ')}`)
  return [
    { name: 'JS+CSS fetched until the form is interactive (gzip)', value: gzipKb(before), unit: 'KB' },
    { name: 'files fetched until the form is interactive', value: before.length, unit: 'files' },
    { name: 'files fetched in the 2 s after', value: after.length, unit: 'files' },
    { name: `median of ${valid.length} runs`, value: median(valid), unit: 'ms' },
    { name: 'fastest run', value: Math.min(...valid), unit: 'ms' },
    { name: 'slowest run', value: Math.max(...valid), unit: 'ms' },
  ]
}
