// A support bundle that carries the admin's console session: what it will carry is shown before
// it is created (and exactly that is sent), and a bundle's session opens in the debug panel's
// replay mode.
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { navigationEffects } from '../../commands/effects/navigation'
import { supportBundlesEffects } from '../../commands/effects/supportBundles'
import { replayLog } from '../../domain/log'
import { bundle, fakeBundlePlatform } from '../support/fakeSupportBundlesApi'
import { renderShell } from './shellFixtures'
import { Subject } from 'rxjs'
import { createApp } from '../../composition/createApp'
import type { AppEvent } from '../../domain/app'
import { redactLog } from '../../domain/debug/redact'
import { fakePorts } from '../support/fakePorts'
import { leftOut } from '../../ui/supportBundles/SessionChoice'

const admin = { user: { name: 'admin', admin: true }, services: ['jfrt'] } as const
const effects = { ...navigationEffects, ...supportBundlesEffects }
const PATH = '/admin/support-zone'

describe('a support bundle with the console session', () => {
  it('shows what the bundle will carry before it is created, and sends that session', async () => {
    const user = userEvent.setup()
    const api = fakeBundlePlatform()
    const form = await openForm(api)
    const preview = within(form).getByRole('region', { name: 'What the bundle will carry' })
    // Without the session: the node's files and the one thread dump asked for by default.
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'The log files of this node, with secrets removed',
      "The platform's configuration, with secrets removed",
      '1 thread dump',
    ])
    const include = within(form).getByRole('checkbox', { name: 'Include my session in this console' })
    expect(include).toHaveAccessibleDescription(
      /Passwords, codes, tokens, keys and email addresses are left out/,
    )
    await user.click(include)
    const session = await within(preview).findByText(/^Your session: \d+ events (from|at) /)
    expect(
      within(preview).getByText(/^(Left out of your session: |Nothing had to be left out of your session)/),
    ).toBeInTheDocument()
    expect(preview).not.toHaveTextContent(/\b0 (secrets|email|server)/)
    const hash = within(preview)
      .getByText(/replayed, it reaches state/)
      .querySelector('code')!.textContent!
    const events = Number(/(\d+) events/.exec(session.textContent!)![1])

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'with-session')
    await user.click(within(form).getByRole('button', { name: 'Create bundle' }))
    await waitFor(() => expect(api.sessions.size).toBe(1))
    const sent = [...api.sessions.values()][0]!
    // The session sent is the one previewed: the same events, folding to the same state.
    const replayed = replayLog(sent)
    expect(replayed.errors).toEqual([])
    expect(replayed.hashMatches).toBe(true)
    expect(replayed.actualHash).toBe(hash)
    expect(replayed.events).toBe(events)
    expect(JSON.parse(sent.split('\n')[0]!).redacted).toEqual(['secrets', 'personalData', 'serverLogs'])
    // The form is ready for the next bundle: the box is clear again.
    await waitFor(() =>
      expect(
        within(form).getByRole('checkbox', { name: 'Include my session in this console' }),
      ).not.toBeChecked(),
    )
  })

  it('creates no bundle while the session is being prepared: it would go without it', async () => {
    // Ticked, then Create at once: the bundle went without the session the box showed ticked.
    const user = userEvent.setup()
    const api = fakeBundlePlatform()
    const form = await openForm(api)
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'quick')
    const create = within(form).getByRole('button', { name: 'Create bundle' })
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Include my session in this console' }))
    expect(within(form).getByText('Your session: preparing…')).toBeInTheDocument()
    expect(create).toBeDisabled()
    fireEvent.submit(form)
    await within(form).findByText(/^Your session: \d+ events (from|at) /)
    await user.click(create)
    await waitFor(() => expect(api.sessions.size).toBe(1))
    const creates = api.calls.filter((c) => c.name === 'create')
    expect(creates).toHaveLength(1)
    expect(creates[0]!.arg).toHaveProperty('session')
  })

  it('names only what was left out of the session, and says so when nothing was', () => {
    expect(leftOut({ secrets: 0, emails: 1, logChunks: 0 })).toBe(
      'Left out of your session: 1 email address.',
    )
    expect(leftOut({ secrets: 2, emails: 0, logChunks: 1 })).toBe(
      'Left out of your session: 2 secrets (passwords, codes, tokens, keys, secret link parameters) and the contents of 1 server log view.',
    )
    expect(leftOut({ secrets: 1, emails: 3, logChunks: 2 })).toBe(
      'Left out of your session: 1 secret (passwords, codes, tokens, keys, secret link parameters), 3 email addresses and the contents of 2 server log views.',
    )
    expect(leftOut({ secrets: 0, emails: 0, logChunks: 0 })).toBe(
      'Nothing had to be left out of your session: it holds no secrets, email addresses or server logs.',
    )
  })

  it('sends no session unless asked to', async () => {
    const user = userEvent.setup()
    const api = fakeBundlePlatform()
    const form = await openForm(api)
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'plain')
    await user.click(within(form).getByRole('button', { name: 'Create bundle' }))
    await waitFor(() => expect(api.calls.some((c) => c.name === 'create')).toBe(true))
    expect(api.calls.find((c) => c.name === 'create')!.arg).not.toHaveProperty('session')
    expect(api.sessions.size).toBe(0)
  })

  it("opens a bundle's session in the debug panel's replay mode, and goes back to the live session", async () => {
    const user = userEvent.setup()
    const recorded = recordedSession()
    const api = fakeBundlePlatform([bundle({ sessionEvents: 2 })])
    api.sessions.set('b-1', recorded)
    renderShell(PATH, admin, { supportBundlesApi: api }, effects)
    const row = await screen.findByRole('row', { name: /nightly/ }, { timeout: 15_000 })
    expect(row).toHaveTextContent('2 events')
    await user.click(within(row).getByRole('button', { name: 'Replay the session of nightly' }))
    const replay = await screen.findByRole('region', { name: 'Replay mode' }, { timeout: 15_000 })
    const banner = within(replay)
      .getByText(/^Replay of /)
      .closest('[role="status"]')!
    expect(banner).toHaveTextContent(/^Replay of the session of nightly at seq 2 of 2/)
    expect(banner).toHaveTextContent(`State ${replayLog(recorded).actualHash}, the state its log recorded.`)
    await user.click(within(replay).getByRole('button', { name: 'Back to the live session' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Replay mode' })).toBeNull())
    expect(api.calls.filter((c) => c.name === 'session')).toEqual([{ name: 'session', arg: 'b-1' }])
  })
})

/** Support Zone with no bundle yet: its creation form. */
async function openForm(api: ReturnType<typeof fakeBundlePlatform>): Promise<HTMLElement> {
  renderShell(PATH, admin, { supportBundlesApi: api }, effects)
  await screen.findByText('No support bundles yet', undefined, { timeout: 15_000 })
  return screen.getByRole('form', { name: 'Create a support bundle' })
}

/** A session as another admin's console recorded it: two events, then redacted for a bundle. */
function recordedSession(): string {
  const injected = new Subject<AppEvent>()
  const app = createApp({ ports: fakePorts(), effects: { injected: () => injected } })
  injected.next({ type: 'navigation/DebugPanelToggled', data: { open: true } } as AppEvent)
  injected.next({ type: 'navigation/DebugPanelToggled', data: { open: false } } as AppEvent)
  const log = app.exportLog()
  app.dispose()
  return redactLog(log, { personalData: true, serverLogs: true }).text
}
