/** Release bundles as stored: those holding an artifact with a given checksum. */
import type { Sql } from '../db/sql'

export interface BundleSummary {
  readonly name: string
  readonly version: string
  readonly created: string
  readonly status: string
  readonly repository: string
  /** How many artifacts the bundle holds. */
  readonly artifacts: number
}

const CONTAINING = `SELECT b.name, b.version, b.created, b.status, b.repository,
    (SELECT COUNT(*) FROM release_bundle_artifacts x WHERE x.bundle_id = b.id) AS artifacts
  FROM release_bundles b
  WHERE b.id IN (SELECT bundle_id FROM release_bundle_artifacts WHERE sha256 = ? OR sha1 = ?)
  ORDER BY b.created DESC, b.id DESC LIMIT ?`

export function releaseBundleStore(sql: Sql) {
  return {
    /** Newest first, at most `limit`; `checksum` a lower-case sha256 or sha1. */
    containing(checksum: string, limit: number): Promise<BundleSummary[]> {
      return sql.all<BundleSummary>(CONTAINING, [checksum, checksum, limit])
    },
  }
}
