/**
 * Small JSON documents in the `settings` table, read with a default, over the async interface.
 */
import { isoNow, type Clock } from '../clock'
import type { Sql } from '../db/sql'

/** What a settings write needs: the database, and the time it records. */
export interface SettingsStore {
  readonly sql: Sql
  readonly clock: Clock
}

export async function readSetting<T>(sql: Sql, key: string, fallback: T): Promise<T> {
  const row = await sql.one<{ value: string }>('SELECT value FROM settings WHERE key = ?', [key])
  return row ? (JSON.parse(row.value) as T) : fallback
}

/** A settings document over its defaults: documents stored before newer fields get them this way. */
export async function readSettingOver<T extends object>(sql: Sql, key: string, defaults: T): Promise<T> {
  return { ...defaults, ...(await readSetting<Partial<T>>(sql, key, {})) }
}

/** Stores a document under `key`: the one writer of the settings table. */
export async function writeSetting(
  { sql, clock }: SettingsStore,
  key: string,
  value: unknown,
): Promise<void> {
  await sql.run(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    [key, JSON.stringify(value), isoNow(clock)],
  )
}
