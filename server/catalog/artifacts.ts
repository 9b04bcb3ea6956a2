/**
 * Finds catalogue files and versions from the `path` / `repoKey` the supporting calls take.
 * The specification passes paths in two forms: with the repository key as the first segment
 * (`npm-remote/react/-/react-19.2.0.tgz`) or relative to a separate `repoKey`; both work.
 */
import type { Sql } from '../db/sql'

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

const Q = {
  byRepoPath: 'SELECT * FROM catalog_files WHERE repo = ? AND path = ?',
  byPath: 'SELECT * FROM catalog_files WHERE path = ? ORDER BY repo LIMIT 1',
}

export function artifactFinder(sql: Sql) {
  const byRepoPath = (repo: string, path: string) => sql.one<FileRecord>(Q.byRepoPath, [repo, path])

  /** The file at a path, or undefined. */
  const findFile = async (path: string, repoKey?: string): Promise<FileRecord | undefined> => {
    const clean = path.replace(/^\/+/, '')
    if (repoKey) {
      const rest = clean.startsWith(`${repoKey}/`) ? clean.slice(repoKey.length + 1) : clean
      return (await byRepoPath(repoKey, rest)) ?? (await byRepoPath(repoKey, clean))
    }
    const slash = clean.indexOf('/')
    if (slash > 0) {
      const found = await byRepoPath(clean.slice(0, slash), clean.slice(slash + 1))
      if (found) return found
    }
    return sql.one<FileRecord>(Q.byPath, [clean])
  }

  return { findFile }
}
