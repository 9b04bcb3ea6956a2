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

const engines = testEngines()

const NAMES = [
  '1.0.0',
  '1.0.0-alpha',
  '1.0.0-alpha.1',
  '1.0.0-alpha.beta',
  '1.0.0-beta.2',
  '1.0.0-beta.11',
  '1.0.0-rc.1',
  '1.0.0+build.7',
  '1.0.0+build.10',
  'v1.0.0',
  '2.0.0',
  '10.0.0',
  '9.99.999',
  '1.2.3-0',
  '1.2.3-00',
  '1.2.3-1a',
  '1.2.3-9007199254740993',
  '9007199254740991.0.0',
  '9007199254740992.0.0',
  '01.2.3',
  '1.2',
  'latest',
  'Latest',
  '1.0.0-',
  ' 3.0.0 ',
  '3.0.0-x.7.z.92',
  '3.0.0-X.7',
  '1:2.36-9+deb12u4',
  '2.36-9',
  '',
]

const name = fc.oneof(
  fc.constantFrom(...NAMES),
  fc
    .tuple(
      fc.nat(12),
      fc.nat(12),
      fc.nat(12),
      fc.option(
        fc.array(fc.oneof(fc.nat(12).map(String), fc.constantFrom('alpha', 'beta', 'rc', '0a', 'x-y')), {
          minLength: 1,
          maxLength: 3,
        }),
      ),
      fc.option(fc.constantFrom('b1', 'build.5', 'sha-1')),
    )
    .map(
      ([major, minor, patch, pre, build]) =>
        `${major}.${minor}.${patch}${pre ? `-${pre.join('.')}` : ''}${build ? `+${build}` : ''}`,
    ),
  fc.string({ maxLength: 8 }),
)

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
