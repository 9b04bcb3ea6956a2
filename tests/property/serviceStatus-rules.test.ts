import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  groupOnlineNodesByService,
  hasMultipleMissionControls,
  humaniseUptime,
  type StatusNode,
} from '../../domain/serviceStatus'

const UNIT_MS = { day: 86_400_000, hour: 3_600_000, minute: 60_000, second: 1000 } as const
const ORDER = ['day', 'hour', 'minute', 'second'] as const
// Counts are grouped by thousands as the console writes every count ("1,000 days").
const SHAPE = /^(\d{1,3}(?:,\d{3})*) (day|hour|minute|second)s?( (\d+) (day|hour|minute|second)s?)?$/
const count = (text: string | undefined) => Number((text ?? '').replace(/,/g, ''))

// Counterexamples found while writing the rule, kept as explicit cases.
const regressions: ReadonlyArray<readonly [unknown, unknown]> = [
  ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'],
  [8.64e15, -8.64e15],
  [Number.MAX_VALUE, -Number.MAX_VALUE],
  ['2026-02-30T00:00:00Z', 0],
  [-0, 0],
]

describe('humaniseUptime', () => {
  it('is total: any pair of values gives a string, never a throw', () => {
    for (const [a, b] of regressions) expect(typeof humaniseUptime(a, b)).toBe('string')
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => typeof humaniseUptime(a, b) === 'string'),
      { numRuns: 5_000 },
    )
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double(),
          fc.string(),
          fc.date().map((d) => (isNaN(d.getTime()) ? 'x' : d.toISOString())),
        ),
        fc.oneof(fc.double(), fc.string()),
        (a, b) => typeof humaniseUptime(a, b) === 'string',
      ),
      { numRuns: 5_000 },
    )
  })

  it('gives the two largest units from the largest non-zero one, and reads back the difference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 4e12 }),
        fc.integer({ min: 0, max: 2e11 }),
        fc.boolean(),
        (startMs, diff, asIso) => {
          const a = asIso ? new Date(startMs + diff).toISOString() : startMs + diff
          const b = asIso ? new Date(startMs).toISOString() : startMs
          const text = humaniseUptime(a, b)
          const m = SHAPE.exec(text)
          expect(m, text).not.toBeNull()
          if (!m) return
          const big = m[2] as (typeof ORDER)[number]
          const bigCount = count(m[1])
          // The first unit is the largest that fits, so its count is non-zero unless all are.
          expect(bigCount === 0).toBe(diff < 1000)
          if (big !== 'second') {
            expect(m[5]).toBe(ORDER[ORDER.indexOf(big) + 1])
            const lower = count(m[4])
            const shown = bigCount * UNIT_MS[big] + lower * UNIT_MS[m[5] as (typeof ORDER)[number]]
            expect(diff - shown).toBeGreaterThanOrEqual(0)
            expect(diff - shown).toBeLessThan(UNIT_MS[m[5] as (typeof ORDER)[number]])
          } else {
            expect(m[3]).toBeUndefined()
            expect(Math.floor(diff / 1000)).toBe(bigCount)
          }
          expect(/\b1 \w+s\b/.test(text)).toBe(false)
        },
      ),
      { numRuns: 5_000 },
    )
  })

  it('is unavailable whenever the heartbeat precedes the start', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 1, max: 1e12 }), (t, d) => {
        expect(humaniseUptime(t, t + d)).toBe('unavailable')
      }),
    )
  })
})

const node: fc.Arbitrary<StatusNode> = fc.record(
  {
    service_id: fc.oneof(
      fc.constantFrom('jfrt@a', 'jfmc@a', 'jfmc@b', 'jfxr@a', 'jfmcx', 'xjfmc'),
      fc.string(),
    ),
    status: fc.constantFrom('Online', 'Offline', 'online', ''),
    service_type: fc.constantFrom('artifactory', 'xray', 'mission control', '__proto__', 'constructor', ''),
  },
  { requiredKeys: ['service_id', 'status'] },
)

describe('service grouping', () => {
  it('every Online node lands in exactly one group, no other node does, order kept', () => {
    fc.assert(
      fc.property(fc.array(node, { maxLength: 30 }), (nodes) => {
        const groups = groupOnlineNodesByService(nodes)
        const grouped = Object.values(groups).flat()
        expect(grouped.length).toBe(nodes.filter((n) => n.status === 'Online').length)
        for (const g of Object.values(groups)) {
          expect(g.length).toBeGreaterThan(0)
          const positions = g.map((n) => nodes.indexOf(n))
          expect([...positions].sort((x, y) => x - y)).toEqual(positions)
        }
        expect(new Set(grouped).size).toBe(new Set(nodes.filter((n) => n.status === 'Online')).size)
      }),
    )
  })

  it('several Mission Controls means more than one distinct jfmc-prefixed id', () => {
    fc.assert(
      fc.property(fc.array(node, { maxLength: 20 }), (nodes) => {
        const distinct = new Set(nodes.map((n) => n.service_id).filter((id) => id.startsWith('jfmc')))
        expect(hasMultipleMissionControls(nodes)).toBe(distinct.size > 1)
      }),
    )
  })
})
