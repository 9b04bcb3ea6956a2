// The debug panel in Chromium: a session's log exported from one browser, imported into a fresh
// one, stepped back to an earlier event: the console shows the page of that moment, read-only.
import { writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from '../support/signIn'
import { exportLogText, openDebugTools } from './debugTools'

// A distinctive password, so the exported log can be searched for it.
withPlatformAndChromium({ userPassword: 'E2e-Secret-9c1d' })

describe('debug panel (e2e)', () => {
  it('exports a session, imports it in a fresh browser and shows the page of an earlier event', async () => {
    // The session: a developer opens the login page, signs in and lands on packages.
    const first = await browser.newContext()
    const page = await first.newPage()
    await signIn(server, page, 'developer', server.config.userPassword)
    await page.getByRole('navigation', { name: 'Application' }).waitFor()
    const log = await exportLogText(page)
    await first.close()
    expect(log).not.toContain(server.config.userPassword)
    const file = join(mkdtempSync(join(tmpdir(), 'debug-e2e-')), 'session.ndjson')
    writeFileSync(file, log)

    // A fresh browser (another user, nothing shared) imports it.
    const second = await browser.newContext()
    const viewer = await second.newPage()
    await signIn(server, viewer, 'admin', server.config.adminPassword)
    await viewer.getByRole('navigation', { name: 'Administration' }).waitFor()
    const panel = await openDebugTools(viewer)
    await panel.getByLabel('Import a log').setInputFiles(file)
    const replay = viewer.getByRole('region', { name: 'Replay mode' })
    await replay.getByText(/^Replay of session\.ndjson at seq \d+/).waitFor()
    // The last moment is the developer's packages page.
    await replay.getByRole('navigation', { name: 'Application' }).waitFor()
    // Step back to the first page of the session: the login form, empty as it was then.
    const events = replay.getByRole('region', { name: 'Imported events' })
    await events.getByLabel('Type').fill('navigated')
    await events.getByRole('listbox', { name: 'Events' }).getByRole('option').first().click()
    await replay.getByRole('button', { name: 'Log in' }).waitFor()
    await replay.getByRole('navigation', { name: 'Application' }).waitFor({ state: 'detached' })
    expect(await replay.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('')
    // And back to the live session, where the admin still is.
    await replay.getByRole('button', { name: 'Back to the live session' }).click()
    await replay.waitFor({ state: 'detached' })
    await viewer.getByRole('navigation', { name: 'Administration' }).waitFor()
    await second.close()
  })
})
