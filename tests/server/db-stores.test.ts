/**
 * The stores that read the asynchronous interface (server/db/sql.ts), each on both engines: the
 * embedded SQLite and a PostgreSQL the test starts itself, every migration run on a fresh
 * database. Same calls, same answers: what a store writes is portable SQL.
 */
import { describe, expect, it } from 'vitest'
import { buildStore } from '../../server/builds/store'
import type { Sql } from '../../server/db/sql'
import { GitStore } from '../../server/integrations/gitStore'
import { VENDORS } from '../../server/integrations/vendors'
import { manualClock } from '../../server/clock'
import { SERVICES } from '../../server/ops/services'
import { releaseBundleStore } from '../../server/releaseBundles/store'
import { clusterId, readTopology, registerNode, removeNode } from '../../server/ops/topology'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()

const T0 = '2026-12-01T10:00:00.000Z'
const hex = (c: string, n: number) => c.repeat(n)

/** A generic file deployed to generic-local, as the registry stores one. */
async function deployedFile(sql: Sql, path: string, c: string): Promise<string> {
  const sha256 = hex(c, 64)
  await sql.run('INSERT INTO blobs (sha256, sha1, md5, size, created) VALUES (?, ?, ?, ?, ?)', [
    sha256,
    hex(c, 40),
    hex(c, 32),
    3,
    T0,
  ])
  await sql.run(
    `INSERT INTO artifacts (repo, path, sha256, size, mime_type, created, modified, deployed_by)
     VALUES ('generic-local', ?, ?, 3, 'application/octet-stream', ?, ?, 'admin')`,
    [path, sha256, T0, T0],
  )
  return sha256
}

describe.each(engines)('stores on %s', (_name, open) => {
  it('builds: a deployed document stored, its files linked and resolved, its status changed', async () => {
    const sql = await migrated(open)
    const store = buildStore(sql)
    const sha256 = await deployedFile(sql, 'out/app.tgz', 'a')
    const before = (await store.list()).length
    const doc = {
      name: 'engine-build',
      number: '7',
      started: T0,
      agent: { name: 'ci', version: '2' },
      modules: [
        {
          id: 'app',
          artifacts: [
            { name: 'app.tgz', sha256 },
            { name: 'lost.tgz', sha1: hex('f', 40) },
          ],
          dependencies: [{ id: 'lib:1', sha1: hex('a', 40), scopes: ['compile'] }],
        },
      ],
    }
    await store.deploy(doc)
    // Again: replaces the run rather than adding one.
    await store.deploy(doc)
    const runs = await store.list()
    expect(runs).toHaveLength(before + 1)
    expect(runs).toContainEqual({ name: 'engine-build', number: '7', status: 'success', started: T0 })
    const detail = await store.detail('engine-build', '7')
    expect(detail?.agent).toBe('ci 2')
    const [app, lost] = detail!.modules[0]!.artifacts
    expect(app).toMatchObject({ name: 'app.tgz', repoKey: 'generic-local', path: 'out/app.tgz', sha256 })
    expect(lost).toMatchObject({ name: 'lost.tgz', repoKey: null, path: null, sha1: hex('f', 40) })
    expect(detail!.modules[0]!.dependencies[0]).toMatchObject({
      id: 'lib:1',
      scope: 'compile',
      repoKey: 'generic-local',
    })
    expect(await store.setStatus('engine-build', '7', 'failure')).toBe(true)
    expect(await store.setStatus('engine-build', '8', 'failure')).toBe(false)
    expect((await store.detail('engine-build', '7'))?.status).toBe('failure')
    expect(await store.detail('engine-build', '8')).toBeUndefined()
  })

  it('git integrations: names unique per vendor ignoring case, tokens kept, services connected', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse(T0))
    const store = new GitStore(sql, clock)
    const github = VENDORS.find((v) => v.name === 'github')!
    const input = {
      integrationName: 'Main',
      userName: 'ci',
      url: 'https://git.example.test/api',
      vendor: github,
    }
    const made = await store.create({ ...input, token: 'secret-1' }, 'admin')
    expect(made).toMatchObject({
      integrationName: 'Main',
      hasToken: true,
      connectedServices: [],
      created: T0,
    })
    await expect(
      store.create({ ...input, integrationName: 'MAIN', token: 't' }, 'admin'),
    ).rejects.toMatchObject({
      statusCode: 409,
    })
    clock.advance(1000)
    // Renamed to a name only it has (its own, in other case), the token kept.
    const renamed = await store.update(made.integrationKey, { ...input, integrationName: 'main' })
    expect(renamed).toMatchObject({ integrationName: 'main', hasToken: true, created: T0 })
    expect(renamed.modified).not.toBe(T0)
    await expect(
      store.update(made.integrationKey, { ...input, url: 'https://elsewhere.example.test/api' }),
    ).rejects.toMatchObject({ statusCode: 400 })
    expect(await store.tokenOf(made.integrationKey)).toBe('secret-1')
    expect(await store.isSavedUrl(input.url)).toBe(true)
    expect(await store.isSavedUrl('https://other.example.test')).toBe(false)
    expect(await store.connect(made.integrationKey, 'xray', 'admin')).toBe(true)
    expect(await store.connect(made.integrationKey, 'xray', 'admin')).toBe(false)
    await expect(store.connect('none', 'xray', 'admin')).rejects.toMatchObject({ statusCode: 404 })
    expect((await store.connectionCounts()).get(`${github.id}:xray`)).toBe(1)
    expect((await store.get(made.integrationKey))?.connectedServices).toEqual(['xray'])
    expect((await store.list(github)).map((i) => i.integrationKey)).toEqual([made.integrationKey])
    expect((await store.connections('xray')).map((c) => c.integration_id)).toEqual([made.integrationKey])
    await store.selectRepositories(made.integrationKey, ['a/one', 'a/two', 'a/one'], 'admin')
    await store.selectRepositories(made.integrationKey, ['a/two', 'a/three'], 'admin')
    expect([...(await store.selectedRepositories(made.integrationKey))].sort()).toEqual(['a/three', 'a/two'])
    expect(await store.disconnect(made.integrationKey, 'xray')).toBe(true)
    expect(await store.delete(made.integrationKey)).toBe(true)
    expect(await store.get(made.integrationKey)).toBeUndefined()
  })

  it('topology: two nodes beat into one table, go Offline when they stop, and are removed', async () => {
    const sql = await migrated(open)
    const clock = manualClock(Date.parse(T0))
    const errors: unknown[] = []
    const node = (nodeId: string) =>
      registerNode(sql, {
        nodeId,
        services: [SERVICES.artifactory, SERVICES.xray],
        heartbeatMs: 1000,
        clock,
        onError: (error) => errors.push(error),
      })
    const one = await node('node-1')
    const two = await node('node-2')
    const cluster = await clusterId(sql, clock)
    expect(await clusterId(sql, clock)).toBe(cluster)
    const rows = await readTopology(sql, clock.now())
    expect(rows.map((r) => `${r.service_type}:${r.node_id}:${r.status}`)).toEqual([
      'artifactory:node-1:Online',
      'artifactory:node-2:Online',
      'xray:node-1:Online',
      'xray:node-2:Online',
    ])
    expect(rows[0]).toMatchObject({
      service_id: `jfrt@${cluster}`,
      micro_services: SERVICES.artifactory.microServices,
    })
    two.stop()
    clock.advance(10_000)
    await one.beat()
    expect(
      (await readTopology(sql, clock.now()))
        .filter((r) => r.service_type === 'artifactory')
        .map((r) => r.status),
    ).toEqual(['Online', 'Offline'])
    expect(await removeNode(sql, `jfrt@${cluster}`, 'node-2')).toBe(true)
    expect(await removeNode(sql, `jfrt@${cluster}`, 'node-2')).toBe(false)
    expect((await readTopology(sql, clock.now())).map((r) => r.node_id)).toEqual([
      'node-1',
      'node-1',
      'node-2',
    ])
    one.stop()
    expect(errors).toEqual([])
  })

  it('release bundles: those holding a checksum, newest first, with their artifact counts', async () => {
    const sql = await migrated(open)
    const bundle = async (name: string, created: string, sums: ReadonlyArray<readonly [string, string]>) => {
      const row = await sql.one<{ id: number }>(
        `INSERT INTO release_bundles (name, version, created, status, repository)
         VALUES (?, '1.0.0', ?, 'COMPLETE', 'release-bundles') RETURNING id`,
        [name, created],
      )
      for (const [i, [sha256, sha1]] of sums.entries())
        await sql.run(
          'INSERT INTO release_bundle_artifacts (bundle_id, repo, path, sha256, sha1) VALUES (?, ?, ?, ?, ?)',
          [row!.id, 'generic-local', `f${i}`, sha256, sha1],
        )
    }
    const shared = [hex('1', 64), hex('1', 40)] as const
    await bundle('engine-old', '2026-01-01T00:00:00.000Z', [shared, [hex('2', 64), hex('2', 40)]])
    await bundle('engine-new', '2026-02-01T00:00:00.000Z', [shared])
    const store = releaseBundleStore(sql)
    const names = async (sum: string, limit = 100) => (await store.containing(sum, limit)).map((b) => b.name)
    expect(await names(shared[0])).toEqual(['engine-new', 'engine-old'])
    expect(await names(shared[1], 1)).toEqual(['engine-new'])
    expect(await names(hex('2', 40))).toEqual(['engine-old'])
    expect(await names(hex('9', 64))).toEqual([])
    expect((await store.containing(shared[0], 100)).find((b) => b.name === 'engine-old')).toMatchObject({
      artifacts: 2,
      status: 'COMPLETE',
    })
  })
})
