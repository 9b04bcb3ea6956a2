/**
 * Windowing for a list of rows of one fixed height in a scrolling element: which rows to draw.
 * The packages list (a developer's landing) drew its rows with @tanstack/react-virtual, whose
 * core (measurement of rows of any height, scroll-to, iOS momentum handling) was 9.4 KB of the
 * landing's ~236 KB on the wire; rows of one height need only the arithmetic below. Lists whose
 * rows differ in height (the artifacts tree, the debug panel's events) keep the library.
 */
import { useEffect, useState, type RefObject } from 'react'
import { flushSync } from 'react-dom'

/** The first and last row to draw (inclusive; last < first when there is none) and the rows' whole height. */
export interface RowWindow {
  readonly first: number
  readonly last: number
  readonly total: number
}

/**
 * The rows that meet the viewport `[top, top + height)`, and `overscan` more beyond each edge.
 * A viewport of no height still draws its first row (the list's place before it is measured).
 */
export function rowWindow(
  top: number,
  height: number,
  count: number,
  rowHeight: number,
  overscan: number,
): RowWindow {
  const total = count * rowHeight
  if (count === 0) return { first: 0, last: -1, total }
  const from = Math.min(count - 1, Math.max(0, Math.floor(top / rowHeight)))
  const to = Math.min(count - 1, Math.max(from, Math.ceil((top + height) / rowHeight) - 1))
  return { first: Math.max(0, from - overscan), last: Math.min(count - 1, to + overscan), total }
}

/**
 * The window of rows of `scroller` to draw, kept as it scrolls and resizes. Before the element is
 * measured it is taken as `initialHeight` high, so the first render draws rows. A scroll renders
 * at once (flushSync), and only when the window changes, so fast scrolling shows no blank rows.
 */
export function useFixedRows(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan: number,
  initialHeight = 600,
): RowWindow {
  const [view, setView] = useState({ top: 0, height: initialHeight })
  useEffect(() => {
    const element = scroller.current
    if (!element) return
    let top = element.scrollTop
    let height = view.height
    // The window last drawn, not the one at the element's scroll now: a scroll made before this
    // effect ran again (a page of rows arrived) fires its event after, and compared with a
    // window taken from that scroll it changed nothing, so the rows drawn stayed where they were.
    let shown = rowWindow(view.top, view.height, count, rowHeight, overscan)
    const update = (sync: boolean) => {
      const next = rowWindow(top, height, count, rowHeight, overscan)
      if (next.first === shown.first && next.last === shown.last) return
      shown = next
      const apply = () => setView({ top, height })
      if (sync) flushSync(apply)
      else apply()
    }
    const onScroll = () => {
      top = element.scrollTop
      update(true)
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    update(false)
    // The box's size comes after layout, before paint; no layout is forced to read it.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            // Read after layout (the observer's moment), so it forces none; the padding box, as
            // the rows are placed in it.
            height = element.clientHeight
            update(false)
          })
    if (observer) observer.observe(element)
    else {
      height = element.clientHeight
      update(false)
    }
    return () => {
      element.removeEventListener('scroll', onScroll)
      observer?.disconnect()
    }
    // The element's scroll and size are read here; the last view is only the starting point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scroller, count, rowHeight, overscan])
  return rowWindow(view.top, view.height, count, rowHeight, overscan)
}
