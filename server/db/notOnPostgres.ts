/**
 * On PostgreSQL every feature reads and writes through the store interface (`ctx.sql`); the
 * embedded SQLite's synchronous handle (`ctx.db`) is then a handle that refuses every use, so
 * that nothing reads or writes a second, local database by mistake.
 */
import type { Db } from './index'

export class NotOnPostgresError extends Error {
  constructor(what: string) {
    super(`${what}: the embedded SQLite's handle is not open on PostgreSQL; use ctx.sql`)
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
