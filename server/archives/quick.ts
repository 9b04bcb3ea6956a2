/**
 * The Quick search: stored files (deployed, published, cached by a remote) whose own name, the
 * path's last segment, matches. The same patterns as the Archive search (store.ts). The last
 * segment is cut in SQL, by functions both engines have alike: `rtrim(path, <path without its
 * slashes>)` drops the name's characters from the end and stops at the last slash.
 */
import type { Sql } from '../db/sql'
import { likePattern } from './store'

export interface QuickHit {
  readonly repoKey: string
  readonly path: string
  readonly size: number
}

const STORED = `SELECT repo, path, size FROM artifacts
  UNION ALL SELECT repo, path, size FROM catalog_files
  UNION ALL SELECT repo, path, size FROM remote_files`

const NAME = `lower(substr(s.path, length(rtrim(s.path, replace(s.path, '/', ''))) + 1))`

const query = (repos: number | undefined) =>
  `SELECT DISTINCT ${NAME} AS name, s.repo AS "repoKey", s.path AS path, s.size AS size FROM (${STORED}) s
    WHERE ${NAME} LIKE ? ESCAPE '\\'${repos === undefined ? '' : ` AND s.repo IN (${repos === 0 ? 'NULL' : Array(repos).fill('?').join(', ')})`}
    ORDER BY name, "repoKey", path, size LIMIT ? OFFSET ?`

/**
 * Files whose name matches `name`, in the repositories given (every one when undefined), at
 * most `limit` of them after the first `offset` (the order is total, so pages do not overlap).
 */
export function quickSearch(
  sql: Sql,
  name: string,
  repos: ReadonlyArray<string> | undefined,
  limit: number,
  offset = 0,
): Promise<QuickHit[]> {
  return sql.all<QuickHit>(query(repos?.length), [likePattern(name), ...(repos ?? []), limit, offset])
}
