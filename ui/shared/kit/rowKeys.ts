/**
 * Keys for the rows a windowed list draws, so that its rows' elements outlive a scroll: a row
 * still drawn keeps its key, and a row coming into view takes the key of one that left, so React
 * updates that element's text, attributes and place instead of mounting a new subtree (a fast
 * scroll mounted a whole window of rows each frame, and their style and layout with them).
 *
 * Not simply the index modulo the number of slots: React keeps the order of the children it is
 * given, moving an element that comes after one placed later in its old order. Scrolling up,
 * the rows coming in above would take the keys of rows that were below, and every row still
 * drawn would be moved (taken out of the document and put back: styled and laid out again, and
 * a focused link among them blurred). So a row coming in takes a key that left only where that
 * moves no row still drawn: below the rows kept (scrolling down), or anywhere when none is kept
 * (a jump); above them (scrolling up) it takes a new key and is mounted, as before.
 */
import { useState, type FocusEvent } from 'react'

/** A row drawn: its index in the list, and its element's key. */
export interface KeyedRow {
  readonly index: number
  readonly key: number
}

/** The rows drawn in the order drawn (by index), and the next key never given. */
export interface RowKeys {
  readonly rows: ReadonlyArray<KeyedRow>
  readonly fresh: number
}

export const NO_ROW_KEYS: RowKeys = { rows: [], fresh: 0 }

/** The keys for `indices` (ascending, distinct) drawn after the rows of `previous`. */
export function nextRowKeys(previous: RowKeys, indices: ReadonlyArray<number>): RowKeys {
  const before = new Map(previous.rows.map((row, position) => [row.index, { key: row.key, position }]))
  const wanted = new Set(indices)
  // The keys given up, in the order their elements are in now.
  const freed = previous.rows.flatMap((row, position) =>
    wanted.has(row.index) ? [] : [{ key: row.key, position }],
  )
  // For each new row, where the next row kept was: a freed key from at or after it would move it.
  const bound: number[] = []
  let next = Infinity
  for (let i = indices.length - 1; i >= 0; i--) {
    bound[i] = next
    const kept = before.get(indices[i]!)
    if (kept) next = kept.position
  }
  let fresh = previous.fresh
  let taken = 0
  const rows = indices.map((index, i): KeyedRow => {
    const kept = before.get(index)
    if (kept) return { index, key: kept.key }
    const free = freed[taken]
    if (free && free.position < bound[i]!) {
      taken++
      return { index, key: free.key }
    }
    return { index, key: fresh++ }
  })
  return { rows, fresh }
}

const sameIndices = (rows: ReadonlyArray<KeyedRow>, indices: ReadonlyArray<number>) =>
  rows.length === indices.length && rows.every((row, i) => row.index === indices[i])

/**
 * The keyed rows for `indices` (ascending, distinct), each render's keys following the last
 * render's (state adjusted while rendering, as React documents for a value derived from the
 * previous render's).
 */
export function useRowKeys(indices: ReadonlyArray<number>): ReadonlyArray<KeyedRow> {
  const [keys, setKeys] = useState(() => nextRowKeys(NO_ROW_KEYS, indices))
  if (sameIndices(keys.rows, indices)) return keys.rows
  const next = nextRowKeys(keys, indices)
  setKeys(next)
  return next.rows
}

/**
 * The row holding focus in a windowed list, by its `aria-posinset` (index + 1), so the list keeps
 * drawing it when it scrolls out of the window: unmounted, its focus went to the page's body;
 * its element given to another row, the focus would stay on a link to another package. Focus
 * leaving the list lets it go; the window losing focus (another tab) does not, as the element
 * stays the document's active one.
 */
export function useFocusedRow() {
  const [focused, setFocused] = useState<number | null>(null)
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const row = event.target.closest('[aria-posinset]')
    setFocused(row ? Number(row.getAttribute('aria-posinset')) - 1 : null)
  }
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const to = event.relatedTarget
    const within = to instanceof Node && event.currentTarget.contains(to)
    if (!within && event.target.ownerDocument.activeElement !== event.target) setFocused(null)
  }
  return { focused, onFocus, onBlur }
}

/**
 * The rows `first..last` (inclusive) and `also` when it is another row of the `count`, ascending:
 * what a windowed list draws.
 */
export function drawnRows(first: number, last: number, also: number | null, count: number): number[] {
  const rows = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i)
  if (also === null || also >= count || (also >= first && also <= last)) return rows
  return also < first ? [also, ...rows] : [...rows, also]
}
