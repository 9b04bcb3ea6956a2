/** The catalogue's filter debounce emits once per burst of changes, with the burst's last filters. */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Subject, VirtualTimeScheduler } from 'rxjs'
import { debouncedFilters } from '../../commands/effects/integrations'
import { FILTER_DEBOUNCE_MS, type CatalogueFilters } from '../../domain/integrations'

describe('filter debounce', () => {
  it('emits once per burst (changes closer than 300 ms), the burst’s last value', () => {
    fc.assert(
      fc.property(
        // Gaps before each change; a gap over 300 ms starts a new burst (at exactly 300 ms the change
        // was queued first, so it lands before the timer and extends the burst).
        fc.array(fc.integer({ min: 0, max: 2 * FILTER_DEBOUNCE_MS }), { minLength: 1, maxLength: 40 }),
        (gaps) => {
          const scheduler = new VirtualTimeScheduler()
          const changes = new Subject<CatalogueFilters>()
          const seen: string[] = []
          debouncedFilters(changes, scheduler).subscribe((f) => seen.push(f.search))
          let at = 0
          gaps.forEach((gap, i) => {
            at += gap
            scheduler.schedule(() => changes.next({ categories: [], vendors: [], search: `s${i}` }), at)
          })
          scheduler.flush()
          // Oracle: the last change of each burst; every search text differs, so none is dropped as repeated.
          const expected = gaps.flatMap((_, i) => {
            const next = gaps[i + 1]
            return next === undefined || next > FILTER_DEBOUNCE_MS ? [`s${i}`] : []
          })
          expect(seen).toEqual(expected)
        },
      ),
    )
  })
})
