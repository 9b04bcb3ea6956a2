/**
 * The debug panel on a seeded console: opened by its shortcut, the live list with filters,
 * an event's data and what it changed, the rejected commands, and an imported log replayed
 * read-only at a chosen event, with a way back.
 */
import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createApp } from '../../composition/createApp'
import type { AppCommand } from '../../domain/app'
import { fakePorts } from '../support/fakePorts'
import { navigationEffects } from '../../commands/effects/navigation'
import { renderShell, shellStarted } from './shellFixtures'
import { giveElementsASize } from '../support/jsdomLayout'
import { chooseOption } from '../support/kitSelect'

giveElementsASize()

async function openPanel() {
  const user = userEvent.setup()
  const view = renderShell('/packages')
  // Chunks load slowly on a loaded machine: more than findBy's default second.
  await screen.findByRole('navigation', { name: 'Application' }, { timeout: 10_000 })
  await user.keyboard('gd')
  const panel = await screen.findByRole('complementary', { name: 'Debug tools' }, { timeout: 10_000 })
  return { ...view, user, panel: within(panel) }
}

/** A session that visits packages, then a page that does not exist. */
function recordedLog(): string {
  const app = createApp({ ports: fakePorts(), effects: navigationEffects, seed: shellStarted() })
  app.dispatch({ type: 'navigation/SyncFromHistory', to: '/packages' }, 'router')
  app.dispatch({ type: 'navigation/Navigate', to: '/no/such/page' }, 'ui')
  const log = app.exportLog()
  app.dispose()
  return log
}

// Each test loads the panel's chunk and renders the whole console: slow on a loaded machine.
describe('the debug panel', { timeout: 30_000 }, () => {
  it('opens by its shortcut and lists the live session, new events included', async () => {
    const { app, panel } = await openPanel()
    const list = panel.getByRole('listbox', { name: 'Events' })
    expect(within(list).getAllByRole('option').length).toBeGreaterThan(3)
    expect(within(list).getByText('navigation/DebugPanelToggled')).toBeInTheDocument()
    act(() => app.dispatch({ type: 'search/ChangeText', text: 'lodash' }))
    expect(await within(list).findByText('search/TextChanged')).toBeInTheDocument()
  })

  it('takes the focus on its event list, where the arrows, Home and End choose the event', async () => {
    const { user, panel } = await openPanel()
    const list = panel.getByRole('listbox', { name: 'Events' })
    const selected = () => within(list).getByRole('option', { selected: true })
    act(() => list.focus())
    expect(list).toHaveFocus()
    const newest = selected()
    expect(list).toHaveAttribute('aria-activedescendant', newest.id)
    await user.keyboard('{ArrowUp}')
    expect(selected()).not.toBe(newest)
    expect(list).toHaveAttribute('aria-activedescendant', selected().id)
    await user.keyboard('{ArrowDown}')
    expect(selected().textContent).toBe(newest.textContent)
    await user.keyboard('{Home}')
    expect(selected()).toHaveAttribute('aria-posinset', '1')
    await user.keyboard('{End}')
    expect(selected().textContent).toBe(newest.textContent)
  })

  it('says what an export holds and leaves out email addresses and server log contents unless asked', async () => {
    const { panel, user } = await openPanel()
    const emails = panel.getByRole('checkbox', { name: 'Leave out email addresses' })
    const logs = panel.getByRole('checkbox', { name: 'Leave out the contents of server log files' })
    expect(emails).toBeChecked()
    expect(logs).toBeChecked()
    expect(panel.getByRole('group', { name: /holds every event of this session/ })).toBeInTheDocument()
    await user.click(emails)
    expect(emails).not.toBeChecked()
  })

  it('filters by area, type and text', async () => {
    const { app, user, panel } = await openPanel()
    act(() => app.dispatch({ type: 'search/ChangeText', text: 'needle-text' }))
    // The search area's code loads with its first command: its event is listed once decided.
    await panel.findByRole('option', { name: /search\/TextChanged/ })
    await chooseOption(user, panel.getByRole('combobox', { name: 'Area' }), 'search')
    const types = () =>
      within(panel.getByRole('listbox', { name: 'Events' }))
        .getAllByRole('option')
        .map((o) => o.textContent ?? '')
    expect(types().every((t) => t.includes('search/'))).toBe(true)
    await chooseOption(user, panel.getByRole('combobox', { name: 'Area' }), 'all areas')
    await user.type(panel.getByRole('textbox', { name: 'Text' }), 'needle')
    expect(types()).toHaveLength(1)
    expect(types()[0]).toContain('search/TextChanged')
    await user.clear(panel.getByRole('textbox', { name: 'Text' }))
    await user.type(panel.getByRole('textbox', { name: 'Type' }), 'toggled')
    expect(types()).toHaveLength(1)
    expect(types()[0]).toContain('navigation/DebugPanelToggled')
  })

  it('shows a selected event’s data and what it changed, by path', async () => {
    const { app, user, panel } = await openPanel()
    act(() => app.dispatch({ type: 'search/ChangeText', text: 'react' }))
    await user.click(await panel.findByRole('option', { name: /search\/TextChanged/ }))
    const detail = panel.getByRole('article', { name: /^Event \d+$/ })
    expect(within(detail).getByLabelText('Event data')).toHaveTextContent('"text": "react"')
    const changes = within(detail).getByRole('table', { name: 'Changes' })
    const row = within(changes).getByRole('row', { name: /search\.text/ })
    expect(row).toHaveTextContent('""')
    expect(row).toHaveTextContent('"react"')
  })

  it('lists the rejected commands with their reasons', async () => {
    const { app, panel } = await openPanel()
    act(() => app.dispatch({ type: 'nowhere/Anything' } as unknown as AppCommand))
    const rejected = await panel.findByRole('list', { name: 'Rejected commands' })
    expect(rejected).toHaveTextContent('nowhere/Anything: no area handles this command')
  })

  it('imports a log into a read-only replay of the console at any event, and goes back', async () => {
    const { user, panel } = await openPanel()
    const file = new File([recordedLog()], 'user-session.ndjson', { type: 'application/x-ndjson' })
    await user.upload(panel.getByLabelText('Import a log'), file)
    const replay = within(await screen.findByRole('region', { name: 'Replay mode' }))
    expect(replay.getByText(/^Replay of user-session\.ndjson/)).toHaveTextContent(
      /Replay of user-session\.ndjson at seq (\d+) of \1 .*read-only/,
    )
    // The last moment: the page that does not exist.
    expect(await replay.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    // Back to the moment the packages page was shown.
    const events = replay.getByRole('region', { name: 'Imported events' })
    const navigated = within(events)
      .getAllByRole('option')
      .filter((o) => o.textContent?.includes('navigation/Navigated'))
    fireEvent.click(navigated[0]!)
    await waitFor(() => expect(replay.queryByRole('heading', { name: 'Page not found' })).toBeNull())
    expect(await replay.findByRole('navigation', { name: 'Application' })).toBeInTheDocument()
    // Stepping and scrubbing move the replayed moment; the live session is untouched.
    await user.click(replay.getByRole('button', { name: 'Next event' }))
    await user.click(replay.getByRole('button', { name: 'Back to the live session' }))
    expect(screen.queryByRole('region', { name: 'Replay mode' })).toBeNull()
    expect(screen.getByRole('complementary', { name: 'Debug tools' })).toBeInTheDocument()
  })
})
