// The overview's charts: the largest counts as bars in the order given, the rest summed into
// Other, each bar's length its share of the largest (so the largest is full and none is longer).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { bars } from '../../domain/overview/rules'

const items = fc.array(fc.record({ label: fc.string({ maxLength: 5 }), count: fc.nat(1_000_000) }), {
  maxLength: 20,
})

describe('overview bars', () => {
  it('keeps every count, cuts the list after max with the rest in Other, and scales to the largest', () => {
    fc.assert(
      fc.property(items, fc.integer({ min: 1, max: 10 }), (given, max) => {
        const shown = bars(given, max)
        const total = given.reduce((n, i) => n + i.count, 0)
        expect(shown.reduce((n, b) => n + b.count, 0)).toBe(total)
        const rest = given.slice(max).reduce((n, i) => n + i.count, 0)
        expect(shown.slice(0, max).map((b) => b.label)).toEqual(given.slice(0, max).map((i) => i.label))
        expect(shown.length).toBe(Math.min(given.length, max) + (rest > 0 ? 1 : 0))
        if (rest > 0) expect(shown.at(-1)).toMatchObject({ label: 'Other', count: rest })
        const top = Math.max(0, ...shown.map((b) => b.count))
        for (const b of shown) {
          expect(b.share).toBeGreaterThanOrEqual(0)
          expect(b.share).toBeLessThanOrEqual(1)
          expect(b.share).toBe(top === 0 ? 0 : b.count / top)
        }
        if (top > 0) expect(shown.some((b) => b.share === 1)).toBe(true)
      }),
    )
  })
})
