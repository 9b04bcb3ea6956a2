/**
 * SQLite through better-sqlite3, in WAL mode, with versioned migrations: every `.sql` file
 * in `migrations/` runs once, in file-name order, each in its own transaction, and is
 * recorded in `schema_migrations`. Name new files `NNN_area.sql` with a number no other file has:
 * the list refuses two files with one number, since their order would then depend on their names.
 */
import Database from 'better-sqlite3'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isoNow, systemClock, type Clock } from '../clock'

export type Db = Database.Database

/** How long a statement waits for another connection's write lock before failing. */
export const BUSY_TIMEOUT_MS = 10_000

export const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

export function openDatabase(dataDir: string, options: { migrate?: boolean } = {}): Db {
  mkdirSync(dataDir, { recursive: true })
  // Several cluster nodes (and several platforms started together) share the file: wait for
  // a writer instead of failing at once, from the first statement on (switching to WAL needs
  // a lock too).
  const db = new Database(join(dataDir, 'platform.db'), { timeout: BUSY_TIMEOUT_MS })
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  db.pragma('journal_mode = WAL')
  // Said, not left to the build: better-sqlite3's SQLite defaults WAL databases to NORMAL, where
  // a publish acknowledged just before a power loss could be gone after it. Writes that may be
  // lost so ask for it per transaction (sql.ts, Durability).
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  if (options.migrate !== false) migrate(db)
  return db
}

/**
 * Files that once shared a number with another and were given their own: a database made before
 * recorded them under the old name, and must not run them again.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '050_sso.sql': '051_sso.sql',
  '065_personalization_education.sql': '066_personalization_education.sql',
}

const MIGRATION_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/

/** The migration files in the order they run; throws on a badly named file or a number used twice. */
export function migrationOrder(files: readonly string[]): string[] {
  const byNumber = new Map<string, string>()
  for (const file of files) {
    const number = MIGRATION_NAME.exec(file)?.[1]
    if (number === undefined) throw new Error(`Migration ${file} is not named NNN_area.sql`)
    const other = byNumber.get(number)
    if (other !== undefined) throw new Error(`Migrations ${other} and ${file} share the number ${number}`)
    byNumber.set(number, file)
  }
  return [...byNumber.keys()].sort().map((number) => byNumber.get(number)!)
}

export const migrationFiles = (): string[] =>
  migrationOrder(readdirSync(migrationsDir).filter((f) => f.endsWith('.sql') && !f.endsWith('.pg.sql')))

export function migrate(db: Db, clock: Clock = systemClock): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)')
  const rename = db.prepare('UPDATE schema_migrations SET name = ? WHERE name = ?')
  db.transaction(() => {
    for (const [old, now] of Object.entries(RENAMED_MIGRATIONS)) rename.run(now, old)
  }).immediate()
  const applied = new Set(
    db
      .prepare('SELECT name FROM schema_migrations')
      .all()
      .map((r) => (r as { name: string }).name),
  )
  const ran: string[] = []
  for (const file of migrationFiles()) {
    if (applied.has(file)) continue
    const sql = readFileSync(join(migrationsDir, file), 'utf8')
    // IMMEDIATE: two nodes starting together must not both run the same migration.
    db.transaction(() => {
      const again = db.prepare('SELECT 1 FROM schema_migrations WHERE name = ?').get(file)
      if (again) return
      db.exec(sql)
      db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(file, isoNow(clock))
      ran.push(file)
    }).immediate()
  }
  return ran
}
