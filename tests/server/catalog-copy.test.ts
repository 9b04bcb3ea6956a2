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
