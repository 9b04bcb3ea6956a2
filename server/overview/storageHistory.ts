/**
 * Storage used over time: each calculation of the storage cache (./storageCache.ts) is kept as
 * the sample of its hour, and a sampler on every node calculates once an hour, so the history
 * has a point an hour while the platform runs, whether or not anyone opens the Overview. The
 * Overview's chart shows the last sample of each day; hours and days the platform did not run
 * have none, and the chart shows them as gaps instead of inventing a figure. The samples' SQL
 * is the store's (storageHistory in ./store.ts).
 */
/** How often the sampler calculates what is stored. */
export const STORAGE_SAMPLE_EVERY_MS = 60 * 60 * 1000
/** Samples older than this are deleted: the chart reads 30 days, a year leaves room for longer views. */
export const STORAGE_SAMPLES_KEPT_DAYS = 400

export interface StorageSample {
  /** When the figures were calculated (ISO, platform time). */
  readonly sampledAt: string
  readonly artifactBytes: number
  readonly files: number
}

/** A UTC day's last sample, or nulls for a day with none. */
export interface StorageDay {
  readonly day: string
  readonly artifactBytes: number | null
  readonly files: number | null
}

export const DAY_MS = 86_400_000

/** The `days` UTC days up to `today`, oldest first, each with its last sample (what was stored at its end). */
export function storageOverDays(
  today: string,
  days: number,
  samples: ReadonlyArray<StorageSample>,
): StorageDay[] {
  const last = new Map<string, StorageSample>()
  for (const s of samples) {
    const day = s.sampledAt.slice(0, 10)
    const seen = last.get(day)
    if (!seen || seen.sampledAt <= s.sampledAt) last.set(day, s)
  }
  const end = Date.parse(`${today}T00:00:00Z`)
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10)
    const s = last.get(day)
    return { day, artifactBytes: s?.artifactBytes ?? null, files: s?.files ?? null }
  })
}
