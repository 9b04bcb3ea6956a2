import { describe, expect, it } from 'vitest'
import {
  compactUptime,
  groupOnlineNodesByService,
  hasMultipleMissionControls,
  humaniseUptime,
  nodeHealth,
} from '../../domain/serviceStatus'

const start = '2026-01-01T00:00:00.000Z'
const at = (ms: number) => new Date(Date.parse(start) + ms).toISOString()
const S = 1000
const M = 60 * S
const H = 60 * M
const D = 24 * H

describe('compactUptime', () => {
  it.each([
    [3 * D + 4 * H + 5 * M, '3 days'],
    [1 * D + 1 * M, '1 day'],
    [23 * H + 59 * M, '23 hr'],
    [5 * M + 26 * S, '5 min'],
    [42 * S, '42 sec'],
    [999, '0 sec'],
  ])('%d ms → %s, its largest unit alone', (ms, expected) => {
    expect(compactUptime(at(ms), start)).toBe(expected)
  })

  it('is unavailable where the whole is', () => {
    expect(compactUptime(start, at(1))).toBe('unavailable')
    expect(compactUptime('yesterday', start)).toBe('unavailable')
  })
})

describe('humaniseUptime', () => {
  it.each([
    [3 * D + 4 * H + 5 * M, '3 days 4 hours'],
    [1 * H, '1 hour 0 minutes'],
    [42 * S, '42 seconds'],
    [1 * S + 999, '1 second'],
    [0, '0 seconds'],
    [999, '0 seconds'],
    [1 * D + 1 * M, '1 day 0 hours'],
    [2 * M + 1 * S, '2 minutes 1 second'],
    [400 * D + 23 * H + 59 * M, '400 days 23 hours'],
  ])('%d ms → %s', (ms, expected) => {
    expect(humaniseUptime(at(ms), start)).toBe(expected)
    expect(humaniseUptime(Date.parse(start) + ms, Date.parse(start))).toBe(expected)
  })

  it('mixes ISO strings and epoch milliseconds, with offsets', () => {
    expect(humaniseUptime('2026-01-01T05:30:00+05:30', Date.parse(start) - 42 * S)).toBe('42 seconds')
  })

  it('reads every ISO 8601 instant the platform may send: padded, without seconds, offset without colon', () => {
    expect(humaniseUptime(' 2026-01-01T00:00:42Z ', start)).toBe('42 seconds')
    expect(humaniseUptime(at(42 * S), `  ${start}\n`)).toBe('42 seconds')
    expect(humaniseUptime('2026-01-01T00:05Z', start)).toBe('5 minutes 0 seconds')
    expect(humaniseUptime('2026-01-01T01:00:42+0100', start)).toBe('42 seconds')
  })

  it('takes a year of four digits only, as the platform writes it', () => {
    // An expanded year (six digits and a sign) is ISO 8601 too, and Date.parse reads it; the
    // platform never sends one, so a heartbeat in that form is a value the page cannot trust.
    expect(humaniseUptime('+002026-01-01T00:00:42Z', start)).toBe('unavailable')
  })

  it.each([
    [undefined, start],
    [start, null],
    ['', start],
    ['yesterday', start],
    ['2026-01-01', start],
    ['2026-13-45T00:00:00Z', start],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [{}, start],
    [start, at(1)],
  ])('unavailable for %j, %j', (a, b) => {
    expect(humaniseUptime(a, b)).toBe('unavailable')
  })
})

describe('groupOnlineNodesByService', () => {
  it('keeps Online nodes only, grouped per service type (or by service-id prefix)', () => {
    const nodes = [
      { service_id: 'jfrt@c1', node_id: 'n1', status: 'Online', service_type: 'artifactory' },
      { service_id: 'jfxr@c1', node_id: 'n1', status: 'Offline', service_type: 'xray' },
      { service_id: 'jfrt@c1', node_id: 'n2', status: 'Online', service_type: 'artifactory' },
      { service_id: 'jfmc@c1', node_id: 'n1', status: 'Online' },
      { service_id: 'zzz@c1', node_id: 'n1', status: 'Online' },
    ]
    const groups = groupOnlineNodesByService(nodes)
    expect(Object.keys(groups)).toEqual(['artifactory', 'mission control', 'others'])
    expect(groups.artifactory?.map((n) => n.node_id)).toEqual(['n1', 'n2'])
    expect(groups.xray).toBeUndefined()
  })

  it("names a node's service by its service-id prefix when the node does not name it", () => {
    const prefixes = ['jfrt', 'jfxr', 'jfmc', 'jfds', 'jftrk', 'jfpip', 'jfisv']
    const groups = groupOnlineNodesByService(
      prefixes.map((prefix) => ({ service_id: `${prefix}@c1`, status: 'Online' })),
    )
    expect(Object.keys(groups)).toEqual([
      'artifactory',
      'xray',
      'mission control',
      'distribution',
      'tracker',
      'pipelines',
      'insight',
    ])
  })

  it('takes a named service type without its spaces, and a blank one as not named', () => {
    const groups = groupOnlineNodesByService([
      { service_id: 'jfrt@c1', status: 'Online', service_type: '  ' },
      { service_id: 'jfxr@c1', status: 'Online', service_type: ' xray ' },
    ])
    expect(Object.keys(groups)).toEqual(['artifactory', 'xray'])
  })

  it('does not let a service type reach the prototype', () => {
    const groups = groupOnlineNodesByService([
      { service_id: 'x', status: 'Online', service_type: '__proto__' },
    ])
    expect(Object.getPrototypeOf(groups)).toBe(Object.prototype)
    expect(Object.keys(groups)).toEqual(['__proto__'])
  })
})

describe('hasMultipleMissionControls', () => {
  it('needs more than one distinct jfmc service id', () => {
    expect(hasMultipleMissionControls([{ service_id: 'jfmc@a' }, { service_id: 'jfmc@a' }])).toBe(false)
    expect(hasMultipleMissionControls([{ service_id: 'jfmc@a' }, { service_id: 'jfrt@b' }])).toBe(false)
    expect(hasMultipleMissionControls([{ service_id: 'jfmc@a' }, { service_id: 'jfmc@b' }])).toBe(true)
    expect(hasMultipleMissionControls([])).toBe(false)
  })
})

describe('nodeHealth (spec 001: a node serves when its state is HEALTHY)', () => {
  it.each([
    ['HEALTHY', 'healthy'],
    ['UNHEALTHY', 'unhealthy'],
    ['READ_ONLY', 'other'],
    ['healthy', 'other'],
    ['', 'other'],
  ] as const)('%j is %s', (state, health) => {
    expect(nodeHealth(state)).toBe(health)
  })
})
