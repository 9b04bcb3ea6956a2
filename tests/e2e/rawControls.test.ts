// The design check's test of raw controls (tests/support/rawControls.ts, run on every screen by
// designWalk.ts), on pages of its own in Chromium: it names a plain <button> and <select> and
// nothing that is drawn by page styles or not drawn at all.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browser, withChromium } from '../support/e2e'
import { rawControls } from '../support/rawControls'

withChromium()

async function onPage(html: string, colorScheme: 'light' | 'dark' = 'light'): Promise<string[]> {
  const context = await browser.newContext({ colorScheme })
  try {
    const page: Page = await context.newPage()
    await page.setContent(html)
    return await page.evaluate(rawControls)
  } finally {
    await context.close()
  }
}

// What a page styled like the kit does: fonts as tokens, controls drawn by their own rules.
const STYLED = `
  <style>
    :root { color-scheme: light dark; --font: 'Inter Variable', system-ui, sans-serif; --mono: ui-monospace, monospace; }
    body { font-family: var(--font); }
    button, input, select, textarea { font: inherit; }
    .button { background: #2f5fd0; color: #fff; border: 1px solid transparent; border-radius: 6px; }
    .ghost { background: none; border: none; }
    .field { border: 1px solid #dde1e7; border-radius: 6px; background: #fff; }
    .box { appearance: none; width: 16px; height: 16px; border: 1px solid #b9c0cb; }
    .code { font-family: var(--mono); border: 1px solid #dde1e7; }
    .hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); border: 0; padding: 0; margin: -1px; }
    .over { opacity: 0; }
  </style>`

describe('rawControls: the check for browser-default controls (e2e)', () => {
  it('names a plain button and select on a blank page', async () => {
    expect(await onPage('<button>Save</button><select><option>npm</option></select>')).toEqual([
      `button "Save": the browser's background and border`,
      'select "npm": drawn by the browser (appearance: auto)',
    ])
  }, 30_000)

  it('names them in the dark scheme too', async () => {
    expect(await onPage('<button>Save</button><select><option>npm</option></select>', 'dark')).toEqual([
      `button "Save": the browser's background and border`,
      'select "npm": drawn by the browser (appearance: auto)',
    ])
  }, 30_000)

  it('names only the raw controls among ones drawn by page styles, hidden or transparent', async () => {
    const found = await onPage(`${STYLED}
      <button class="button">Create user</button>
      <button class="ghost" aria-label="Close">x</button>
      <input class="field" aria-label="Name">
      <textarea class="field" aria-label="Notes"></textarea>
      <input class="code" aria-label="Checksum">
      <label><input type="checkbox" class="box"> Remember me</label>
      <select class="hidden" aria-hidden="true" tabindex="-1"><option>hidden</option></select>
      <div class="over"><input type="file" aria-label="Upload"></div>
      <input type="checkbox" hidden aria-label="Gone">
      <button>Delete</button>
      <button disabled>Back</button>
      <input type="checkbox" aria-label="Maven">
      <input aria-label="Search">
      <textarea aria-label="Description"></textarea>
      <button class="ghost" style="font-family: serif">Keyboard shortcuts</button>
    `)
    expect(found).toEqual([
      `button "Delete": the browser's background and border`,
      `button "Back": the browser's background and border`,
      'input[type=checkbox] "Maven": drawn by the browser (appearance: auto)',
      `input[type=text] "Search": the browser's background and border`,
      `textarea "Description": the browser's background and border`,
      `button "Keyboard shortcuts": font serif, not the kit's`,
    ])
  }, 30_000)
})
