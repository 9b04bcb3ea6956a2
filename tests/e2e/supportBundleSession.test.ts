// A support bundle that carries the admin's console session, in Chromium against the reference
// platform: the form previews the session (its redacted log, taken when the box is ticked), the
// bundle keeps it (in its zip too, without the admin's password), and Support Zone opens it in the
// debug panel's replay mode, which reaches the state the live session was in at that event.
import { readFile } from 'node:fs/promises'
import { unzipSync, strFromU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import { replayLog } from '../../domain/log'
import { diffStates } from '../../domain/debug'
import { REDACTED_EMAIL } from '../../domain/debug/redact'
import { logStateHash } from '../../domain/logHash'
import { browser, server, withPlatformAndChromium } from '../support/e2e'
import { signIn } from '../support/signIn'

// A distinctive password, so the session and the zip can be searched for it.
withPlatformAndChromium({ adminPassword: 'E2e-Admin-Secret-5b7e' })

describe('a support bundle with the console session (e2e)', () => {
  it('previews, stores and replays the session to the live state hash', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signIn(server, page, 'admin', server.config.adminPassword)
    // Some of a session: the packages list, then Support Zone.
    await page.goto(`${server.url}/ui/packages`)
    await page.getByRole('navigation', { name: 'Application' }).waitFor()
    await page.goto(`${server.url}/ui/admin/support-zone`)
    await page.getByText('Release bundle retention:').waitFor()

    const form = page.getByRole('form', { name: 'Create a support bundle' })
    await form.getByRole('checkbox', { name: 'Include my session in this console' }).click()
    const preview = form.getByRole('region', { name: 'What the bundle will carry' })
    const carried = (await preview.getByText(/^Your session: \d+ events (from|at) /).textContent())!
    const events = Number(/(\d+) events/.exec(carried)![1])
    const ending = preview.getByText(/replayed, it reaches state/)
    const hash = (await ending.locator('code').textContent())!
    const lastSeq = Number(/event #(\d+)/.exec((await ending.textContent())!)![1])
    expect(events).toBeGreaterThan(5)

    await form.getByRole('textbox', { name: 'Name' }).fill('with-session')
    await form.getByRole('textbox', { name: 'Thread dumps', exact: true }).fill('0')
    await form.getByRole('button', { name: 'Create bundle' }).click()
    const row = page.getByRole('row', { name: /with-session/ })
    await expect
      .poll(async () => (await row.textContent()) ?? '', { timeout: 30_000, interval: 500 })
      .toMatch(/Success/)
    expect(await row.textContent()).toContain(`${events} events`)

    // The zip carries the session, without the password typed at sign-in, and it replays.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 15_000 }),
      row.getByRole('button', { name: 'Download with-session' }).click(),
    ])
    const zip = unzipSync(new Uint8Array(await readFile(await download.path())))
    const stored = strFromU8(zip['console/session.ndjson']!)
    expect(stored).not.toContain(server.config.adminPassword)
    const replayedInNode = replayLog(stored)
    expect(replayedInNode.errors).toEqual([])
    expect(replayedInNode.actualHash).toBe(hash)

    // Opened from Support Zone, it shows in the debug panel's replay mode at its last event.
    await row.getByRole('button', { name: 'Replay the session of with-session' }).click()
    const replay = page.getByRole('region', { name: 'Replay mode' })
    const banner = replay.getByText(/^Replay of the session of with-session at seq/)
    await banner.waitFor({ timeout: 15_000 })
    expect(await banner.textContent()).toContain(`at seq ${lastSeq} of ${lastSeq}`)
    expect(await banner.textContent()).toContain(`State ${hash}, the state its log recorded.`)
    await replay.getByRole('button', { name: 'Back to the live session' }).click()
    await replay.waitFor({ state: 'detached' })

    // The live session at that event was in the same state, but for what the bundle leaves out:
    // its whole log, exported with nothing left out but secrets, replays to its live hash, and at
    // that event it differs from the replayed state only by the email address.
    // (The replay opened the debug panel; it stays open on the live session.)
    const panel = page.getByRole('complementary', { name: 'Debug tools' })
    for (const name of ['Leave out email addresses', 'Leave out the contents of server log files'])
      await panel.getByRole('checkbox', { name }).click()
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Export event log' }).click(),
    ])
    const live = await readFile(await exported.path(), 'utf8')
    expect(replayLog(live).hashMatches).toBe(true)
    const liveThen = replayLog(live, { until: lastSeq })
    expect(liveThen.lastSeq).toBe(lastSeq)
    // The one difference is the substitution the bundle documents: the admin's email address.
    expect(diffStates(liveThen.state, replayedInNode.state)).toEqual([
      { path: 'session.user.email', before: liveThen.state.session.user?.email, after: REDACTED_EMAIL },
    ])
    const { user } = liveThen.state.session
    const substituted = { ...liveThen.state.session, user: user && { ...user, email: REDACTED_EMAIL } }
    expect(logStateHash({ ...liveThen.state, session: substituted })).toBe(hash)
    await context.close()
  })
})
