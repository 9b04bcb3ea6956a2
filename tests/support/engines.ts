/**
 * Both database engines for a test file: the embedded SQLite in a temporary folder and a
 * database on the process's PostgreSQL (tests/support/postgres.ts), each database fresh, all
 * closed and removed after the file's tests.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll } from 'vitest'
import { openPostgres } from '../../server/db/postgresSql'
import type { Database as PlatformDatabase, Sql } from '../../server/db/sql'
import { sqliteSql } from '../../server/db/sqliteSql'
import { sharedPostgres, type TestPostgres } from './postgres'
import { poll } from './wait'

export type OpenEngine = () => Promise<PlatformDatabase>

/** Where each database the engines opened lives, for another connection to it. */
const places = new WeakMap<PlatformDatabase, () => Promise<PlatformDatabase>>()

/**
 * Another connection to the database `db` (opened by a `testEngines` engine): what a second
 * node sees, closed with the file's others.
 */
export function anotherConnection(db: PlatformDatabase): Promise<PlatformDatabase> {
  const open = places.get(db)
  if (!open) throw new Error('anotherConnection: not a database of testEngines')
  return open()
}

/** `[name, open]` per engine, for `describe.each`; registers the file's start and clean-up hooks. */
/**
 * A row another node changes under a transaction's feet: PostgreSQL refuses the transaction's
 * write (40001) on each of the first `refusals` attempts, and the platform runs it again until it
 * commits. Answers how many attempts ran; the row ends at `refusals + 100`.
 */
export async function contestedRow(db: PlatformDatabase): Promise<(refusals: number) => Promise<number>> {
  await db.run('CREATE TABLE contested (id INTEGER PRIMARY KEY, size INTEGER NOT NULL)')
  await db.run('INSERT INTO contested (id, size) VALUES (1, 0)')
  const other = await anotherConnection(db)
  return async (refusals) => {
    let attempts = 0
    await db.transaction(async (tx) => {
      attempts++
      const seen = await tx.one<{ size: number }>('SELECT size FROM contested WHERE id = 1')
      // The other node's write lands after this attempt read the row: the write below is refused.
      if (attempts <= refusals) await other.run('UPDATE contested SET size = size + 1 WHERE id = 1')
      await tx.run('UPDATE contested SET size = ? WHERE id = 1', [(seen?.size ?? 0) + 100])
    })
    return attempts
  }
}

export function testEngines(): ReadonlyArray<readonly [string, OpenEngine]> {
  const dirs: string[] = []
  const opened: PlatformDatabase[] = []
  const urls: string[] = []
  let postgres: TestPostgres | undefined
  beforeAll(async () => {
    postgres = await sharedPostgres()
  }, 60_000)
  afterAll(async () => {
    for (const db of opened) await db.close()
    for (const url of urls) await postgres?.drop(url)
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })
  const sqlite: OpenEngine = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-sql-'))
    dirs.push(dir)
    const connect = async () => {
      const raw = new Database(join(dir, 'platform.db'))
      raw.pragma('foreign_keys = ON')
      const db = sqliteSql(raw)
      opened.push(db)
      places.set(db, connect)
      return db
    }
    return connect()
  }
  const pg: OpenEngine = async () => {
    if (!postgres) throw new Error('PostgreSQL did not start')
    const url = await postgres.database()
    urls.push(url)
    const connect = async () => {
      const db = await openPostgres(url)
      opened.push(db)
      places.set(db, connect)
      return db
    }
    return connect()
  }
  return [
    ['sqlite', sqlite],
    ['postgres', pg],
  ]
}

/** A fresh database of the engine with every migration run. */
export async function migrated(open: OpenEngine): Promise<PlatformDatabase> {
  const db = await open()
  await db.migrate()
  return db
}

/**
 * On PostgreSQL: whether `work` (running on another connection) ends up waiting for a lock, or
 * ends first; `watcher` asks the server's activity each time (a connection outside any
 * transaction: a transaction would read it once).
 */
export async function waitsForLock(
  watcher: Sql,
  work: Promise<unknown>,
  what: string,
): Promise<'waiting' | 'settled'> {
  const settled = work.then(
    () => true,
    () => true,
  )
  const state = await poll(
    async () => {
      if (await Promise.race([settled, Promise.resolve(false)])) return 'settled'
      const waiting = await watcher.one<{ n: number }>(
        "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
      )
      return waiting!.n > 0 ? 'waiting' : 'running'
    },
    (s) => s !== 'running',
    { what: `${what} to wait for the lock or to end` },
  )
  return state === 'running' ? 'settled' : state
}
