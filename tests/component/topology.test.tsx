import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import type { ServiceStatusApi } from '../../adapters/ports'
import type { TopologyNode } from '../../domain/serviceStatus'
import { navigationEffects } from '../../commands/effects/navigation'
import { serviceStatusEffects } from '../../commands/effects/serviceStatus'
import { renderShell } from './shellFixtures'
import { fakeLogPlatform, topologyNode } from '../support/fakeServiceStatusApi'
import kitSurface from '../../ui/shared/kit/surface.module.css'
import nodeFacts from '../../ui/serviceStatus/nodeFacts.module.css'

const admin = { user: { name: 'admin', admin: true } } as const
const effects = { ...navigationEffects, ...serviceStatusEffects }

const node = (over: Partial<TopologyNode>): TopologyNode => ({
  serviceId: 'jfrt@01',
  nodeId: 'node-1',
  serviceType: 'artifactory',
  status: 'Online',
  state: 'HEALTHY',
  lastHeartbeat: '2026-01-03T04:05:00.000Z',
  uptime: '2026-01-01T00:00:00.000Z',
  microServices: ['router', 'metadata'],
  ...over,
})

function api(
  answers: Array<Awaited<ReturnType<ServiceStatusApi['topology']>>>,
): ServiceStatusApi & { calls: number } {
  const fake = {
    calls: 0,
    removeNode: () => Promise.resolve(left({ kind: 'network' as const, message: 'not faked' })),
    logFiles: () => Promise.resolve(left({ kind: 'network' as const, message: 'not faked' })),
    logData: () => Promise.resolve(left({ kind: 'network' as const, message: 'not faked' })),
    nodeStates: () => Promise.resolve(left({ kind: 'network' as const, message: 'not faked' })),
    topology: () => {
      const answer = answers[Math.min(fake.calls, answers.length - 1)]
      fake.calls++
      return Promise.resolve(answer ?? right([]))
    },
  }
  return fake
}

describe('the topology page', () => {
  it('lists services and their nodes with state and humanised uptime', async () => {
    const serviceStatusApi = api([
      right([
        node({}),
        node({ nodeId: 'node-2', status: 'Offline', state: 'UNHEALTHY', lastHeartbeat: 'garbage' }),
        node({ serviceType: 'xray', serviceId: 'jfxr@01', microServices: [], state: 'READ_ONLY' }),
      ]),
    ])
    renderShell('/admin/mission_control/topology', admin, { serviceStatusApi }, effects)
    const artifactory = await screen.findByRole('region', { name: 'artifactory' }, { timeout: 15_000 })
    // One card per node, named by the node, with its health, state and humanised uptime.
    const cards = within(
      within(artifactory).getByRole('list', { name: 'Nodes of artifactory' }),
    ).getAllByRole('article')
    expect(cards).toHaveLength(2)
    expect(cards[0]).toHaveAccessibleName('node-1')
    expect(cards[0]).toHaveTextContent('Online')
    // The state in words, not the platform's code.
    expect(within(cards[0]!).getByText('Healthy')).toBeInTheDocument()
    expect(cards[0]).not.toHaveTextContent('HEALTHY')
    expect(cards[0]).toHaveTextContent('2 days 4 hours')
    expect(cards[1]).toHaveTextContent('Offline')
    expect(within(cards[1]!).getByText('Unhealthy')).toBeInTheDocument()
    expect(cards[1]).toHaveTextContent('unavailable')
    expect(within(screen.getByRole('region', { name: 'xray' })).getByText('Read only')).toBeInTheDocument()
  })

  it('names each service by its heading, a name with a space too (axe found mission control unnamed)', async () => {
    const serviceStatusApi = api([
      right([node({ serviceType: 'mission control', serviceId: 'jfmc@01', microServices: [] })]),
    ])
    renderShell('/admin/mission_control/topology', admin, { serviceStatusApi }, effects)
    const service = await screen.findByRole('region', { name: 'mission control' }, { timeout: 15_000 })
    expect(within(service).getByRole('heading', { name: 'mission control' })).toBeInTheDocument()
  })

  it("is headed with the kit's page header, Refresh its action", async () => {
    renderShell(
      '/admin/mission_control/topology',
      admin,
      { serviceStatusApi: api([right([node({})])]) },
      effects,
    )
    const title = await screen.findByRole('heading', { name: 'Topology', level: 1 })
    const header = title.closest('header')!
    expect(header).toHaveClass(kitSurface.pageHeader!)
    // A line on what the page holds, as Service Status and System Logs have.
    expect(
      within(header).getByText(
        'The services that report to the platform, and the health of each of their nodes.',
      ),
    ).toHaveClass(kitSurface.pageDescription!)
    expect(within(header).getByRole('button', { name: 'Refresh' }).parentElement).toHaveClass(
      kitSurface.pageActions!,
    )
  })

  it('shows an empty state when no service reported', async () => {
    renderShell('/admin/mission_control/topology', admin, { serviceStatusApi: api([right([])]) }, effects)
    expect(await screen.findByText('No services have reported to the platform yet')).toBeInTheDocument()
  })

  it('shows the failure and loads again on request', async () => {
    const serviceStatusApi = api([
      left({ kind: 'status', status: 500, message: 'database locked' }),
      right([node({})]),
    ])
    renderShell('/admin/mission_control/topology', admin, { serviceStatusApi }, effects)
    expect(await screen.findByRole('alert')).toHaveTextContent('database locked')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('region', { name: 'artifactory' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('the Service Status page', () => {
  it('is its own page: Online nodes per service, removal after a confirmation, then the status again', async () => {
    const platform = fakeLogPlatform([
      topologyNode(),
      topologyNode({ nodeId: 'node-2' }),
      topologyNode({ nodeId: 'node-3', status: 'Offline' }),
    ])
    const calls = { topology: 0 }
    const topology = platform.topology
    platform.topology = () => {
      calls.topology++
      return topology()
    }
    renderShell('/admin/monitoring/service-status', admin, { serviceStatusApi: platform }, effects)
    expect(await screen.findByRole('heading', { name: 'Service Status', level: 1 }, { timeout: 15_000 }))
    expect(screen.queryByRole('heading', { name: 'Topology' })).not.toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Nodes of artifactory' })
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(within(table).getAllByText('Healthy')).toHaveLength(2)
    expect(within(table).queryByText('HEALTHY')).not.toBeInTheDocument()
    expect(within(table).queryByText('node-3')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Remove node node-2 of jfrt@01' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this node?' })
    expect(platform.removals).toEqual([])
    const before = calls.topology
    await user.click(within(dialog).getByRole('button', { name: 'Remove node' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(platform.removals).toEqual([{ serviceId: 'jfrt@01', nodeId: 'node-2' }])
    await waitFor(() => expect(calls.topology).toBe(before + 1))
    expect(within(table).queryByText('node-2')).not.toBeInTheDocument()
    expect(within(table).getByText('node-1')).toBeInTheDocument()
  })

  it("shows a node's service id and microservices as Topology's cards do: the id in the ids' face, each microservice a badge", async () => {
    const platform = fakeLogPlatform([topologyNode({ microServices: ['router', 'metadata'] })])
    renderShell('/admin/monitoring/service-status', admin, { serviceStatusApi: platform }, effects)
    const table = await screen.findByRole('table', { name: 'Nodes of artifactory' }, { timeout: 15_000 })
    // They were 'router, metadata' in one line of text and the id in the body face.
    expect(within(table).getByText('router')).toHaveClass(kitSurface.badge!)
    expect(within(table).getByText('metadata')).toHaveClass(kitSurface.badge!)
    // Under the node's name, breakable after the '@' only (it broke over three lines at 1024 px).
    const id = within(table).getByText('jfrt@')
    expect(id).toHaveClass(nodeFacts.serviceId!)
    expect(id).toHaveTextContent(/^jfrt@01$/)
    expect(id.querySelector('wbr')).not.toBeNull()
    expect(within(table).getByRole('columnheader', { name: 'Node and service ID' })).toBeInTheDocument()
    expect(within(table).getByText('node-1').closest('td')).toContainElement(id)
  })

  it('says how long a node is up in its largest unit, the two units in its hint', async () => {
    // Started 2 days 4 hours 5 minutes before its last heartbeat.
    const platform = fakeLogPlatform([topologyNode()])
    renderShell('/admin/monitoring/service-status', admin, { serviceStatusApi: platform }, effects)
    const table = await screen.findByRole('table', { name: 'Nodes of artifactory' }, { timeout: 15_000 })
    // 'Up 5 minutes 26 seconds' wrapped in its column at 1024 px.
    const uptime = within(table).getByText('Up 2 days', { exact: true })
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    await userEvent.setup().hover(uptime)
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^Up 2 days 4 hours$/)
    expect(uptime).toHaveAccessibleDescription('Up 2 days 4 hours')
  })

  it('says when several Mission Control instances report, and why a removal failed', async () => {
    const mc = (serviceId: string, nodeId: string) =>
      topologyNode({ serviceId, nodeId, serviceType: 'mission control' })
    const platform = fakeLogPlatform([mc('jfmc@a', 'mc-1'), mc('jfmc@b', 'mc-2')])
    platform.fail.removeNode = left({ kind: 'status', status: 403, message: 'Admins only' })
    renderShell('/admin/monitoring/service-status', admin, { serviceStatusApi: platform }, effects)
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'Several Mission Control instances',
    )
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Remove node mc-2 of jfmc@b' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove node' }),
    )
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2))
    expect(screen.getAllByRole('alert')[1]).toHaveTextContent('Node mc-2 could not be removed')
    expect(screen.getByText('mc-2')).toBeInTheDocument()
  })
})
