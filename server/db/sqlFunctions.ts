/**
 * Functions the stores' SQL may call on both engines. SQLite's are JavaScript, registered on each
 * connection (sqliteSql.ts); PostgreSQL's are made by a migration's twin
 * (migrations/300_version_order.pg.sql) to the same rules.
 * - `latest_version_name(name)`, an aggregate: the latest of a group of version names in the
 *   catalogue's order (server/catalog/versionOrder.ts: semver precedence first, other names after).
 */
import type Database from 'better-sqlite3'
import { compareVersionNames } from '../catalog/versionOrder'

export const LATEST_VERSION_NAME = 'latest_version_name'

export function registerSqliteFunctions(db: Database.Database): void {
  db.aggregate(LATEST_VERSION_NAME, {
    start: null,
    step: (best: string | null, name: string | null) =>
      best === null || (name !== null && compareVersionNames(name, best, 'DESC') < 0) ? name : best,
  })
}
