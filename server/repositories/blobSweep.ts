/**
 * The sweep of the blob folder: removes the files no `blobs` row names, which is what a process
 * that died between a release's commit and the file's removal leaves behind (space only: nothing
 * reads them). Each file goes the way a release's removal goes (blobs.ts), so the sweep may run
 * while nodes of the cluster sharing the folder keep deploying: bytes a commit names at the same
 * moment stay, and an upload still staging its copy puts the bytes back in place at its commit.
 *
 * Temporary files (`tmp/`) are not looked at: each node clears its own at start.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Sql } from '../db/sql'
import { blobStore } from './blobs'

const PART = /^[0-9a-f]{2}$/
const NAME = /^[0-9a-f]{64}$/
/** Names asked about per query (well under either engine's limit of parameters). */
const BATCH = 500

export interface SweepOutcome {
  /** Files of bytes found in the folder. */
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

/** Sweeps `blobDir`, one `<aa>/<bb>` folder at a time (memory stays flat however many files). */
export async function sweepBlobs(sql: Sql, blobDir: string): Promise<SweepOutcome> {
  const blobs = blobStore(sql, blobDir)
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
        const named = new Set(
          (
            await sql.all<{ sha256: string }>(
              `SELECT sha256 FROM blobs WHERE sha256 IN (${batch.map(() => '?').join(', ')})`,
              batch,
            )
          ).map((row) => row.sha256),
        )
        // Unnamed a moment ago; the removal looks again under the bytes' lock.
        for (const sha256 of batch) if (!named.has(sha256) && (await blobs.removeUnnamed(sha256))) removed++
      }
    }
  return { files, removed }
}
