/**
 * The npm catalogue on both engines (the embedded SQLite and a PostgreSQL the test starts): a
 * version recorded inside one transaction with its files, dependencies, properties and
 * document, the arrival hook called inside it (a throw there leaves nothing), the first
 * publish's digest kept after the version goes, and `latest` moving to the release left.
 */
import { describe, expect, it } from 'vitest'
import { npmCatalogue, type PublishedVersion } from '../../server/registry/npmCatalogue'
import { T0 } from '../support/catalogueRows'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()

const facts = (c: string) => ({ sha256: c.repeat(64), sha1: c.repeat(40), md5: c.repeat(32), size: 10 })

const published = (version: string, c: string): PublishedVersion => ({
  repo: 'npm-local',
  name: 'left-pad',
  version,
  document: {
    name: 'left-pad',
    version,
    description: 'Pads',
    license: 'MIT',
    keywords: ['pad'],
    dependencies: { 'b-dep': '^1.0.0' },
  },
  files: [{ path: 'README.md', bytes: Buffer.from('# left-pad') }],
  tarballFacts: facts(c),
  deployedBy: 'admin',
  now: T0,
})

describe.each(engines)('npm catalogue on %s', (_name, open) => {
  it('records versions all or nothing, and removes them with their tags', async () => {
    const sql = await migrated(open)
    for (const c of ['a', 'b', 'c'])
      await sql.run('INSERT INTO blobs (sha256, sha1, md5, size, created) VALUES (?, ?, ?, 10, ?)', [
        c.repeat(64),
        c.repeat(40),
        c.repeat(32),
        T0,
      ])
    const arrived: string[] = []
    const catalogue = npmCatalogue(sql, {
      versionArrived: async (id, tx) => {
        // Inside the storing transaction: the version is there on its handle.
        expect(await tx.one('SELECT id FROM catalog_versions WHERE id = ?', [id])).toEqual({ id })
        if (id.endsWith('@9.9.9')) throw new Error('refused')
        arrived.push(id)
      },
    })
    for (const [version, c] of [
      ['1.0.0', 'a'],
      ['1.1.0', 'b'],
    ] as const)
      await sql.transaction((tx) => catalogue.within(tx).add(published(version, c)))
    await expect(sql.transaction((tx) => catalogue.within(tx).add(published('9.9.9', 'c')))).rejects.toThrow(
      'refused',
    )
    expect(arrived).toEqual(['npm://left-pad@1.0.0', 'npm://left-pad@1.1.0'])
    expect(await catalogue.versionExists('left-pad', '9.9.9')).toBeUndefined()
    expect(await catalogue.publishedDigest('left-pad', '9.9.9')).toBeUndefined()
    expect(await catalogue.versionExists('left-pad', '1.1.0')).toEqual({
      id: 'npm://left-pad@1.1.0',
      repo: 'npm-local',
    })
    expect(await catalogue.hasDocument('npm://left-pad@1.1.0')).toBe(true)
    expect(
      await sql.all('SELECT path, lead FROM catalog_files WHERE version_id = ? ORDER BY path', [
        'npm://left-pad@1.1.0',
      ]),
    ).toEqual([
      { path: 'left-pad/-/1.1.0/README.md', lead: 0 },
      { path: 'left-pad/-/left-pad-1.1.0.tgz', lead: 1 },
    ])
    expect(
      await sql.one(
        "SELECT latest_version, versions_count FROM catalog_packages WHERE id = 'npm://left-pad'",
      ),
    ).toEqual({ latest_version: '1.1.0', versions_count: 2 })

    await sql.run(
      "INSERT INTO npm_dist_tags (repo, package, tag, version) VALUES ('npm-local', 'left-pad', ?, ?)",
      ['latest', '1.1.0'],
    )
    await sql.transaction(async (tx) =>
      expect(await catalogue.within(tx).remove('left-pad', '1.1.0')).toBe(true),
    )
    expect(await catalogue.remove('left-pad', '1.1.0')).toBe(false)
    expect(await sql.all("SELECT tag, version FROM npm_dist_tags WHERE package = 'left-pad'")).toEqual([
      { tag: 'latest', version: '1.0.0' },
    ])
    // A version once published keeps its digest: the same version never comes back with other bytes.
    expect(await catalogue.publishedDigest('left-pad', '1.1.0')).toBe('b'.repeat(64))
    await catalogue.remove('left-pad', '1.0.0')
    expect(await sql.one("SELECT id FROM catalog_packages WHERE id = 'npm://left-pad'")).toBeUndefined()
  })
})
