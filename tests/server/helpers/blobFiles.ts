/** What a test server's blob store holds on disk, to check that a refused write kept nothing. */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Files of the blob store under `dataDir` (not its upload area). */
export function blobFiles(dataDir: string, dir = join(dataDir, 'blobs')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'tmp') return []
    return statSync(path).isDirectory() ? blobFiles(dataDir, path) : [path]
  })
}

/** Copies staged in the upload area and not (yet) kept. */
export const stagedFiles = (dataDir: string) => readdirSync(join(dataDir, 'blobs', 'tmp'))
