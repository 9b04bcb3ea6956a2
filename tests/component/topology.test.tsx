import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { left, right } from 'fp-ts/Either'
import type { ServiceStatusApi } from '../../adapters/ports'
import type { TopologyNode } from '../../domain/serviceStatus'
import { navigationEffects } from '../../commands/effects/navigation'
import { serviceStatusEffects } from '../../commands/effects/serviceStatus'
import { renderShell } from './shellFixtures'

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
    logFiles: () => Promise.resolve(left({ kind: 'network' as const, message: 'not faked' })),
    logData: () => Promise.resolve(left({ kind: 'network' as const, message: 'not faked' })),
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
        node({ serviceType: 'xray', serviceId: 'jfxr@01', microServices: [] }),
      ]),
    ])
    renderShell('/admin/mission_control/topology', admin, { serviceStatusApi }, effects)
    const artifactory = await screen.findByRole('region', { name: 'artifactory' }, { timeout: 5000 })
    const rows = within(artifactory).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[1] as HTMLElement).getByRole('rowheader', { name: 'node-1' })).toBeInTheDocument()
    expect(rows[1]).toHaveTextContent('Online')
    expect(rows[1]).toHaveTextContent('HEALTHY')
    expect(rows[1]).toHaveTextContent('2 days 4 hours')
    expect(rows[2]).toHaveTextContent('Offline')
    expect(rows[2]).toHaveTextContent('unavailable')
    expect(screen.getByRole('region', { name: 'xray' })).toBeInTheDocument()
  })

  it('shows an empty state when no service reported', async () => {
    renderShell('/admin/mission_control/topology', admin, { serviceStatusApi: api([right([])]) }, effects)
    expect(await screen.findByText('No services have reported to the platform yet.')).toBeInTheDocument()
  })

  it('shows the failure and loads again on request', async () => {
    const serviceStatusApi = api([
      left({ kind: 'status', status: 500, message: 'database locked' }),
      right([node({})]),
    ])
    renderShell('/admin/mission_control/topology', admin, { serviceStatusApi }, effects)
    expect(await screen.findByRole('alert')).toHaveTextContent('database locked')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('region', { name: 'artifactory' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
