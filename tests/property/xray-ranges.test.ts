/**
 * OSV range matching against the schema's own evaluation (ossf/osv-schema, "Evaluation"):
 * events sorted by version, each `introduced` at or below the version turning "affected" on,
 * each `fixed` at or below it and each `last_affected` strictly below it turning it off; a
 * version is affected by any range that ends "on", or by being listed. The oracle walks the
 * events as written there; the code under test builds intervals, so the two are independent.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import semver from 'semver'
import {
  affectedAsRange,
  declaredRangeMayBeAffected,
  isAffected,
  type AffectedVersions,
  type OsvRange,
  type RangeEvent,
} from '../../domain/xray'

const pre = fc.option(
  fc
    .tuple(fc.constantFrom('alpha', 'beta', 'rc'), fc.integer({ min: 0, max: 2 }))
    .map(([t, n]) => `${t}.${n}`),
  { nil: undefined, freq: 3 },
)
const version = fc
  .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), pre)
  .map(([a, b, c, p]) => `${a}.${b}.${c}${p ? `-${p}` : ''}`)

const kind = fc.constantFrom('introduced', 'fixed', 'last_affected' as const)

/** A range of 1 to 6 events on distinct versions, sometimes starting at "0". */
const range: fc.Arbitrary<OsvRange> = fc
  .tuple(
    fc.uniqueArray(version, { minLength: 1, maxLength: 6 }),
    fc.array(kind, { minLength: 6, maxLength: 6 }),
    fc.boolean(),
  )
  .map(([versions, kinds, zero]) => {
    const events: RangeEvent[] = versions.map((v, i) => ({ [kinds[i]!]: v }) as RangeEvent)
    // Written in any order: evaluation sorts them.
    return { type: 'ECOSYSTEM', events: zero ? [{ introduced: '0' }, ...events] : events }
  })

const affected: fc.Arbitrary<AffectedVersions> = fc.record({
  ranges: fc.array(range, { minLength: 1, maxLength: 3 }),
  versions: fc.array(version, { maxLength: 2 }),
})

const ev = (e: RangeEvent) =>
  'introduced' in e ? e.introduced : 'fixed' in e ? e.fixed : 'last_affected' in e ? e.last_affected : e.limit
const order = (a: string, b: string) => (a === '0' ? -1 : b === '0' ? 1 : semver.compare(a, b))

/** The schema's pseudo-code, as written. */
function oracle(v: string, a: AffectedVersions): boolean {
  if (a.versions.includes(v)) return true
  return a.ranges.some((r) => {
    let on = false
    for (const e of [...r.events].sort((x, y) => order(ev(x), ev(y)))) {
      if ('introduced' in e && (e.introduced === '0' || semver.gte(v, e.introduced))) on = true
      else if ('fixed' in e && semver.gte(v, e.fixed)) on = false
      else if ('last_affected' in e && semver.gt(v, e.last_affected)) on = false
    }
    return on
  })
}

describe('OSV range matching', () => {
  it('agrees with the schema evaluation for any version and any ranges', () => {
    fc.assert(
      fc.property(version, affected, (v, a) => {
        expect(isAffected(v, a)).toBe(oracle(v, a))
      }),
      {
        numRuns: 3000,
      },
    )
  })

  it('treats introduced/fixed as half-open and last_affected as closed', () => {
    const a = (events: RangeEvent[]): AffectedVersions => ({
      ranges: [{ type: 'ECOSYSTEM', events }],
      versions: [],
    })
    const fixed = a([{ introduced: '1.0.0' }, { fixed: '1.2.6' }])
    expect([
      isAffected('0.9.9', fixed),
      isAffected('1.0.0', fixed),
      isAffected('1.2.5', fixed),
      isAffected('1.2.6', fixed),
    ]).toEqual([false, true, true, false])
    const last = a([{ introduced: '0' }, { last_affected: '2.3.1' }])
    // 2.3.2-alpha.0 comes after 2.3.1 in SemVer order.
    expect([isAffected('2.3.1', last), isAffected('2.3.2-alpha.0', last), isAffected('2.3.2', last)]).toEqual(
      [true, false, false],
    )
  })

  it('counts pre-releases between introduced and fixed as affected (express 5 betas)', () => {
    const express: AffectedVersions = {
      ranges: [
        { type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '4.19.2' }] },
        { type: 'ECOSYSTEM', events: [{ introduced: '5.0.0-alpha.1' }, { fixed: '5.0.0-beta.3' }] },
      ],
      versions: [],
    }
    expect(isAffected('5.0.0-beta.1', express)).toBe(true)
    expect(isAffected('5.0.0-beta.3', express)).toBe(false)
    expect(isAffected('5.0.0', express)).toBe(false)
    expect(isAffected('4.19.1', express)).toBe(true)
    expect(affectedAsRange(express)).toBe('<4.19.2 || >=5.0.0-alpha.1 <5.0.0-beta.3')
  })

  it('the npm range it writes holds exactly the affected release versions', () => {
    fc.assert(
      fc.property(
        version.filter((v) => semver.prerelease(v) === null),
        affected.map((a) => ({ ...a, versions: [] })),
        (v, a) => {
          expect(semver.satisfies(v, affectedAsRange(a))).toBe(oracle(v, a))
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('a declared exact dependency may be affected exactly when its version is', () => {
    fc.assert(
      fc.property(version, affected, (v, a) => {
        expect(declaredRangeMayBeAffected(v, a)).toBe(oracle(v, a))
      }),
      { numRuns: 2000 },
    )
  })
})
