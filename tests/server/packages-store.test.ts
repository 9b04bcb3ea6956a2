/**
 * What a version's pages and the artifact tree read, on both engines (the embedded SQLite and a
 * PostgreSQL the test starts): readme bytes, dependencies and properties in order, the file
 * count, and one tree level across catalogue files and deployed artifacts.
 */
import { describe, expect, it } from 'vitest'
import type { Sql } from '../../server/db/sql'
import { packageStore } from '../../server/packages/store'
import { treeChildren } from '../../server/repositories/tree'
import { LEFT_PAD, leftPadRows, T0 } from '../support/catalogueRows'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()

const V = LEFT_PAD

async function version(sql: Sql) {
  await leftPadRows(sql)
  const file = (path: string, content: Uint8Array | null) =>
    sql.run(
      `INSERT INTO catalog_files (version_id, repo, path, name, lead, size, md5, sha1, sha256, mime_type, content)
       VALUES (?, 'npm-local', ?, ?, 0, 4, 'm', 's1', 's256', 'text/plain', ?)`,
      [V, path, path.split('/').pop()!, content],
    )
  await file('left-pad/-/left-pad-1.0.0.tgz', null)
  await file('left-pad/README.md', new TextEncoder().encode('# left-pad ✓'))
  for (const [i, [key, values]] of [
    ['npm.name', ['left-pad']],
    ['npm.keywords', ['pad', 'string']],
  ].entries())
    await sql.run(
      'INSERT INTO catalog_properties (version_id, position, key, values_json) VALUES (?, ?, ?, ?)',
      [V, i, key as string, JSON.stringify(values)],
    )
  await sql.run(
    `INSERT INTO catalog_dependencies (version_id, position, name, version, scope) VALUES
       (?, 0, 'b-dep', '^1.0.0', 'runtime'), (?, 1, 'a-dep', '2.0.0', 'dev')`,
    [V, V],
  )
}

async function deployed(sql: Sql, path: string) {
  await sql.run(
    'INSERT INTO blobs (sha256, sha1, md5, size, created) VALUES (?, ?, ?, 3, ?) ON CONFLICT DO NOTHING',
    ['b'.repeat(64), 'b'.repeat(40), 'b'.repeat(32), T0],
  )
  await sql.run(
    `INSERT INTO artifacts (repo, path, sha256, size, mime_type, created, modified, deployed_by)
     VALUES ('npm-local', ?, ?, 3, 'application/octet-stream', ?, ?, 'admin')`,
    [path, 'b'.repeat(64), T0, T0],
  )
}

describe.each(engines)('package pages and the tree on %s', (_name, open) => {
  it("reads a version's readme, dependencies, properties and the file count", async () => {
    const sql = await migrated(open)
    await version(sql)
    const store = packageStore(sql)
    const before = await store.fileCount()
    expect(await store.version(V)).toMatchObject({ repo: 'npm-local', readme_path: 'left-pad/README.md' })
    expect(await store.version('npm://none@1')).toBeUndefined()
    expect(await store.fileText(V, 'left-pad/README.md')).toBe('# left-pad ✓')
    expect(await store.fileText(V, 'left-pad/-/left-pad-1.0.0.tgz')).toBeUndefined()
    expect((await store.dependencies(V)).map((d) => d.name)).toEqual(['b-dep', 'a-dep'])
    expect(await store.properties(V)).toEqual([
      { key: 'npm.name', values: ['left-pad'] },
      { key: 'npm.keywords', values: ['pad', 'string'] },
    ])
    expect(await store.builds(V)).toEqual([])
    expect(await store.layers(V)).toEqual([])
    await deployed(sql, 'left-pad/extra.txt')
    expect(await store.fileCount()).toBe(before + 1)
  })

  it('lists one tree level, folders first, across catalogue files and artifacts', async () => {
    const sql = await migrated(open)
    await version(sql)
    await deployed(sql, 'left-pad/extra.txt')
    await deployed(sql, 'left-pad-two/other.txt')
    await deployed(sql, 'Left-pad/upper.txt')
    await deployed(sql, 'left-pad%/odd.txt')
    const names = async (path: string, offset = 0, limit = 100) =>
      (await treeChildren(sql, ['npm-local'], path, offset, limit)).children.map(
        (c) => `${c.folder ? 'd' : 'f'}:${c.name}`,
      )
    expect(await names('')).toEqual(['d:Left-pad', 'd:left-pad', 'd:left-pad%', 'd:left-pad-two'])
    // Only what is under the folder itself, in either case: not its neighbours of a longer name.
    expect(await names('left-pad')).toEqual(['d:-', 'f:README.md', 'f:extra.txt'])
    expect(await names('left-pad/')).toEqual(['d:-', 'f:README.md', 'f:extra.txt'])
    expect(await names('left-pad', 1, 1)).toEqual(['f:README.md'])
    expect((await treeChildren(sql, ['npm-local'], 'left-pad', 0, 1)).total).toBe(3)
    expect(await names('left-pad/-')).toEqual(['f:left-pad-1.0.0.tgz'])
    expect(await names('nothing')).toEqual([])
  })
})
