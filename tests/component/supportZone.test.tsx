import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import { navigationEffects } from '../../commands/effects/navigation'
import { supportBundlesEffects } from '../../commands/effects/supportBundles'
import { bundle, fakeBundlePlatform } from '../support/fakeSupportBundlesApi'
import { renderShell } from './shellFixtures'
import { optionNames, chooseOption } from '../support/kitSelect'
import kitSurface from '../../ui/shared/kit/surface.module.css'

const admin = { user: { name: 'admin', admin: true }, services: ['jfrt', 'jfxr'] } as const
const effects = { ...navigationEffects, ...supportBundlesEffects }
const PATH = '/admin/support-zone'

describe('the Support Zone page', () => {
  it('lists bundles with their status, and the retention status', async () => {
    const api = fakeBundlePlatform([
      bundle(),
      bundle({ id: 'b-2', name: 'broken', status: 'failed', error: 'disk full', size: null }),
    ])
    renderShell(PATH, admin, { supportBundlesApi: api }, effects)
    // The first test of the file waits for the area's first import (kit, icons) too.
    const row = await screen.findByRole('row', { name: /nightly/ }, { timeout: 15_000 })
    expect(row).toHaveTextContent('Success')
    expect(within(row).getByRole('button', { name: 'Download nightly' })).toBeEnabled()
    const broken = screen.getByRole('row', { name: /broken/ })
    expect(broken).toHaveTextContent('Failed (disk full)')
    expect(within(broken).getByRole('button', { name: 'Download broken' })).toBeDisabled()
    expect(await screen.findByText('Release bundle retention: enabled.')).toBeInTheDocument()
  })

  it("is headed as the other admin pages: the kit's page header, each block a kit card titled inside", async () => {
    renderShell(PATH, admin, { supportBundlesApi: fakeBundlePlatform() }, effects)
    await screen.findByText('No support bundles yet')
    const header = screen.getByRole('heading', { name: 'Support Zone', level: 1 }).closest('header')!
    expect(header).toHaveClass(kitSurface.pageHeader!)
    // The subtitle says what the page is for; release-bundle retention is another feature's
    // setting, said below the bundles, not in the header (neither badge nor subtitle).
    expect(within(header).getByText(/^Gather the nodes' logs/)).toHaveClass(kitSurface.pageDescription!)
    expect(within(header).queryByText(/retention/i)).not.toBeInTheDocument()
    const retention = await screen.findByText('Release bundle retention: enabled.')
    expect(header.compareDocumentPosition(retention) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(
      screen
        .getByRole('heading', { name: 'Support bundles', level: 2 })
        .closest('section')!
        .compareDocumentPosition(retention) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    // The form's title was inside its card, the list's above its table: both are kit cards now.
    for (const name of ['Create a support bundle', 'Support bundles']) {
      const title = screen.getByRole('heading', { name, level: 2 })
      expect(title).toHaveClass(kitSurface.cardTitle!)
      expect(title.closest('section')).toHaveClass(kitSurface.card!)
    }
  })

  it('bad input gets clear messages and keeps what was typed', async () => {
    const user = userEvent.setup()
    const api = fakeBundlePlatform()
    renderShell(PATH, admin, { supportBundlesApi: api }, effects)
    await screen.findByText('No support bundles yet')
    const form = screen.getByRole('form', { name: 'Create a support bundle' })
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'my bundle')
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'for the outage')
    const dumps = within(form).getByRole('textbox', { name: 'Thread dumps' })
    await user.clear(dumps)
    await user.type(dumps, '25')
    await user.click(within(form).getByRole('button', { name: 'Create bundle' }))
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Name can only contain alphanumeric characters, dashes and periods',
    )
    expect(dumps).toHaveAccessibleDescription('Enter a whole number of thread dumps from 0 to 10')
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('my bundle')
    expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveValue('for the outage')
    expect(dumps).toHaveValue('25')
    expect(api.calls.filter((c) => c.name === 'create')).toEqual([])
  })

  it('creates a bundle: a placeholder row at once, the form cleared, the service offered from the platform', async () => {
    const user = userEvent.setup()
    const api = fakeBundlePlatform()
    renderShell(PATH, admin, { supportBundlesApi: api }, effects)
    await screen.findByText('No support bundles yet')
    const form = screen.getByRole('form', { name: 'Create a support bundle' })
    const service = within(form).getByRole('combobox', { name: 'Service' })
    expect(await optionNames(user, service)).toEqual(['Artifactory', 'Xray'])
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'nightly-2')
    await chooseOption(user, service, 'Xray')
    await user.click(within(form).getByRole('button', { name: 'Create bundle' }))
    const row = await screen.findByRole('row', { name: /nightly-2/ })
    expect(row).toHaveTextContent('In progress')
    expect(await screen.findByText('The support bundle is being created.')).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('')
    expect(api.calls.find((c) => c.name === 'create')?.arg).toMatchObject({
      name: 'nightly-2',
      service: 'xray',
    })
    // An invalid submit after it is refused on its own: the earlier success is no longer news.
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'bad name')
    await user.click(within(form).getByRole('button', { name: 'Create bundle' }))
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Name can only contain alphanumeric characters, dashes and periods',
    )
    expect(screen.queryByText('The support bundle is being created.')).toBeNull()
  })

  it('offers Mission Control only once its service-enabled check and ping said it takes bundles', async () => {
    const user = userEvent.setup()
    const services = { ...admin, services: ['jfrt', 'jfmc'] }
    for (const [answer, offered] of [
      [right(false), ['Artifactory']],
      [left({ kind: 'network' as const, message: 'offline' }), ['Artifactory']],
      [right(true), ['Artifactory', 'Mission Control']],
    ] as const) {
      const api = fakeBundlePlatform()
      api.missionControl = answer
      const { app, view } = renderShell(PATH, services, { supportBundlesApi: api }, effects)
      await screen.findByText('No support bundles yet')
      await waitFor(() =>
        expect(app.getState().supportBundles.missionControl?.status).toMatch(/^(un)?available$/),
      )
      const form = screen.getByRole('form', { name: 'Create a support bundle' })
      expect(await optionNames(user, within(form).getByRole('combobox', { name: 'Service' }))).toEqual(
        offered,
      )
      view.unmount()
    }
  })

  it('does not ask a Mission Control the platform does not list', async () => {
    const api = fakeBundlePlatform()
    renderShell(PATH, admin, { supportBundlesApi: api }, effects)
    await screen.findByText('No support bundles yet')
    expect(api.calls.map((c) => c.name)).not.toContain('missionControlAvailable')
  })

  it('a refused creation is explained and nothing typed is lost', async () => {
    const user = userEvent.setup()
    const api = fakeBundlePlatform()
    api.failures.create = left({
      kind: 'status',
      status: 409,
      message: 'Too many support bundles are being created',
    })
    renderShell(PATH, admin, { supportBundlesApi: api }, effects)
    await screen.findByText('No support bundles yet')
    const form = screen.getByRole('form', { name: 'Create a support bundle' })
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'again')
    await user.click(within(form).getByRole('button', { name: 'Create bundle' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The support bundle could not be created: Too many support bundles are being created.',
    )
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('again')
  })

  it("a bundle's Created time moves on while the page stays open", async () => {
    // Only Date and intervals are faked: the relative time's clock runs on them, while the
    // Testing Library's waits keep their real timeouts.
    const start = Date.now()
    vi.useFakeTimers({ now: start, toFake: ['Date', 'setInterval', 'clearInterval'] })
    try {
      const api = fakeBundlePlatform([bundle({ createdAt: new Date(start - 3_000).toISOString() })])
      renderShell(PATH, admin, { supportBundlesApi: api }, effects)
      const row = await screen.findByRole('row', { name: /nightly/ }, { timeout: 15_000 })
      expect(within(row).getByText('3 seconds ago')).toBeInTheDocument()
      act(() => vi.advanceTimersByTime(4 * 60_000))
      expect(within(row).getByText('4 minutes ago')).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })

  it('deletes only after confirmation', async () => {
    const user = userEvent.setup()
    const api = fakeBundlePlatform([bundle()])
    renderShell(PATH, admin, { supportBundlesApi: api }, effects)
    await user.click(await screen.findByRole('button', { name: 'Delete nightly' }))
    let dialog = screen.getByRole('dialog', { name: 'Delete support bundle' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(api.calls.filter((c) => c.name === 'remove')).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Delete nightly' }))
    dialog = screen.getByRole('dialog', { name: 'Delete support bundle' })
    expect(dialog).toHaveTextContent('Delete nightly? This cannot be undone.')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('No support bundles yet')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.name === 'remove').map((c) => c.arg)).toEqual(['b-1'])
  })

  it('a failed list load shows the reason and loads again on request', async () => {
    const user = userEvent.setup()
    const api = fakeBundlePlatform([bundle()])
    api.failures.list = left({ kind: 'status', status: 500, message: 'database locked' })
    renderShell(PATH, admin, { supportBundlesApi: api }, effects)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      'The support bundles could not be loaded: the platform refused it with status 500: database locked.',
    )
    delete api.failures.list
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('row', { name: /nightly/ })).toBeInTheDocument()
  })

  it('a failed reload shows the reason and keeps the rows loaded before', async () => {
    const user = userEvent.setup()
    const api = fakeBundlePlatform([bundle(), bundle({ id: 'b-2', name: 'weekly' })])
    renderShell(PATH, admin, { supportBundlesApi: api }, effects)
    await user.click(await screen.findByRole('button', { name: 'Delete nightly' }))
    api.failures.list = left({ kind: 'status', status: 500, message: 'database locked' })
    const dialog = screen.getByRole('dialog', { name: 'Delete support bundle' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The support bundles could not be loaded')
    expect(screen.getByRole('row', { name: /weekly/ })).toBeInTheDocument()
    expect(screen.queryByRole('row', { name: /nightly/ })).toBeNull()
    delete api.failures.list
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await screen.findByRole('button', { name: 'Delete weekly' })
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
