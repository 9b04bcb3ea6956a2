/**
 * Small JSON documents in the `settings` table, read with a default.
 */
import { isoNow, type Clock } from '../clock'
import type { Db } from '../db'

/** What a settings write needs: the database, and the time it records. */
export interface SettingsStore {
  readonly db: Db
  readonly clock: Clock
}

export function readSetting<T>(db: Db, key: string, fallback: T): T {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined
  return row ? (JSON.parse(row.value) as T) : fallback
}

/** Stores a document under `key`: the one writer of the settings table. */
export function writeSetting({ db, clock }: SettingsStore, key: string, value: unknown): void {
  db.prepare(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(key, JSON.stringify(value), isoNow(clock))
}
