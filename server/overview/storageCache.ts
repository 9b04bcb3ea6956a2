/**
 * The storage cache: what the blob store holds on disk (bytes and files under `<data>/blobs`,
 * walked asynchronously), kept in the settings table so every node of the cluster reads the
 * same figures. Until the first walk ends the overview says the cache is being calculated
 * (spec 001 section 8, 'Calculating the storage cache for the first time...'); afterwards a
 * change in the blob table starts a new walk in the background and the last figures stay
 * shown with the time they were calculated.
 */
import { lstat, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Db } from '../db'
import { readSetting, writeSetting } from '../platform/settings'

export const STORAGE_CACHE_KEY = 'storageCache'

export interface StorageSummary {
  readonly artifactBytes: number
  readonly blobCount: number
  readonly calculatedAt: string
  /** The blob table when the walk started: another fingerprint means the figures are out of date. */
  readonly fingerprint: string
}

/** Bytes and files under a folder, skipping the upload area (partial files are not stored yet). */
async function walk(dir: string, skip: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0
  let files = 0
  let entries
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch {
    return { bytes, files }
  }
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (path === skip) continue
    if (entry.isDirectory()) {
      const inner = await walk(path, skip)
      bytes += inner.bytes
      files += inner.files
    } else if (entry.isFile()) {
      // A file removed while the walk runs is simply not counted.
      const stat = await lstat(path).catch(() => undefined)
      if (stat) {
        bytes += stat.size
        files += 1
      }
    }
  }
  return { bytes, files }
}

export interface StorageCache {
  /** The figures of the last walk, or undefined before the first one ended; starts a walk when they are missing or out of date. */
  read(): StorageSummary | undefined
  /** The walk under way on this node, if any (tests wait for it). */
  readonly running: Promise<void> | undefined
}

export function storageCache(db: Db, dataDir: string): StorageCache {
  const root = join(dataDir, 'blobs')
  const blobTable = db.prepare("SELECT COUNT(*) AS n, COALESCE(MAX(created), '') AS latest FROM blobs")
  const fingerprint = () => {
    const row = blobTable.get() as { n: number; latest: string }
    return `${row.n}|${row.latest}`
  }
  let running: Promise<void> | undefined

  const calculate = (print: string) => {
    running ??= walk(root, join(root, 'tmp'))
      .then(({ bytes, files }) => {
        const summary: StorageSummary = {
          artifactBytes: bytes,
          blobCount: files,
          calculatedAt: new Date().toISOString(),
          fingerprint: print,
        }
        writeSetting(db, STORAGE_CACHE_KEY, summary)
      })
      .catch(() => undefined)
      .finally(() => {
        running = undefined
      })
  }

  return {
    read() {
      const cached = readSetting<StorageSummary | undefined>(db, STORAGE_CACHE_KEY, undefined)
      const print = fingerprint()
      if (!cached || cached.fingerprint !== print) calculate(print)
      return cached
    },
    get running() {
      return running
    },
  }
}
