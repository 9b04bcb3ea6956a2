/**
 * The sweep of the blob store. First the `blobs` rows that nothing uses any more (no artifact,
 * catalogue file, container image or remote's cached file: what a release would have removed,
 * had the rows naming the bytes gone without one), each released as a release is, under its
 * row's lock; then the files no `blobs` row names, which is what a process that died between a
 * release's commit and the file's removal leaves behind (space only: nothing reads them). Each
 * file goes the way a release's removal goes (blobs.ts), so the sweep may run while nodes of the
 * cluster sharing the folder keep deploying: bytes a commit names at the same moment stay, and
 * an upload still staging its copy puts the bytes back in place at its commit.
 *
 * Temporary files (`tmp/`) are not looked at: each node clears its own at start.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Sql } from '../db/sql'
import { blobStore, type BlobStore } from './blobs'
import { blobRows } from './store'

const PART = /^[0-9a-f]{2}$/
const NAME = /^[0-9a-f]{64}$/
/** Names asked about per query (well under either engine's limit of parameters). */
const BATCH = 500

export interface SweepOutcome {
  /** Rows of bytes nothing used, released (their files with them). */
  readonly released: number
  /** Files of bytes found in the folder, after those. */
  readonly files: number
  /** Files that no row named, removed. */
  readonly removed: number
}

const folders = (dir: string): string[] => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && PART.test(entry.name))
      .map((entry) => entry.name)
      .sort()
  } catch {
    return []
  }
}

/** Releases the rows nothing uses, a page at a time; true for each whose row went. */
async function releaseUnused(sql: Sql, blobs: BlobStore): Promise<number> {
  let released = 0
  let after = ''
  for (;;) {
    const page = await blobRows(sql).unusedAfter(after, BATCH)
    // Unused a moment ago; the release looks again under the row's lock.
    for (const sha256 of page) if (await blobs.releaseIfUnused(sha256)) released++
    if (page.length < BATCH) return released
    after = page.at(-1)!
  }
}

/**
 * Sweeps the rows, then `blobDir`, one `<aa>/<bb>` folder at a time (memory stays flat however
 * many rows and files).
 */
export async function sweepBlobs(sql: Sql, blobDir: string): Promise<SweepOutcome> {
  const blobs = blobStore(sql, blobDir)
  const released = await releaseUnused(sql, blobs)
  let files = 0
  let removed = 0
  for (const first of folders(blobDir))
    for (const second of folders(join(blobDir, first))) {
      const prefix = first + second
      let names: string[]
      try {
        names = readdirSync(join(blobDir, first, second)).filter(
          (name) => NAME.test(name) && name.startsWith(prefix),
        )
      } catch {
        continue
      }
      files += names.length
      for (let at = 0; at < names.length; at += BATCH) {
        const batch = names.slice(at, at + BATCH)
        const named = await blobRows(sql).named(batch)
        // Unnamed a moment ago; the removal looks again under the bytes' lock.
        for (const sha256 of batch) if (!named.has(sha256) && (await blobs.removeUnnamed(sha256))) removed++
      }
    }
  return { released, files, removed }
}
