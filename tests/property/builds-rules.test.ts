// The builds list: one row per build name, its newest run (the platform lists newest first)
// and how many runs it has; no run is lost or counted twice.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { summariesByName, type BuildRun } from '../../domain/builds'

const runs = fc.array(
  fc.record({
    name: fc.constantFrom('web', 'api', 'docs', 'web app'),
    number: fc.nat(99).map(String),
    status: fc.constantFrom('PASS', 'FAIL'),
    started: fc.constant(''),
  }),
  { maxLength: 30 },
) as fc.Arbitrary<BuildRun[]>

describe('builds by name', () => {
  it('one row per name in first-seen order, with its first (newest) run and its count', () => {
    fc.assert(
      fc.property(runs, (given) => {
        const rows = summariesByName(given)
        expect(rows.map((r) => r.name)).toEqual([...new Set(given.map((r) => r.name))])
        for (const row of rows) {
          const own = given.filter((r) => r.name === row.name)
          expect(row.last).toBe(own[0])
          expect(row.runs).toBe(own.length)
        }
        expect(rows.reduce((n, r) => n + r.runs, 0)).toBe(given.length)
      }),
    )
  })
})
