/**
 * The console's navigation type per signed-in user (spec 000 section 4, "navigation type is
 * initialised"): the new layout with sidebars, or the classic one with a top navigation bar.
 */
import type { Sql } from '../db/sql'
import { forgetRead, readOnce } from '../db/onePage'

export const NAVIGATION_TYPES = ['new', 'classic'] as const
export type NavigationType = (typeof NAVIGATION_TYPES)[number]
const DEFAULT_TYPE: NavigationType = 'new'
const KEY = 'navigationType'

/**
 * A user's navigation type (new when never chosen), read and written over the async interface;
 * also read for the console's page (server/ui/indexPage.ts).
 */
export function navigationPreferences(sql: Sql) {
  return {
    async typeOf(userId: number): Promise<NavigationType> {
      // Once for a page and its requests (db/onePage.ts).
      const stored = (
        await readOnce(sql, `${KEY}:${userId}`, () =>
          sql.one<{ value: string }>('SELECT value FROM ui_preferences WHERE user_id = ? AND key = ?', [
            userId,
            KEY,
          ]),
        )
      )?.value
      return NAVIGATION_TYPES.find((t) => t === stored) ?? DEFAULT_TYPE
    },

    async setType(userId: number, type: NavigationType, updatedAt: string): Promise<void> {
      await sql.run(
        `INSERT INTO ui_preferences (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        [userId, KEY, type, updatedAt],
      )
      forgetRead(`${KEY}:${userId}`)
    },
  }
}
