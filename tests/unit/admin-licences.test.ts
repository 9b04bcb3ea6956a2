// The Licences page's rules: a licence's standing by the days left, the nodes it covers, and what
// each licence type opens as the navigation decides it.
import { describe, expect, it } from 'vitest'
import { EXPIRING_DAYS, licenceSummary, licensedAreas } from '../../domain/admin'

const NOW = Date.parse('2026-12-02T12:00:00.000Z')
const DAY = 86_400_000
const licence = (nodeId: string, daysLeft: number, type = 'Enterprise+') => ({
  nodeId,
  type,
  validThrough: new Date(NOW + daysLeft * DAY).toISOString(),
  licensedTo: 'Acme',
})

describe('the licence summary', () => {
  it('is nothing without a licence', () => {
    expect(licenceSummary([], ['node-1'], NOW)).toBeUndefined()
  })

  it.each([
    [EXPIRING_DAYS, { kind: 'valid', daysLeft: EXPIRING_DAYS }],
    [EXPIRING_DAYS - 0.5, { kind: 'expiring', daysLeft: EXPIRING_DAYS - 1 }],
    [0.5, { kind: 'expiring', daysLeft: 0 }],
    [-2.5, { kind: 'expired', daysAgo: 2 }],
  ])('%s days left is %j', (daysLeft, standing) => {
    expect(licenceSummary([licence('node-1', daysLeft)], ['node-1'], NOW)?.standing).toEqual(standing)
  })

  it('ends when the first node licence ends, and names the nodes without one', () => {
    const summary = licenceSummary(
      [licence('node-1', 400), licence('node-2', 40, 'Pro X')],
      ['node-1', 'node-2', 'node-3'],
      NOW,
    )
    expect(summary).toMatchObject({
      types: ['Enterprise+', 'Pro X'],
      licensedTo: ['Acme'],
      validThrough: licence('node-2', 40).validThrough,
      unlicensed: ['node-3'],
      licensedNodes: 2,
    })
  })
})

describe('what a licence opens', () => {
  const opened = (type: string) =>
    licensedAreas(type)
      .filter((a) => a.included)
      .map((a) => a.area)
  it.each([
    ['N/A', ['repositories']],
    ['Pro', ['repositories', 'projects']],
    ['Pro X', ['repositories', 'projects', 'scanning']],
    ['Enterprise+', ['repositories', 'projects', 'scanning', 'distribution']],
  ])('%s opens %j', (type, areas) => expect(opened(type)).toEqual(areas))
})
