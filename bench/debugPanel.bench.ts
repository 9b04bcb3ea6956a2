/**
 * The debug panel with a long session: a log of 50,000 events imported into the
 * panel in Chromium (against the in-process reference server): time until replay mode shows
 * it, time until a type filter has narrowed the list, and how many rows the DOM holds (the
 * list is virtualised). Needs `npm run build` first.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Figure } from './types'
import { recordSessionLog } from './support/sampleSession'
import { startTestServer } from '../tests/support/server'
import { launchChromium } from '../tests/support/browser'

export const title = 'Debug panel with 50,000 events (Chromium)'

const EVENTS = 50_000

export async function run(): Promise<Figure[]> {
  if (!existsSync('dist/index.html')) throw new Error('build the console first: npm run build')
  const dir = mkdtempSync(join(tmpdir(), 'panel-bench-'))
  const file = join(dir, 'long-session.ndjson')
  const log = recordSessionLog(EVENTS)
  writeFileSync(file, log)
  const server = await startTestServer()
  const browser = await launchChromium()
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(`${server.url}/ui/login`)
    await page.getByRole('textbox', { name: 'Username' }).fill('admin')
    await page.getByLabel('Password', { exact: true }).fill(server.config.adminPassword)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('navigation', { name: 'Administration' }).waitFor({ timeout: 60_000 })
    await page.keyboard.press('g')
    await page.keyboard.press('d')
    const panel = page.getByRole('complementary', { name: 'Debug tools' })
    await panel.waitFor()

    let started = Date.now()
    await panel.getByLabel('Import a log').setInputFiles(file)
    const replay = page.getByRole('region', { name: 'Replay mode' })
    await replay.getByText(/^Replay of long-session\.ndjson at seq \d+/).waitFor({ timeout: 120_000 })
    const importMs = Date.now() - started
    const events = replay.getByRole('region', { name: 'Imported events' })
    const list = events.getByRole('listbox', { name: 'Events' })
    const rowsBefore = await list.getByRole('option').count()

    started = Date.now()
    await events.getByLabel('Type').fill('search/TextChanged')
    await list.getByRole('option').filter({ hasText: 'search/TextChanged' }).first().waitFor()
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[role="listbox"][aria-label="Events"] [role="option"]')].every((o) =>
          (o.textContent ?? '').includes('search/TextChanged'),
        ),
      undefined,
      { timeout: 60_000 },
    )
    const filterMs = Date.now() - started
    return [
      { name: 'log size', value: log.length / 1e6, unit: 'MB' },
      {
        name: `import and show ${EVENTS.toLocaleString('en')} events in replay mode`,
        value: importMs,
        unit: 'ms',
      },
      { name: 'filter by type until only matching rows show', value: filterMs, unit: 'ms' },
      { name: 'rows in the DOM (virtualised list)', value: rowsBefore, unit: 'rows' },
    ]
  } finally {
    await browser.close()
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
