/**
 * What a node on PostgreSQL does not serve yet: the features whose stores still read the embedded
 * SQLite's synchronous handle (`ctx.db`). On PostgreSQL they are not registered (their routes
 * answer 503 NOT_ON_POSTGRES naming them), and `ctx.db` is a handle that refuses every use with
 * the same message, so that nothing reads or writes a second, local database by mistake.
 */
import type { Db } from './index'

/** Feature, and the SQLite-only part that keeps it off PostgreSQL. */
export const FEATURES_NOT_ON_POSTGRES: ReadonlyArray<readonly [feature: string, why: string]> = [
  ['metadata GraphQL (/mds, /metadata)', 'list queries (GLOB, a SQLite aggregate, raw rows)'],
]

/** The route modules (server/routeModules.ts) not registered on PostgreSQL. */
export const MODULES_NOT_ON_POSTGRES: ReadonlySet<string> = new Set(['metadata'])

export const NOT_ON_POSTGRES_MESSAGE = `Not served on PostgreSQL yet: ${FEATURES_NOT_ON_POSTGRES.map(
  ([feature]) => feature,
).join('; ')}`

export class NotOnPostgresError extends Error {
  constructor(what: string) {
    super(`${what}: this feature still reads the embedded SQLite and is not served on PostgreSQL yet`)
  }
}

/** A `Db` whose every use throws NotOnPostgresError, for `ctx.db` on PostgreSQL. */
export function sqliteHandleRefused(): Db {
  return new Proxy({} as Db, {
    get(_target, property) {
      throw new NotOnPostgresError(`ctx.db.${String(property)}`)
    },
  })
}
