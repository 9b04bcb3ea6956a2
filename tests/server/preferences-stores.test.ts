/**
 * Reads that used the embedded SQLite's synchronous handle, now on the async interface, on both
 * engines: a user's navigation type, and the base URL links are made with.
 */
import type { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { defaultGeneralConfig, writeGeneralConfig } from '../../server/admin/generalConfig'
import { insertUser } from '../../server/auth/accounts'
import { manualClock } from '../../server/clock'
import { configFromEnv } from '../../server/config'
import { navigationPreferences } from '../../server/navigation/store'
import { readBaseUrl } from '../../server/platform/baseUrl'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()
const clock = manualClock(Date.parse('2026-03-01T10:00:00Z'))

describe.each(engines)('preferences on %s', (_engine, open) => {
  it("keeps each user's navigation type, new until chosen", async () => {
    const sql = await migrated(open)
    const amy = await insertUser({ sql, clock }, { name: 'amy', email: 'a@example.test', passwordHash: 'h' })
    const bob = await insertUser({ sql, clock }, { name: 'bob', email: 'b@example.test', passwordHash: 'h' })
    const preferences = navigationPreferences(sql)
    expect(await preferences.typeOf(amy.id)).toBe('new')
    await preferences.setType(amy.id, 'classic', '2026-03-01T10:00:00.000Z')
    expect(await preferences.typeOf(amy.id)).toBe('classic')
    expect(await preferences.typeOf(bob.id)).toBe('new')
    // Chosen again: the one row changes.
    await preferences.setType(amy.id, 'new', '2026-03-01T10:01:00.000Z')
    expect(await preferences.typeOf(amy.id)).toBe('new')
    expect(await sql.all('SELECT value, updated_at FROM ui_preferences WHERE user_id = ?', [amy.id])).toEqual(
      [{ value: 'new', updated_at: '2026-03-01T10:01:00.000Z' }],
    )
  })

  it('makes links with the configured base URL, else the listening address', async () => {
    const sql = await migrated(open)
    const config = configFromEnv({ HOST: '0.0.0.0', PORT: '8082', ADMIN_PASSWORD: 'a', USER_PASSWORD: 'u' })
    const request = { socket: { localPort: 4873 } as Socket }
    expect(await readBaseUrl({ sql, config }, request)).toBe('http://localhost:4873')
    await writeGeneralConfig(
      { sql, clock },
      { ...defaultGeneralConfig(config), baseUrl: 'https://registry.example.test/' },
    )
    expect(await readBaseUrl({ sql, config }, request)).toBe('https://registry.example.test')
  })
})
