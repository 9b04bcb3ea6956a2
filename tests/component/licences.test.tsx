// The Licences page over its table: the licence at a glance (its standing, until when, the nodes
// it covers, a node without one named) and what it opens, then where to go next.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { right } from 'fp-ts/Either'
import type { AdminApi } from '../../adapters/ports'
import type { License, Peer } from '../../domain/admin'
import { navigationEffects } from '../../commands/effects/navigation'
import { adminEffects } from '../../commands/effects/admin'
import { notFaked } from '../support/fakePorts'
import { renderShell } from './shellFixtures'

const admin = { user: { name: 'admin', admin: true } } as const
const effects = { ...navigationEffects, ...adminEffects }
const DAY = 86_400_000

const peer = (id: string): Peer => ({
  id,
  host: `${id}.local`,
  status: 'HEALTHY',
  lastHeartbeat: new Date().toISOString(),
  services: ['artifactory'],
})

function open(licences: License[], peers: Peer[]) {
  const adminApi: AdminApi = {
    ...notFaked<AdminApi>(),
    licenses: () => Promise.resolve(right(licences)),
    peers: () => Promise.resolve(right(peers)),
  }
  renderShell('/admin/license_management/licenses', admin, { adminApi }, effects)
}

describe('the Licences page', () => {
  it('says the licence is ending, names the node without one, and lists what it opens', async () => {
    const soon = new Date(Date.now() + 10 * DAY + DAY / 2).toISOString()
    open(
      [{ nodeId: 'node-1', type: 'Pro X', validThrough: soon, licensedTo: 'Acme' }],
      [peer('node-1'), peer('node-2')],
    )
    const card = (
      await screen.findByRole('heading', { name: 'Pro X', level: 2 }, { timeout: 20_000 })
    ).closest('section')!
    expect(within(card).getByText('Ends in 10 days')).toBeInTheDocument()
    expect(within(card).getByText('Acme')).toBeInTheDocument()
    expect(await within(card).findByText('1 of 2 nodes; without a licence: node-2')).toBeInTheDocument()
    const opens = screen.getByRole('list', { name: 'What the licence opens' })
    // A scanning licence without the enterprise-plus plan: scanning, not release bundles.
    expect(within(opens).getByRole('link', { name: 'Security scanning' })).toBeInTheDocument()
    expect(
      within(opens).queryByRole('link', { name: 'Release bundles to distribute' }),
    ).not.toBeInTheDocument()
    expect(within(opens).getByText('Release bundles to distribute')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Keeping the platform licensed' })).toBeInTheDocument()
  })

  it('says a licence past its end has ended', async () => {
    const past = new Date(Date.now() - 3 * DAY - DAY / 2).toISOString()
    open(
      [{ nodeId: 'node-1', type: 'Enterprise+', validThrough: past, licensedTo: 'Acme' }],
      [peer('node-1')],
    )
    const card = (await screen.findByRole('heading', { name: 'Enterprise+', level: 2 })).closest('section')!
    expect(within(card).getByText('Ended 3 days ago')).toBeInTheDocument()
    expect(await within(card).findByText('Its one node')).toBeInTheDocument()
  })
})
