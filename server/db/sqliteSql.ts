/**
 * The store interface over the embedded SQLite (better-sqlite3, synchronous underneath).
 *
 * One connection serves every request of a node, so a transaction that awaits between its
 * statements would otherwise take other requests' statements into it: while one is open, the
 * statements run outside it wait for its end, and transactions run one after another. BEGIN
 * IMMEDIATE takes the file's write lock at once, so nodes sharing the file never upgrade a read
 * lock into a deadlock. A `relaxed` transaction commits with `synchronous = NORMAL`, every other
 * write with the connection's `FULL` (openDatabase).
 */
import type Database from 'better-sqlite3'
import { migrate } from './index'
import { registerSqliteFunctions } from './sqlFunctions'
import {
  noTransaction,
  runAfterCommit,
  type Database as PlatformDatabase,
  type RunResult,
  type Sql,
  type SqlParams,
  type SqlValue,
} from './sql'

type Statement = Database.Statement<unknown[], unknown>

/** Prepared statements kept per connection; texts are the stores' constants, so few. */
const STATEMENT_CACHE_LIMIT = 1000

const bindable = (params: SqlParams): unknown[] =>
  params.map((value: SqlValue) => (typeof value === 'boolean' ? (value ? 1 : 0) : value))

export function sqliteSql(db: Database.Database): PlatformDatabase {
  registerSqliteFunctions(db)
  const statements = new Map<string, Statement>()
  // Statements answering arrays (better-sqlite3's raw mode is a statement's own setting).
  const rawStatements = new Map<string, Statement>()
  const prepare = (text: string, raw = false): Statement => {
    const cache = raw ? rawStatements : statements
    let statement = cache.get(text)
    if (!statement) {
      if (cache.size >= STATEMENT_CACHE_LIMIT) cache.clear()
      statement = db.prepare(text)
      if (raw) statement.raw(true)
      cache.set(text, statement)
    }
    return statement
  }
  const direct = {
    rows(text: string, params: SqlParams = []): unknown[][] {
      return prepare(text, true).all(...bindable(params)) as unknown[][]
    },
    all<T>(text: string, params: SqlParams = []): T[] {
      const statement = prepare(text)
      if (!statement.reader) {
        statement.run(...bindable(params))
        return []
      }
      return statement.all(...bindable(params)) as T[]
    },
    one<T>(text: string, params: SqlParams = []): T | undefined {
      const statement = prepare(text)
      if (!statement.reader) {
        statement.run(...bindable(params))
        return undefined
      }
      return statement.get(...bindable(params)) as T | undefined
    },
    run(text: string, params: SqlParams = []): RunResult {
      return { changes: prepare(text).run(...bindable(params)).changes }
    },
  }

  // The end of the transaction now open, if any.
  let open: Promise<void> | undefined
  const outside = async (): Promise<void> => {
    while (open) await open
  }

  let savepoints = 0
  // What the open transaction asked to run once it commits.
  let afterCommit: Array<() => Promise<void>> = []
  const inside: Sql = {
    engine: 'sqlite',
    all: async (text, params) => direct.all(text, params),
    rows: async (text, params) => direct.rows(text, params),
    one: async (text, params) => direct.one(text, params),
    run: async (text, params) => direct.run(text, params),
    async transaction(work) {
      // Nested: a savepoint, so the inner work is all or nothing within the outer one.
      const name = `sp${++savepoints}`
      const asked = afterCommit.length
      db.exec(`SAVEPOINT ${name}`)
      try {
        const result = await work(inside)
        db.exec(`RELEASE ${name}`)
        return result
      } catch (error) {
        db.exec(`ROLLBACK TO ${name}`)
        db.exec(`RELEASE ${name}`)
        afterCommit.length = asked
        throw error
      }
    },
    afterCommit: (task) => void afterCommit.push(task),
  }

  return {
    engine: 'sqlite',
    async all(text, params) {
      if (open) await outside()
      return direct.all(text, params)
    },
    async rows(text, params) {
      if (open) await outside()
      return direct.rows(text, params)
    },
    async one(text, params) {
      if (open) await outside()
      return direct.one(text, params)
    },
    async run(text, params) {
      if (open) await outside()
      return direct.run(text, params)
    },
    async transaction(work, options) {
      // No await between seeing no transaction open and opening this one.
      while (open) await open
      let release!: () => void
      open = new Promise((done) => (release = done))
      // SQLite refuses to change the level inside a transaction; no other statement of this
      // connection runs until this one ends and puts the level back.
      const relaxed = options?.durability === 'relaxed'
      let result
      let committed: ReadonlyArray<() => Promise<void>> = []
      try {
        if (relaxed) db.exec('PRAGMA synchronous = NORMAL')
        db.exec('BEGIN IMMEDIATE')
        try {
          result = await work(inside)
          db.exec('COMMIT')
          committed = afterCommit
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK')
          throw error
        }
      } finally {
        afterCommit = []
        if (relaxed && !db.inTransaction) db.exec('PRAGMA synchronous = FULL')
        open = undefined
        release()
      }
      // Once the next transaction may open: a task may run one of its own.
      await runAfterCommit(committed)
      return result
    },
    afterCommit: noTransaction,
    async migrate(clock) {
      if (open) await outside()
      return migrate(db, clock)
    },
    async close() {
      if (open) await outside()
      db.close()
    },
  }
}
