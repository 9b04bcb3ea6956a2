// The packages list's window of rows (ui/shared/kit/fixedRows.ts): every row that meets the
// viewport is drawn, nothing past the list's ends, and no more than `overscan` rows beyond each
// edge of the viewport.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { rowWindow } from '../../ui/shared/kit/fixedRows'

describe('rowWindow', () => {
  it('draws every row that meets the viewport, within the list, and at most overscan beyond each edge', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 4_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 8 }),
        (count, rowHeight, height, topAt, overscan) => {
          const top = count === 0 ? 0 : topAt % (count * rowHeight)
          const w = rowWindow(top, height, count, rowHeight, overscan)
          expect(w.total).toBe(count * rowHeight)
          if (count === 0) {
            expect(w.last).toBeLessThan(w.first)
            return
          }
          expect(w.first).toBeGreaterThanOrEqual(0)
          expect(w.last).toBeLessThanOrEqual(count - 1)
          const meets = (i: number) => i * rowHeight < top + Math.max(height, 1) && (i + 1) * rowHeight > top
          const firstMet = Math.floor(top / rowHeight)
          let lastMet = firstMet
          while (lastMet + 1 < count && meets(lastMet + 1)) lastMet++
          expect(w.first).toBeLessThanOrEqual(firstMet)
          expect(w.last).toBeGreaterThanOrEqual(lastMet)
          expect(firstMet - w.first).toBeLessThanOrEqual(overscan)
          expect(w.last - lastMet).toBeLessThanOrEqual(overscan)
        },
      ),
    )
  })

  it('draws the first rows of a viewport not yet measured, and none of an empty list', () => {
    expect(rowWindow(0, 0, 100, 84, 2)).toEqual({ first: 0, last: 2, total: 8400 })
    expect(rowWindow(0, 600, 100, 84, 2)).toEqual({ first: 0, last: 9, total: 8400 })
    expect(rowWindow(84 * 50, 600, 100, 84, 0)).toEqual({ first: 50, last: 57, total: 8400 })
    expect(rowWindow(0, 600, 0, 84, 2).last).toBe(-1)
  })
})
