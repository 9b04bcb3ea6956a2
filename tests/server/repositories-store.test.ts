/**
 * The repositories' store on both engines (the embedded SQLite and a PostgreSQL the test
 * starts): create, update and delete with the database's own checks, virtual repositories'
 * members in order, counts of what each holds, and Quick Repository Creation.
 */
import { describe, expect, it } from 'vitest'
import { emptyRepositoryForm, type RepositoryForm } from '../../domain/repositories/rules'
import type { Sql } from '../../server/db/sql'
import { repositoryStore } from '../../server/repositories/store'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()

const T0 = '2026-12-01T10:00:00.000Z'
const T1 = '2026-12-01T11:00:00.000Z'

const form = (key: string, kind: RepositoryForm['kind'], over: Partial<RepositoryForm> = {}) =>
  emptyRepositoryForm(kind, { key, packageType: 'maven', ...over })

async function deployed(sql: Sql, repo: string, path: string, size: number) {
  const sha256 = path
    .padEnd(64, '0')
    .slice(0, 64)
    .replace(/[^0-9a-f]/g, 'a')
  await sql.run(
    'INSERT INTO blobs (sha256, sha1, md5, size, created) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    [sha256, sha256.slice(0, 40), sha256.slice(0, 32), size, T0],
  )
  await sql.run(
    `INSERT INTO artifacts (repo, path, sha256, size, mime_type, created, modified, deployed_by)
     VALUES (?, ?, ?, ?, 'application/octet-stream', ?, ?, 'admin')`,
    [repo, path, sha256, size, T0, T0],
  )
}

describe.each(engines)('repositories store on %s', (_name, open) => {
  it('creates, reads, updates and deletes; a virtual resolves through its members in order', async () => {
    const sql = await migrated(open)
    const store = repositoryStore(sql)
    await store.create(form('mvn-a', 'local', { description: ' first ' }), T0)
    await store.create(form('mvn-b', 'local'), T0)
    await store.create(form('mvn-up', 'remote', { url: 'https://repo.example.test/maven2' }), T0)
    const inner = await store.create(
      form('mvn-inner', 'virtual', { members: ['mvn-b', 'mvn-up'], defaultDeploymentRepo: 'mvn-b' }),
      T0,
    )
    expect(inner).toMatchObject({ members: ['mvn-b', 'mvn-up'], defaultDeploymentRepo: 'mvn-b', created: T0 })
    await store.create(form('mvn', 'virtual', { members: ['mvn-a', 'mvn-inner', 'mvn-b'] }), T0)
    expect(await store.find('mvn-a')).toMatchObject({ description: 'first', includesPattern: '**/*' })
    expect((await store.resolutionOrder('mvn')).map((r) => r.key)).toEqual(['mvn-a', 'mvn-b', 'mvn-up'])
    expect((await store.resolutionOrder('mvn-a')).map((r) => r.key)).toEqual(['mvn-a'])
    expect(await store.resolutionOrder('none')).toEqual([])

    await expect(store.create(form('mvn-a', 'local'), T1)).rejects.toMatchObject({
      statusCode: 409,
      code: 'EXISTS',
    })
    await expect(
      store.create(form('mvn-x', 'virtual', { members: ['npm-local'] }), T1),
    ).rejects.toMatchObject({ statusCode: 400, problems: { members: expect.any(String) } })

    // Kind and type stay; members of a virtual are rewritten in the new order.
    const updated = await store.update(
      'mvn',
      form('ignored', 'local', { packageType: 'npm', members: ['mvn-b', 'mvn-a'], description: 'both' }),
      T1,
    )
    expect(updated).toMatchObject({ key: 'mvn', kind: 'virtual', packageType: 'maven', modified: T1 })
    expect(updated.members).toEqual(['mvn-b', 'mvn-a'])
    await expect(store.update('none', form('none', 'local'), T1)).rejects.toMatchObject({ statusCode: 404 })

    await expect(store.delete('mvn-b')).rejects.toMatchObject({ statusCode: 409, code: 'IN_USE' })
    await store.delete('mvn')
    expect(await store.find('mvn')).toBeUndefined()
    await expect(store.delete('mvn')).rejects.toMatchObject({ statusCode: 404 })
    const keys = (await store.records()).map((r) => r.key)
    expect(keys).toEqual([...keys].sort())
    expect(keys).toEqual(expect.arrayContaining(['mvn-a', 'mvn-b', 'mvn-inner', 'mvn-up', 'npm']))
    expect((await store.records()).find((r) => r.key === 'npm')?.members).toEqual(['npm-local', 'npm-remote'])
  })

  it('lists what each holds; a virtual counts its members', async () => {
    const sql = await migrated(open)
    const store = repositoryStore(sql)
    await store.create(form('gen-a', 'local', { packageType: 'generic' }), T0)
    await store.create(
      form('gen', 'virtual', { packageType: 'generic', members: ['gen-a', 'generic-local'] }),
      T0,
    )
    await deployed(sql, 'gen-a', 'a/one.bin', 10)
    await deployed(sql, 'gen-a', 'a/two.bin', 5)
    await deployed(sql, 'generic-local', 'b/three.bin', 7)
    const list = await store.list()
    const of = (key: string) => list.find((r) => r.key === key)
    expect(of('gen-a')).toMatchObject({ artifactCount: 2, size: 15, packageCount: 0 })
    expect(of('gen')).toMatchObject({ artifactCount: 3, size: 22, members: ['gen-a', 'generic-local'] })
    expect(of('debian-local')).toMatchObject({ artifactCount: 0, size: 0 })
  })

  it('quick creation makes local, remote and virtual, keeping keys already taken', async () => {
    const sql = await migrated(open)
    const store = repositoryStore(sql)
    expect(await store.quickCreate(['maven', 'npm'], T0)).toEqual({
      created: ['maven-local', 'maven-remote', 'maven'],
      existing: ['npm-local', 'npm-remote', 'npm'],
    })
    expect(await store.find('maven')).toMatchObject({
      kind: 'virtual',
      members: ['maven-local', 'maven-remote'],
      defaultDeploymentRepo: 'maven-local',
    })
    expect((await store.find('maven-remote'))?.url).toBe('https://repo1.maven.org/maven2')
    // A type without a known upstream: no remote that would fail every fetch.
    expect(await store.quickCreate(['alpine'], T0)).toEqual({
      created: ['alpine-local', 'alpine'],
      existing: [],
    })
    expect(await store.find('alpine-remote')).toBeUndefined()
    expect(await store.find('alpine')).toMatchObject({ kind: 'virtual', members: ['alpine-local'] })
  })

  it('two creations of one key at once: one is made, the other refused', async () => {
    const sql = await migrated(open)
    const store = repositoryStore(sql)
    const results = await Promise.allSettled([
      store.create(form('same', 'local', { description: 'one' }), T0),
      store.create(form('same', 'local', { description: 'two' }), T0),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = results.find((r) => r.status === 'rejected')
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ statusCode: 409 })
  })
})
