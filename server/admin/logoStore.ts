/**
 * The uploaded logo: one row of `settings` (its bytes base64-encoded in the JSON document), so
 * both engines keep it without a table of its own.
 */
import type { Sql } from '../db/sql'

export interface StoredLogo {
  readonly contentType: string
  readonly bytes: Buffer
  /** A short digest of the bytes: the console's address of the logo changes with it. */
  readonly version: string
}

const KEY = 'generalConfig.logo'

interface Doc {
  contentType: string
  data: string
  version: string
}

export function logoStore(sql: Sql, now: () => string) {
  return {
    async read(): Promise<StoredLogo | undefined> {
      const row = await sql.one<{ value: string }>('SELECT value FROM settings WHERE key = ?', [KEY])
      if (!row) return undefined
      const doc = JSON.parse(row.value) as Doc
      return { contentType: doc.contentType, bytes: Buffer.from(doc.data, 'base64'), version: doc.version }
    },
    async write(logo: StoredLogo): Promise<void> {
      const doc: Doc = {
        contentType: logo.contentType,
        data: logo.bytes.toString('base64'),
        version: logo.version,
      }
      await sql.run(
        `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        [KEY, JSON.stringify(doc), now()],
      )
    },
    async remove(): Promise<boolean> {
      return (await sql.run('DELETE FROM settings WHERE key = ?', [KEY])).changes > 0
    },
  }
}
