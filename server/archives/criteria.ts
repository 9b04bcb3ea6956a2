/**
 * What an artifact search asks of a file, besides the repositories: its name, its path and its
 * checksum, each optional (a search names at least one). Both searches build their WHERE from
 * these alike; the Quick search matches the stored file's path in its repository, the Archive
 * search the file's path inside the archive, and `checksum` names the stored file (for the
 * Archive search: the archive) by its md5, sha1 or sha256.
 */
import { placeholders } from '../db/sql'

export interface FileCriteria {
  /** A part of the file's name, or a pattern with `*` and `?`. */
  readonly name?: string
  /** A part of the path, or a pattern with `*` and `?`. */
  readonly path?: string
  /** The md5, sha1 or sha256 of the stored file, in hex. */
  readonly checksum?: string
}

/** A name pattern for LIKE: `*` any run, `?` one character, the rest literal; lower-cased. */
export function likePattern(name: string): string {
  const escaped = name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)
  const pattern = escaped.replace(/\*/g, '%').replace(/\?/g, '_')
  return /[*?]/.test(name) ? pattern : `%${pattern}%`
}

/** A file checksum in hex: md5, sha1 or sha256 by its length. */
export const CHECKSUM_PATTERN = '^([0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$'

/**
 * The conditions and their parameters: `name` and `path` are the SQL expressions of the
 * lower-cased name and of the path; `sha256` the column naming the stored bytes.
 */
export function criteriaWhere(
  criteria: FileCriteria,
  columns: { readonly name: string; readonly path: string; readonly sha256: string },
): { readonly conditions: string[]; readonly params: string[] } {
  const conditions: string[] = []
  const params: string[] = []
  if (criteria.name) {
    conditions.push(`${columns.name} LIKE ? ESCAPE '\\'`)
    params.push(likePattern(criteria.name))
  }
  if (criteria.path) {
    conditions.push(`lower(${columns.path}) LIKE ? ESCAPE '\\'`)
    params.push(likePattern(criteria.path))
  }
  if (criteria.checksum) {
    const sum = criteria.checksum.toLowerCase()
    if (sum.length === 64) {
      conditions.push(`${columns.sha256} = ?`)
      params.push(sum)
    } else {
      // A catalogue file's bytes may be kept in its row alone: its own sums count too.
      const column = sum.length === 40 ? 'sha1' : 'md5'
      conditions.push(
        `${columns.sha256} IN (SELECT sha256 FROM blobs WHERE ${column} = ? UNION SELECT sha256 FROM catalog_files WHERE ${column} = ?)`,
      )
      params.push(sum, sum)
    }
  }
  return { conditions, params }
}

/** `AND repo IN (…)` for the repositories given, none when every one is searched. */
export function reposWhere(column: string, repos: ReadonlyArray<string> | undefined): string[] {
  if (repos === undefined) return []
  return [`${column} IN (${repos.length === 0 ? 'NULL' : placeholders(repos.length)})`]
}
