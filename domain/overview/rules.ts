import type { Overview, OverviewState } from './types'

/** Rules of the overview's charts: bars as shares of the largest, the longest lists cut with the rest summed. */

export interface Bar {
  readonly label: string
  readonly count: number
  /** The bar's length, 0 to 1, against the largest count. */
  readonly share: number
}

/** The `max` largest counts as bars (in the order given), the others summed into `Other`. */
export function bars(
  items: ReadonlyArray<{ readonly label: string; readonly count: number }>,
  max = 8,
): Bar[] {
  const shown = items.slice(0, max)
  const rest = items.slice(max).reduce((n, i) => n + i.count, 0)
  const all = rest > 0 ? [...shown, { label: 'Other', count: rest }] : shown
  const top = Math.max(0, ...all.map((i) => i.count))
  return all.map((i) => ({ label: i.label, count: i.count, share: top === 0 ? 0 : i.count / top }))
}

/**
 * The downloads chart: a column a day (as tall as its share of the busiest day) and the total;
 * `onlyDay` when a single day has any, which one column on a month's axis shows as little more
 * than a tick at its edge, so the chart says it in words instead.
 */
export function downloadColumns(days: ReadonlyArray<{ readonly day: string; readonly count: number }>): {
  readonly columns: Bar[]
  readonly total: number
  readonly onlyDay?: Bar
} {
  const columns = bars(
    days.map((d) => ({ label: d.day, count: d.count })),
    days.length,
  )
  const counted = columns.filter((c) => c.count > 0)
  return {
    columns,
    total: days.reduce((n, d) => n + d.count, 0),
    ...(counted.length === 1 ? { onlyDay: counted[0] } : {}),
  }
}

/** A day of the storage chart: what was stored at its end, or null when the platform took no sample that day. */
export interface StoragePoint {
  readonly day: string
  readonly artifactBytes: number | null
}

/**
 * The storage chart's line: a point a day (a gap where the platform took no sample, not a zero
 * it never measured), and the latest figure shown beside the title; no line when no day has one.
 */
export function storageLine(days: ReadonlyArray<StoragePoint>): {
  readonly points: ReadonlyArray<StoragePoint>
  readonly latest: { readonly day: string; readonly artifactBytes: number } | undefined
  /** How many days have a sample: one is a point, not yet a line. */
  readonly sampledDays: number
} {
  let latest: { day: string; artifactBytes: number } | undefined
  let sampledDays = 0
  for (const d of days)
    if (d.artifactBytes !== null) {
      latest = { day: d.day, artifactBytes: d.artifactBytes }
      sampledDays++
    }
  return { points: latest ? days : [], latest, sampledDays }
}

/**
 * Steps between the byte axis's ticks: 1, 2, 5, 10, 20, 50, 100, 200, 500 of each binary unit,
 * so ticks read as whole figures ('500 MB', '1.0 GB') in the units bytesText writes.
 */
export const BYTE_TICK_STEPS: ReadonlyArray<number> = [0, 1, 2, 3, 4, 5].flatMap((power) =>
  [1, 2, 5, 10, 20, 50, 100, 200, 500].map((m) => m * 1024 ** power),
)

/**
 * The byte axis for a line whose highest day is `max`: its ticks from 0 by one of
 * BYTE_TICK_STEPS, at most `intervals` of them, the top one above the highest day, so the line
 * never runs above the last grid line (7.9 MB drawn over a top tick of 5.0 MB read as off the chart).
 */
export function byteAxis(
  max: number,
  intervals = 4,
): { readonly top: number; readonly ticks: ReadonlyArray<number> } {
  if (!(max > 0)) return { top: 1, ticks: [0] }
  // A little room above the highest day, so its point does not sit on the top line.
  const wanted = max * 1.05
  const step =
    BYTE_TICK_STEPS.find((s) => Math.ceil(wanted / s) <= intervals) ??
    BYTE_TICK_STEPS[BYTE_TICK_STEPS.length - 1]!
  const count = Math.ceil(wanted / step)
  return { top: count * step, ticks: Array.from({ length: count + 1 }, (_, i) => i * step) }
}

export { bytesText } from '../shared/bytes'

/** The storage figures of an overview, or null while the platform calculates its storage cache for the first time. */
export function storedFigures(
  overview: Overview,
): { readonly artifactBytes: number; readonly blobCount: number; readonly calculatedAt?: string } | null {
  return 'calculating' in overview.storage ? null : overview.storage
}

/**
 * Ask the platform again while the overview shows a storage cache being calculated for the
 * first time (the figures come when its walk of the blob store ends).
 */
export const awaitsStorageCache = (state: OverviewState): boolean =>
  state.status === 'loaded' && storedFigures(state.data) === null
