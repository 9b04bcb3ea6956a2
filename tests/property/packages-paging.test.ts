/**
 * Law of the versions paging: whatever the page size, and even when an answer arrives twice
 * or a superseded answer arrives late, paging through a package's versions with the real
 * decider and evolve shows every version exactly once, in the platform's order.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { appSlice, type AppEvent, type AppState } from '../../domain/app'
import { packagesArea } from '../../domain/packages/decider'
import * as E from '../../domain/packages/events'
import { appendVersions } from '../../domain/packages/rules'
import type { VersionSummary } from '../../domain/packages/types'
import { makePackage, makeVersion } from '../support/fakePackagesApi'
import { foldEvents, spec } from '../support/decider'
import { loadedPackage } from '../support/fixtures'

const pkg = makePackage('many')

/** The platform: `first` versions after the offset cursor. */
function pageOf(all: ReadonlyArray<VersionSummary>, first: number, after: string | null) {
  const start = after === null ? 0 : Number(after)
  const items = all.slice(start, start + first)
  const end = start + items.length
  return { items, hasNextPage: end < all.length, endCursor: items.length > 0 ? String(end) : null }
}

const versionsOf = (n: number) => Array.from({ length: n }, (_, i) => makeVersion(pkg, `1.0.${n - i}`))

describe('versions paging', () => {
  it('never duplicates or skips a version, whatever the page size and however answers arrive', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 260 }),
        fc.integer({ min: 1, max: 120 }),
        // Per page: deliver the answer twice, and/or let a stale answer of an old request arrive.
        fc.array(fc.record({ twice: fc.boolean(), stale: fc.boolean() }), { maxLength: 300 }),
        (n, size, deliveries) => {
          const all = versionsOf(n)
          const first = pageOf(all, size, null)
          let state: AppState = foldEvents([
            E.PackageRequested({ requestId: 'r-0', packageId: pkg.id }),
            E.PackageLoaded({
              requestId: 'r-0',
              pkg: { ...pkg, versionsCount: n },
              versions: first.items,
              hasNextPage: first.hasNextPage,
              endCursor: first.endCursor,
            }),
          ])
          const apply = (events: ReadonlyArray<AppEvent>) => {
            state = foldEvents(events, state)
          }
          let step = 0
          for (;;) {
            const id = `r-${++step}`
            const { decided } = spec(appSlice(packagesArea))
              .at(state)
              .when({ type: 'packages/LoadMoreVersions' }, { id })
            if (decided._tag === 'Left') break
            apply(decided.right)
            const asked = decided.right[0]
            if (asked?.type !== 'packages/VersionsMoreRequested') throw new Error('unexpected event')
            const page = pageOf(all, size, asked.data.after)
            const how = deliveries[step % Math.max(1, deliveries.length)] ?? { twice: false, stale: false }
            if (how.stale)
              apply([E.VersionsPageLoaded({ requestId: `r-${step - 1}`, ...pageOf(all, size, null) })])
            apply([E.VersionsPageLoaded({ requestId: id, ...page })])
            if (how.twice) apply([E.VersionsPageLoaded({ requestId: id, ...page })])
            if (step > n + 2) throw new Error('paging did not end')
          }
          expect(loadedPackage(state).versions.map((v) => v.id)).toEqual(all.map((v) => v.id))
          expect(loadedPackage(state).hasNextPage).toBe(false)
        },
      ),
    )
  })

  it('appendVersions keeps what is shown and adds only versions not yet shown, in order', () => {
    const all = versionsOf(40)
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 39 }), { maxLength: 60 }), fc.array(fc.nat({ max: 39 })), (a, b) => {
        const shown = [...new Set(a)].map((i) => all[i]!)
        const page = b.map((i) => all[i]!)
        const out = appendVersions(shown, page)
        const ids = out.map((v) => v.id)
        expect(new Set(ids).size).toBe(ids.length)
        expect(out.slice(0, shown.length)).toEqual(shown)
        const expected = [...new Set([...shown, ...page].map((v) => v.id))]
        expect(ids).toEqual(expected)
      }),
    )
  })
})
