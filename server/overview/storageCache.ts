/**
 * The storage cache: what the platform stores, as distinct files (one per content, by sha256)
 * and their bytes. The bytes live in two places: the blob store on disk (`<data>/blobs`, indexed
 * by the blobs table: deployed files, npm tarballs) and the catalogue's own table (files kept
 * with their content in `catalog_files.content`). A catalogue file known only by its checksums
 * holds no bytes and is not counted; identical bytes in both places are counted once.
 *
 * The figures are kept in the settings table so every node of the cluster reads the same ones.
 * Until the first calculation ends the overview says the cache is being calculated (spec 001
 * section 8, 'Calculating the storage cache for the first time...'); afterwards the last figures
 * stay shown with the platform time they were calculated at, and a new calculation starts in
 * the background when the stored files changed (blobs or catalogue files added or removed) or
 * when the figures are older than STORAGE_CACHE_MAX_AGE_MS. A request never calculates: it reads
 * the figures and a cheap fingerprint, and at most one calculation runs at a time on a node.
 * Each calculation is kept as its hour's sample of storage used (./storageHistory.ts).
 */
import { isoNow, type Clock } from '../clock'
import type { Sql } from '../db/sql'
import { readSetting, writeSetting } from '../platform/store'
import { overviewStore, storageHistory } from './store'

export const STORAGE_CACHE_KEY = 'storageCache'
/** Figures older than this are recalculated when next read, even with no change seen. */
export const STORAGE_CACHE_MAX_AGE_MS = 60 * 60 * 1000

export interface StorageSummary {
  readonly artifactBytes: number
  readonly blobCount: number
  readonly calculatedAt: string
  /** The stored files the figures were read from: another fingerprint means the figures are out of date. */
  readonly fingerprint: string
}

export interface StorageCache {
  /** The last figures, or undefined before the first calculation ended; starts one when they are missing or out of date. */
  read(): Promise<StorageSummary | undefined>
  /**
   * The storage sampler's hourly tick: keeps the figures as this hour's sample of storage used,
   * calculating them first when they are missing or out of date (as `read` would).
   */
  sample(): Promise<void>
  /** The calculation under way on this node, if any (tests wait for it). */
  readonly running: Promise<void> | undefined
}

export function storageCache(sql: Sql, clock: Clock): StorageCache {
  let running: Promise<void> | undefined

  // The figures and the fingerprint they go with, read in one transaction (one snapshot).
  const summarize = (): Promise<StorageSummary> =>
    sql.transaction(async (tx) => {
      const store = overviewStore(tx)
      const { files, bytes } = await store.storageTotals()
      return {
        artifactBytes: bytes,
        blobCount: files,
        calculatedAt: new Date(clock.now()).toISOString(),
        fingerprint: await store.storageFingerprint(),
      }
    })

  // Every calculation is also the sample of its hour: the history of storage used.
  const history = storageHistory(sql)
  const keep = async (summary: StorageSummary) => {
    await writeSetting({ sql, clock }, STORAGE_CACHE_KEY, summary)
    await history.record({
      sampledAt: summary.calculatedAt,
      artifactBytes: summary.artifactBytes,
      files: summary.blobCount,
    })
    await history.prune(summary.calculatedAt)
  }

  const calculate = (): Promise<void> =>
    // Off the request: the answer goes out first, the calculation runs on the next turn.
    (running ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => keep(await summarize()))
      .catch(() => undefined)
      .finally(() => {
        running = undefined
      }))

  const cachedFigures = () => readSetting<StorageSummary | undefined>(sql, STORAGE_CACHE_KEY, undefined)
  const stale = async (cached: StorageSummary | undefined) =>
    !cached ||
    cached.fingerprint !== (await overviewStore(sql).storageFingerprint()) ||
    clock.now() - Date.parse(cached.calculatedAt) >= STORAGE_CACHE_MAX_AGE_MS

  return {
    async read() {
      const cached = await cachedFigures()
      if (await stale(cached)) void calculate()
      return cached
    },
    async sample() {
      const cached = await cachedFigures()
      if (!cached || (await stale(cached))) return calculate()
      // Nothing stored changed since the figures were calculated: they are what is stored now.
      await history.record({
        sampledAt: isoNow(clock),
        artifactBytes: cached.artifactBytes,
        files: cached.blobCount,
      })
    },
    get running() {
      return running
    },
  }
}
