/**
 * Finds catalogue files and versions from the `path` / `repoKey` the supporting calls take.
 * The specification passes paths in two forms: with the repository key as the first segment
 * (`npm-remote/react/-/react-19.2.0.tgz`) or relative to a separate `repoKey`; both work.
 */
import type { Db } from '../db'

export interface FileRecord {
  readonly id: number
  readonly version_id: string
  readonly repo: string
  readonly path: string
  readonly name: string
  readonly size: number
  readonly sha256: string
  readonly content: Buffer | null
}

export function artifactFinder(db: Db) {
  const byRepoPath = db.prepare('SELECT * FROM catalog_files WHERE repo = ? AND path = ?')
  const byPath = db.prepare('SELECT * FROM catalog_files WHERE path = ? ORDER BY repo LIMIT 1')

  /** The file at a path, or undefined. */
  const findFile = (path: string, repoKey?: string): FileRecord | undefined => {
    const clean = path.replace(/^\/+/, '')
    if (repoKey) {
      const rest = clean.startsWith(`${repoKey}/`) ? clean.slice(repoKey.length + 1) : clean
      return (byRepoPath.get(repoKey, rest) ?? byRepoPath.get(repoKey, clean)) as FileRecord | undefined
    }
    const slash = clean.indexOf('/')
    if (slash > 0) {
      const found = byRepoPath.get(clean.slice(0, slash), clean.slice(slash + 1)) as FileRecord | undefined
      if (found) return found
    }
    return byPath.get(clean) as FileRecord | undefined
  }

  return { findFile }
}
