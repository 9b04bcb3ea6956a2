/**
 * The Quick search: stored files (deployed, published, cached by a remote) whose own name, the
 * path's last segment, matches, or whose path in its repository or checksum does
 * (criteria.ts). The last segment is cut in SQL, by functions both engines have alike:
 * `rtrim(path, <path without its slashes>)` drops the name's characters from the end and stops
 * at the last slash.
 */
import type { Sql } from '../db/sql'
import { criteriaWhere, reposWhere, type FileCriteria } from './criteria'

export interface QuickHit {
  readonly repoKey: string
  readonly path: string
  readonly size: number
}

const STORED = `SELECT repo, path, size, sha256 FROM artifacts
  UNION ALL SELECT repo, path, size, sha256 FROM catalog_files
  UNION ALL SELECT repo, path, size, sha256 FROM remote_files`

const NAME = `lower(substr(s.path, length(rtrim(s.path, replace(s.path, '/', ''))) + 1))`

/**
 * Files that meet the criteria, in the repositories given (every one when undefined), at most
 * `limit` of them after the first `offset` (the order is total, so pages do not overlap).
 */
export function quickSearch(
  sql: Sql,
  criteria: FileCriteria,
  repos: ReadonlyArray<string> | undefined,
  limit: number,
  offset = 0,
): Promise<QuickHit[]> {
  const { conditions, params } = criteriaWhere(criteria, { name: NAME, path: 's.path', sha256: 's.sha256' })
  const where = [...conditions, ...reposWhere('s.repo', repos)]
  return sql.all<QuickHit>(
    `SELECT DISTINCT ${NAME} AS name, s.repo AS "repoKey", s.path AS path, s.size AS size FROM (${STORED}) s
    WHERE ${where.length > 0 ? where.join(' AND ') : '1 = 1'}
    ORDER BY name, "repoKey", path, size LIMIT ? OFFSET ?`,
    [...params, ...(repos ?? []), limit, offset],
  )
}
