/**
 * The store interface over PostgreSQL (`DATABASE_URL=postgres://…`), through the `pg` client's
 * pool. Loaded only when asked for, so `npm start` on SQLite never loads the client.
 *
 * Transactions run SERIALIZABLE and are run again (after a short random pause, for up to
 * RETRY_BUDGET_MS) when PostgreSQL refuses one for a conflict with another (40001, 40P01): the
 * same guarantee as SQLite's one writer at a time, that a read-then-write inside a transaction
 * never acts on a value another changed meanwhile. `work` may therefore run more than once: it
 * must do nothing but database work through `tx`.
 */
import { isoNow, systemClock, type Clock } from '../clock'
import { migrationOrder, migrationsDir, RENAMED_MIGRATIONS } from './index'
import { newDialectState, postgresMigration, postgresStatement } from './postgresDialect'
import {
  noTransaction,
  numberedPlaceholders,
  runAfterCommit,
  type Database,
  type RunResult,
  type Sql,
  type SqlParams,
} from './sql'
import { readdirSync, readFileSync } from 'node:fs'
import { setTimeout as pause } from 'node:timers/promises'
import { join } from 'node:path'

// The part of the `pg` client used here (its types are a dev dependency only where installed).
interface QueryResult {
  readonly rows: unknown[]
  readonly rowCount: number | null
}
interface Queryable {
  query(text: string, values?: unknown[]): Promise<QueryResult>
  query(config: { text: string; values: unknown[]; rowMode: 'array' }): Promise<QueryResult>
}
interface PoolClient extends Queryable {
  release(destroy?: boolean): void
}
interface Pool extends Queryable {
  connect(): Promise<PoolClient>
  end(): Promise<void>
  on(event: 'error', listener: (error: Error) => void): void
}
interface PgModule {
  Pool: new (options: { connectionString: string; max?: number; idleTimeoutMillis?: number }) => Pool
  types: { setTypeParser(oid: number, parse: (text: string) => unknown): void }
}

/**
 * Transactions refused for a conflict are run again until this long has passed since the first
 * attempt, not a number of times: under a steady stream of writes to the same rows (two nodes
 * deploying and deleting the same bytes), one deploy was refused 21 times in a row, while the
 * others went through, and answered 500 after a count of 20. Well within a request's time limit.
 */
const RETRY_BUDGET_MS = 20_000
const RETRYABLE = new Set(['40001', '40P01'])

/**
 * The pause before a refused transaction runs again: random, up to a bound that doubles with each
 * refusal (1, 2, 4 … 256 ms), so transactions refused together do not all run again together.
 */
const retryPause = (attempt: number): number => Math.random() * 2 ** Math.min(attempt, 8)

const INT8_OID = 20
const NUMERIC_OID = 1700

/** Statement texts as PostgreSQL reads them, translated once each. */
const translated = new Map<string, string>()
const forPostgres = (text: string): string => {
  let out = translated.get(text)
  if (out === undefined) {
    out = numberedPlaceholders(postgresStatement(text.replace(/;\s*$/, '')))
    if (translated.size > 2000) translated.clear()
    translated.set(text, out)
  }
  return out
}

const values = (params: SqlParams): unknown[] =>
  params.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value))

function handle(
  queryable: Queryable,
  transaction: Sql['transaction'],
  afterCommit: Sql['afterCommit'] = noTransaction,
): Sql {
  return {
    engine: 'postgres',
    async all<T>(text: string, params: SqlParams = []) {
      return (await queryable.query(forPostgres(text), values(params))).rows as T[]
    },
    async rows(text: string, params: SqlParams = []) {
      return (await queryable.query({ text: forPostgres(text), values: values(params), rowMode: 'array' }))
        .rows as unknown[][]
    },
    async one<T>(text: string, params: SqlParams = []) {
      return (await queryable.query(forPostgres(text), values(params))).rows[0] as T | undefined
    },
    async run(text: string, params: SqlParams = []): Promise<RunResult> {
      return { changes: (await queryable.query(forPostgres(text), values(params))).rowCount ?? 0 }
    },
    transaction,
    afterCommit,
  }
}

export async function openPostgres(url: string, options: { poolSize?: number } = {}): Promise<Database> {
  // A variable, not a literal: the client is an optional part of the platform.
  const moduleName = 'pg'
  const pg = ((await import(moduleName)) as { default: PgModule }).default
  // Counts and sums come back as numbers, as on SQLite (JavaScript numbers hold them exactly to 2^53).
  pg.types.setTypeParser(INT8_OID, (text) => Number(text))
  pg.types.setTypeParser(NUMERIC_OID, (text) => Number(text))
  // Connections are kept while idle (`pg` closes them after 10 s by default): a page after a
  // pause opened its connections again, a new server process each, 3–4 times the page's time
  // (tests/server/db-poolIdle.test.ts). At most `max` a node, closed with the platform.
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, idleTimeoutMillis: 0 })
  // An idle connection the server closes must not take the process down.
  pool.on('error', () => undefined)

  let savepoints = 0
  /** A transaction's handle; `afterCommit` collects what it asks to run once it commits. */
  const inside = (client: PoolClient, afterCommit: Array<() => Promise<void>>): Sql => {
    const tx: Sql = handle(
      client,
      async (work) => {
        const name = `sp${++savepoints}`
        const asked = afterCommit.length
        await client.query(`SAVEPOINT ${name}`)
        try {
          const result = await work(tx)
          await client.query(`RELEASE SAVEPOINT ${name}`)
          return result
        } catch (error) {
          await client.query(`ROLLBACK TO SAVEPOINT ${name}`)
          afterCommit.length = asked
          throw error
        }
      },
      (task) => void afterCommit.push(task),
    )
    return tx
  }

  const transaction: Sql['transaction'] = async (work, options) => {
    // One round trip: a text without parameters may hold several statements.
    const begin =
      options?.durability === 'relaxed'
        ? 'BEGIN ISOLATION LEVEL SERIALIZABLE; SET LOCAL synchronous_commit = off'
        : 'BEGIN ISOLATION LEVEL SERIALIZABLE'
    const started = performance.now()
    for (let attempt = 0; ; attempt++) {
      const client = await pool.connect()
      let broken = false
      let released = false
      // A new list each attempt: what a refused attempt asked for is not done.
      const afterCommit: Array<() => Promise<void>> = []
      let result
      try {
        await client.query(begin)
        result = await work(inside(client, afterCommit))
        await client.query('COMMIT')
      } catch (error) {
        try {
          await client.query('ROLLBACK')
        } catch {
          broken = true
        }
        const code = (error as { code?: unknown }).code
        const retryable = typeof code === 'string' && RETRYABLE.has(code)
        if (!retryable || performance.now() - started > RETRY_BUDGET_MS) throw error
        // The connection back in the pool while this transaction waits for its turn.
        client.release(broken)
        released = true
        await pause(retryPause(attempt))
        continue
      } finally {
        if (!released) client.release(broken)
      }
      await runAfterCommit(afterCommit)
      return result
    }
  }

  const sql = handle(pool, transaction)
  return {
    ...sql,
    migrate: (clock) => migratePostgres(pool, clock),
    close: () => pool.end(),
  }
}

/**
 * Every text column of the platform's tables compared as SQLite compares text, byte by byte
 * (collation "C"), whatever the database's own collation: otherwise an ORDER BY, a keyset page's
 * `>` and MIN/MAX follow the locale (en-US puts `@babel/core` after `a_b` and ignores case and
 * punctuation at first), and the same query pages differently on the two engines. Run after the
 * migrations, so a column any migration adds is changed too; a column already so is left alone.
 */
const TEXT_AS_BYTES = `DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT a.attrelid::regclass AS tab,
      string_agg(format('ALTER COLUMN %I TYPE %s COLLATE "C"', a.attname, format_type(a.atttypid, a.atttypmod)), ', ') AS changes
    FROM pg_attribute a
    JOIN pg_class r ON r.oid = a.attrelid
    WHERE r.relnamespace = current_schema()::regnamespace AND r.relkind IN ('r', 'p')
      AND a.attnum > 0 AND NOT a.attisdropped
      AND a.atttypid IN ('text'::regtype, to_regtype('citext'))
      AND a.attcollation <> 'pg_catalog."C"'::regcollation
    GROUP BY a.attrelid
  LOOP
    EXECUTE format('ALTER TABLE %s %s', t.tab, t.changes);
  END LOOP;
END
$$`

/**
 * The migrations of server/db/migrations, the same list as SQLite's, each translated
 * (postgresDialect.ts) or replaced by its `NNN_area.pg.sql` twin. An advisory lock keeps two
 * nodes starting together from running one twice.
 */
async function migratePostgres(pool: Pool, clock: Clock = systemClock): Promise<string[]> {
  const client = await pool.connect()
  const ran: string[] = []
  try {
    await client.query('SELECT pg_advisory_lock(715517)')
    // Names compared ignoring case (SQLite's COLLATE NOCASE); a trusted extension.
    await client.query('CREATE EXTENSION IF NOT EXISTS citext')
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)',
    )
    for (const [old, now] of Object.entries(RENAMED_MIGRATIONS))
      await client.query('UPDATE schema_migrations SET name = $1 WHERE name = $2', [now, old])
    const applied = new Set(
      (await client.query('SELECT name FROM schema_migrations')).rows.map(
        (r) => (r as { name: string }).name,
      ),
    )
    const all = readdirSync(migrationsDir)
    const twins = new Set(all.filter((f) => f.endsWith('.pg.sql')))
    // Every migration is read, run or not: the case-insensitive columns of earlier ones matter.
    const dialect = newDialectState()
    for (const file of migrationOrder(all.filter((f) => f.endsWith('.sql') && !f.endsWith('.pg.sql')))) {
      const twin = file.replace(/\.sql$/, '.pg.sql')
      const text = twins.has(twin)
        ? readFileSync(join(migrationsDir, twin), 'utf8')
        : postgresMigration(readFileSync(join(migrationsDir, file), 'utf8'), dialect)
      if (applied.has(file)) continue
      await client.query('BEGIN')
      try {
        await client.query(text)
        await client.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [
          file,
          isoNow(clock),
        ])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw new Error(`Migration ${file} failed on PostgreSQL: ${(error as Error).message}`)
      }
      ran.push(file)
    }
    await client.query(TEXT_AS_BYTES)
  } finally {
    await client.query('SELECT pg_advisory_unlock(715517)').catch(() => undefined)
    client.release()
  }
  return ran
}
