/**
 * The catalogue loaded through the stores' interface (as a platform on PostgreSQL loads it),
 * checked against SQLite's own loader: every table holds the same rows, builds and bundles keep
 * their artifacts under the numbers the database gave them, a second load does nothing, and rows
 * added afterwards are numbered after the copied ones.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../server/db'
import { copyCatalogIfEmpty, loadCatalogIfEmpty } from '../../server/catalog/load'
import { placeholders, type Sql } from '../../server/db/sql'
import { migrated, testEngines } from '../support/engines'
import { T0 } from '../support/catalogueRows'

const engines = testEngines()
const TABLES = [
  'catalog_packages',
  'catalog_package_licenses',
  'catalog_versions',
  'catalog_files',
  'catalog_dependencies',
  'catalog_properties',
  'catalog_builds',
  'catalog_build_artifacts',
  'release_bundles',
  'release_bundle_artifacts',
]
const BUILD_ARTIFACTS = `SELECT b.name, b.number, a.repo, a.path FROM catalog_build_artifacts a
  JOIN catalog_builds b ON b.id = a.build_id ORDER BY b.name, b.number, a.repo, a.path`
const BUNDLE_ARTIFACTS = `SELECT b.name, b.version, a.repo, a.path, a.sha256 FROM release_bundle_artifacts a
  JOIN release_bundles b ON b.id = a.bundle_id ORDER BY b.name, b.version, a.repo, a.path`

let dir = ''
let reference: Db
const expected = () => {
  if (!reference) {
    dir = mkdtempSync(join(tmpdir(), 'catalog-copy-'))
    reference = openDatabase(dir)
    loadCatalogIfEmpty(reference)
  }
  return reference
}
afterAll(() => {
  reference?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe.each(engines)('the catalogue copied on %s', (_name, open) => {
  it('holds what SQLite loads, once, and numbers new rows after it', async () => {
    const sql = await migrated(open)
    const loaded = await copyCatalogIfEmpty(sql)
    const count = (table: string) =>
      (expected().prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
    expect(loaded).toEqual({ loaded: true, packages: count('catalog_packages') })
    expect(await copyCatalogIfEmpty(sql)).toEqual({ loaded: false, packages: 0 })
    for (const table of TABLES)
      expect([table, (await sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n]).toEqual([
        table,
        count(table),
      ])
    expect(count('catalog_build_artifacts')).toBeGreaterThan(0)
    expect(await sql.all(BUILD_ARTIFACTS)).toEqual(expected().prepare(BUILD_ARTIFACTS).all())
    expect(await sql.all(BUNDLE_ARTIFACTS)).toEqual(expected().prepare(BUNDLE_ARTIFACTS).all())
    // The counts the catalogue's triggers keep, and a file's bytes.
    expect(await sql.one("SELECT n FROM catalog_counts WHERE name = 'packages'")).toEqual({
      n: count('catalog_packages'),
    })
    const withContent =
      'SELECT content FROM catalog_files WHERE content IS NOT NULL ORDER BY repo, path LIMIT 1'
    const bytes = (await sql.one<{ content: Uint8Array }>(withContent))!.content
    expect(Buffer.from(bytes)).toEqual((expected().prepare(withContent).get() as { content: Buffer }).content)

    const version = await sql.one<{ id: string; repo: string }>(
      'SELECT id, repo FROM catalog_versions LIMIT 1',
    )
    await sql.run(
      `INSERT INTO catalog_files (version_id, repo, path, name, lead, size, md5, sha1, sha256, mime_type)
       VALUES (?, ?, 'added/after.txt', 'after.txt', 0, 1, 'm', 's', 'h', 'text/plain')`,
      [version!.id, version!.repo],
    )
    const build = await sql.one<{ id: number }>(
      "INSERT INTO catalog_builds (name, number, started, status) VALUES ('added', '1', ?, 'success') RETURNING id",
      [T0],
    )
    const max = await sql.one<{ n: number }>('SELECT MAX(id) AS n FROM catalog_builds WHERE name <> ?', [
      'added',
    ])
    expect(build!.id).toBeGreaterThan(max!.n)
  })
})

describe.each(engines)('the package count on %s', (name, open) => {
  it('follows a statement of many inserts and one of many deletes, the count row written once each', async () => {
    const sql = await migrated(open)
    const count = async () =>
      (await sql.one<{ n: number }>("SELECT n FROM catalog_counts WHERE name = 'packages'"))!.n
    const before = await count()
    const ROWS = 2_000
    const columns = [
      'id',
      'name',
      'name_lower',
      'package_type',
      'created',
      'modified',
      'versions_count',
      'release_versions_count',
      'source',
    ]
    const rows = Array.from({ length: ROWS }, (_, i) => [
      `npm://counted-${i}`,
      `counted-${i}`,
      `counted-${i}`,
      'npm',
      T0,
      T0,
      1,
      1,
      'test',
    ])
    // How many versions of the count row `work` wrote, in a transaction of its own (PostgreSQL's
    // statistics; elsewhere none): a row's trigger writes one per package, and each next update
    // walks every version before it (a 500,000-package catalogue copied in one transaction took
    // hours). Counted before and after within the transaction: the statistics a connection has not
    // yet reported include its earlier transactions'.
    const countRowWrites = (work: (tx: Sql) => Promise<unknown>) =>
      sql.transaction(async (tx) => {
        const written = async () =>
          name === 'postgres'
            ? (await tx.one<{ n: number }>(
                "SELECT n_tup_upd AS n FROM pg_stat_xact_user_tables WHERE relname = 'catalog_counts'",
              ))!.n
            : 0
        const before = await written()
        await work(tx)
        return (await written()) - before
      })
    const once = name === 'postgres' ? 1 : 0
    expect(
      await countRowWrites((tx) =>
        tx.run(
          `INSERT INTO catalog_packages (${columns.join(', ')}) VALUES ${rows.map(() => `(${placeholders(columns.length)})`).join(', ')}`,
          rows.flat(),
        ),
      ),
    ).toBe(once)
    expect(await count()).toBe(before + ROWS)
    // A statement that adds no package leaves the count row alone (publishes do not meet on it).
    expect(
      await countRowWrites((tx) =>
        tx.run(
          `INSERT INTO catalog_packages (${columns.join(', ')}) VALUES (${placeholders(columns.length)})
           ON CONFLICT (id) DO UPDATE SET modified = excluded.modified`,
          rows[0]!,
        ),
      ),
    ).toBe(0)
    expect(await count()).toBe(before + ROWS)
    expect(
      await countRowWrites((tx) => tx.run("DELETE FROM catalog_packages WHERE id LIKE 'npm://counted-%'")),
    ).toBe(once)
    expect(await count()).toBe(before)
  })
})
