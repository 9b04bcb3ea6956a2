/**
 * The metadata migration's marker and the package ids it walks, in the catalogue's meta table.
 * The marker is the time of the migration's last step: several nodes share it, and one that
 * stopped mid-way leaves a marker that goes stale instead of a migration that runs for ever.
 */
import type { Sql } from '../db/sql'

const MARKER = 'metadataMigration'

export interface MigrationStore {
  /** Takes the marker at `now` unless a migration stepped after `staleBefore`; answers whether it did. */
  claim(now: string, staleBefore: string): Promise<boolean>
  /** Moves the marker's time on (a step was taken). */
  touch(now: string): Promise<void>
  /** Whether a migration stepped after `staleBefore`. */
  running(staleBefore: string): Promise<boolean>
  release(): Promise<void>
  /** The next `limit` package ids after `after`, in id order. */
  packageIdsAfter(after: string, limit: number): Promise<string[]>
}

export function migrationStore(sql: Sql): MigrationStore {
  return {
    claim: (now, staleBefore) =>
      sql.transaction(async (tx) => {
        const current = await tx.one<{ value: string }>('SELECT value FROM catalog_meta WHERE key = ?', [
          MARKER,
        ])
        if (current !== undefined && current.value > staleBefore) return false
        await tx.run(
          'INSERT INTO catalog_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          [MARKER, now],
        )
        return true
      }),
    touch: async (now) => {
      await sql.run('UPDATE catalog_meta SET value = ? WHERE key = ?', [now, MARKER])
    },
    running: async (staleBefore) =>
      (await sql.one('SELECT 1 AS yes FROM catalog_meta WHERE key = ? AND value > ?', [
        MARKER,
        staleBefore,
      ])) !== undefined,
    release: async () => {
      await sql.run('DELETE FROM catalog_meta WHERE key = ?', [MARKER])
    },
    packageIdsAfter: async (after, limit) =>
      (
        await sql.all<{ id: string }>('SELECT id FROM catalog_packages WHERE id > ? ORDER BY id LIMIT ?', [
          after,
          limit,
        ])
      ).map((r) => r.id),
  }
}
