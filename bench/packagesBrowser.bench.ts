/**
 * The packages browser in Chromium against an in-process reference server holding 50,000
 * synthetic packages (besides the real catalogue): time to the first page of results, time
 * to scroll through 10,000 rows with the frames over 50 ms counted, and the JS heap after.
 * Needs `npx vite build` first (the server serves dist/). Prints figures; asserts nothing.
 */
import { existsSync } from 'node:fs'
import type { Figure } from './types'
import { startTestServer } from '../tests/support/server'
import { launchChromium } from '../tests/support/browser'

export const title = 'Packages browser with 50,000 packages (Chromium)'

const SYNTHETIC = 50_000
const ROWS = 10_000
const ROW_HEIGHT = 64

const SCROLL_SCRIPT = `(async () => {
  const rows = ROWS, rowHeight = ROW_HEIGHT
  const scroller = document.querySelector('[data-testid="packages-scroller"]')
  const loadedRows = () => {
    const links = scroller.querySelectorAll('[role="listitem"] a')
    const last = links[links.length - 1] && links[links.length - 1].closest('[role="listitem"]')
    return Number((last && last.getAttribute('aria-posinset')) || '0')
  }
  let frames = 0, longFrames = 0, worst = 0, waitingMs = 0
  const t0 = performance.now()
  let previous = t0
  await new Promise((resolve) => {
    const step = (now) => {
      const dt = now - previous
      previous = now
      frames++
      if (dt > 50) longFrames++
      worst = Math.max(worst, dt)
      const target = Math.min(rows, Math.floor(scroller.scrollTop / rowHeight) + 40)
      // Advance unless the window shows the placeholder row of a page still on its way.
      if (!scroller.querySelector('[role="listitem"] [role="status"]')) scroller.scrollTop = target * rowHeight
      else waitingMs += dt
      // Give up after two minutes: the figures then say how far it got.
      if (Math.floor(scroller.scrollTop / rowHeight) + 10 >= rows || now - t0 > 120000) resolve()
      else requestAnimationFrame(step)
    }
    requestAnimationFrame(step)
  })
  return { ms: performance.now() - t0, frames, longFrames, worst, waitingMs, reached: loadedRows() }
})()`

export async function run(): Promise<Figure[]> {
  if (!existsSync('dist/index.html')) throw new Error('build the console first: npx vite build')
  process.env.CATALOG_SYNTHETIC = String(SYNTHETIC)
  const server = await startTestServer()
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } })
    const page = await context.newPage()
    await page.goto(`${server.url}/ui/login`)
    await page.getByRole('textbox', { name: 'Username' }).fill('developer')
    await page.getByLabel('Password', { exact: true }).fill(server.config.userPassword)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((u) => !u.pathname.startsWith('/ui/login'), { timeout: 60_000 })

    // Warm the catalogue (the first query builds indexes) so the figure is the browser's.
    await page.goto(`${server.url}/ui/packages?q=synthetic`)
    await page.getByRole('list', { name: 'Packages' }).getByRole('link').first().waitFor({ timeout: 120_000 })

    const started = Date.now()
    await page.goto(`${server.url}/ui/packages?q=synthetic-`)
    await page.getByRole('list', { name: 'Packages' }).getByRole('link').first().waitFor({ timeout: 120_000 })
    const firstPageMs = Date.now() - started

    // Scroll 10,000 rows as fast as the list lets us: 40 rows a frame, waiting where rows are not loaded yet.
    // Plain text, not a function: tsx would add helpers the page does not have.
    const scroll = (await page.evaluate(
      SCROLL_SCRIPT.replace('ROWS', String(ROWS)).replace('ROW_HEIGHT', String(ROW_HEIGHT)),
    )) as {
      ms: number
      frames: number
      longFrames: number
      worst: number
      waitingMs: number
      reached: number
    }

    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('Performance.enable')
    const { metrics } = await cdp.send('Performance.getMetrics')
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0
    const nodes = metrics.find((m) => m.name === 'Nodes')?.value ?? 0
    const listItems = await page.getByRole('listitem').count()

    return [
      { name: 'time to first page of results', value: firstPageMs, unit: 'ms' },
      { name: `time to scroll through ${ROWS.toLocaleString('en')} rows`, value: scroll.ms, unit: 'ms' },
      {
        name: '  of which waiting for pages to arrive',
        value: scroll.waitingMs,
        unit: 'ms',
        ratio: { to: 'of the scroll time', value: scroll.waitingMs / Math.max(1, scroll.ms) },
        target: '≤ 0.10 of the scroll time',
      },
      { name: '  frames', value: scroll.frames, unit: 'frames' },
      {
        name: '  frames over 50 ms',
        value: scroll.longFrames,
        unit: 'frames',
        ratio: { to: 'all frames', value: scroll.longFrames / Math.max(1, scroll.frames) },
      },
      { name: '  worst frame', value: scroll.worst, unit: 'ms', target: '≤ 50 ms' },
      { name: '  last row reached', value: scroll.reached, unit: 'rows' },
      { name: 'JS heap used after scrolling (after GC)', value: heap / 1_048_576, unit: 'MB' },
      { name: 'DOM nodes after scrolling', value: nodes, unit: 'nodes' },
      { name: 'list items in the DOM', value: listItems, unit: 'items' },
    ]
  } finally {
    await browser.close()
    await server.stop()
    delete process.env.CATALOG_SYNTHETIC
  }
}
