/**
 * The catalogue's version order in SQL on both engines (server/db/sqlFunctions.ts): the
 * `latest_version_name` aggregate picks, of any group of names, the one the JavaScript order
 * (server/catalog/versionOrder.ts) puts first, on SQLite (a JavaScript function) and on
 * PostgreSQL (PL/pgSQL made by a migration), semantic versions with pre-releases, build metadata
 * and large numbers, and names that are no semantic version, included.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { latestOf } from '../../server/catalog/versionOrder'
import type { Database } from '../../server/db/sql'
import { migrated, testEngines } from '../support/engines'
import { NAMES, versionName as name } from '../support/versionNames'

const engines = testEngines()

async function latestInSql(db: Database, names: readonly string[]): Promise<string | null> {
  await db.run('DELETE FROM catalog_meta')
  for (const [i, n] of names.entries())
    await db.run('INSERT INTO catalog_meta (key, value) VALUES (?, ?)', [`k${i}`, n])
  const row = await db.one<{ latest: string | null }>(
    'SELECT latest_version_name(value) AS latest FROM catalog_meta',
  )
  return row?.latest ?? null
}

describe.each(engines)('latest_version_name on %s', (_engine, open) => {
  it('picks the latest name of a group as the catalogue orders them', async () => {
    const db = await migrated(open)
    expect(await latestInSql(db, [])).toBeNull()
    for (const n of NAMES)
      expect(await latestInSql(db, [n, '0.0.1', 'zzz'])).toBe(latestOf([n, '0.0.1', 'zzz']))
    await fc.assert(
      fc.asyncProperty(fc.array(name, { minLength: 1, maxLength: 6 }), async (names) => {
        expect(await latestInSql(db, names)).toBe(latestOf(names) ?? null)
      }),
      { numRuns: 150 },
    )
  }, 120_000)
})
