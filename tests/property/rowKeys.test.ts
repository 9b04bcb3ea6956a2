// The keys of a windowed list's rows (ui/shared/kit/rowKeys.ts): distinct in each render, a row
// still drawn keeps its key, no row kept ever follows (in the order drawn) a key that was after it
// (what would make React take its element out and put it back), and the window moving down, or
// jumping, mounts nothing: its rows come in with the keys of those that left.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { drawnRows, nextRowKeys, NO_ROW_KEYS, type RowKeys } from '../../ui/shared/kit/rowKeys'

const COUNT = 500

/** A window of rows, and perhaps one row drawn besides (the focused one). */
const windowArb = fc.record({
  first: fc.integer({ min: 0, max: COUNT - 1 }),
  length: fc.integer({ min: 0, max: 30 }),
  also: fc.option(fc.integer({ min: 0, max: COUNT - 1 }), { nil: null }),
})

describe('nextRowKeys', () => {
  it('keeps the key of every row still drawn, gives distinct keys, and moves no row kept', () => {
    fc.assert(
      fc.property(fc.array(windowArb, { minLength: 1, maxLength: 12 }), (windows) => {
        let keys: RowKeys = NO_ROW_KEYS
        for (const w of windows) {
          const indices = drawnRows(w.first, Math.min(COUNT, w.first + w.length) - 1, w.also, COUNT)
          const next = nextRowKeys(keys, indices)
          expect(next.rows.map((row) => row.index)).toEqual(indices)
          expect(new Set(next.rows.map((row) => row.key)).size).toBe(indices.length)
          const was = new Map(keys.rows.map((row, position) => [row.key, { index: row.index, position }]))
          let latest = -1
          for (const row of next.rows) {
            const old = was.get(row.key)
            if (old === undefined) continue
            if (old.index === row.index) expect(old.position).toBeGreaterThan(latest)
            latest = Math.max(latest, old.position)
          }
          for (const row of keys.rows)
            if (indices.includes(row.index))
              expect(next.rows.find((r) => r.index === row.index)?.key).toBe(row.key)
          keys = next
        }
      }),
    )
  })

  it('mounts nothing when a full window moves down or jumps, only the rows coming in above when it moves up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 100 }),
        (first, length, by) => {
          const window = (from: number) => drawnRows(from, from + length - 1, null, COUNT)
          const shown = nextRowKeys(NO_ROW_KEYS, window(first + by))
          expect(nextRowKeys(shown, window(first + 2 * by)).fresh).toBe(shown.fresh)
          expect(nextRowKeys(shown, window(first)).fresh).toBe(shown.fresh + (by < length ? by : 0))
        },
      ),
    )
  })
})
