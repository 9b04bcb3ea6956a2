// The debug panel as a developer reaches it in Chromium: the `g d` shortcut (everyone) opens it,
// its Export button downloads the session's log.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'

export async function openDebugTools(page: Page) {
  // Shortcuts never fire while the user types: leave whatever field has the focus.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('g')
  await page.keyboard.press('d')
  const panel = page.getByRole('complementary', { name: 'Debug tools' })
  await panel.waitFor()
  return panel
}

/** Exports the session's log from the debug panel and closes the panel again; the NDJSON text. */
export async function exportLogText(page: Page): Promise<string> {
  const panel = await openDebugTools(page)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Export event log' }).click(),
  ])
  const text = readFileSync(await download.path(), 'utf8')
  await panel.getByRole('button', { name: 'Close debug tools' }).click()
  await panel.waitFor({ state: 'detached' })
  return text
}
