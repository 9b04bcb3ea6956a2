/**
 * Operations' store on both engines (the embedded SQLite and a PostgreSQL the test starts):
 * support bundles from request to end, the in-progress limit per node, the retention setting,
 * known nodes, and the integration tokens and node key a bundle redacts (read, never made).
 */
import { describe, expect, it } from 'vitest'
import { manualClock } from '../../server/clock'
import { GitStore } from '../../server/integrations/gitStore'
import { VENDORS } from '../../server/integrations/vendors'
import { SERVICES } from '../../server/ops/services'
import { opsStore, type NewBundle } from '../../server/ops/store'
import { registerNode } from '../../server/ops/topology'
import { knownSecrets } from '../../server/ops/supportBundles'
import { migrated, testEngines } from '../support/engines'

const engines = testEngines()

const bundle = (id: string, createdAt: string, nodeId = 'node-a'): NewBundle => ({
  id,
  name: `b-${id}`,
  description: '',
  service: 'artifactory',
  createdAt,
  createdBy: 'admin',
  nodeId,
  threadDumpCount: 1,
  threadDumpIntervalSecs: 0,
})

describe.each(engines)('operations store on %s', (_name, open) => {
  it('bundles: newest first, at most `max` in progress per node, ended once, deleted', async () => {
    const sql = await migrated(open)
    const store = opsStore(sql)
    expect(await store.addBundle(bundle('1', '2026-12-01T10:00:00.000Z'), 2)).toBe(true)
    expect(await store.addBundle(bundle('2', '2026-12-01T11:00:00.000Z'), 2)).toBe(true)
    // The node builds two: a third is refused there, not on another node.
    expect(await store.addBundle(bundle('3', '2026-12-01T12:00:00.000Z'), 2)).toBe(false)
    expect(await store.addBundle(bundle('4', '2026-12-01T12:00:00.000Z', 'node-b'), 2)).toBe(true)
    expect(await store.bundlesInProgress('node-a')).toBe(2)
    expect((await store.bundles()).map((b) => b.id)).toEqual(['4', '2', '1'])

    const done = { status: 'success', sizeBytes: 123, error: null, at: '2026-12-01T13:00:00.000Z' } as const
    expect(await store.finishBundle('1', done)).toBe(true)
    // Only a bundle still in progress ends.
    expect(await store.finishBundle('1', { ...done, status: 'failed', error: 'late' })).toBe(false)
    expect(await store.bundle('1')).toMatchObject({ status: 'success', size_bytes: 123, error: null })
    expect(await store.bundlesInProgress('node-a')).toBe(1)

    // A restart fails what that node was building, and only that node's.
    expect(await store.failInterrupted('node-a', '2026-12-01T14:00:00.000Z')).toBe(1)
    expect(await store.bundle('2')).toMatchObject({
      status: 'failed',
      error: 'Interrupted: the node restarted',
    })
    expect((await store.bundle('4'))?.status).toBe('in progress')

    expect(await store.deleteBundle('2')).toBe(true)
    expect(await store.deleteBundle('2')).toBe(false)
    expect(await store.bundle('2')).toBeUndefined()
  })

  it('bundles asked for together never pass the limit together', async () => {
    const sql = await migrated(open)
    const store = opsStore(sql)
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => store.addBundle(bundle(`p${i}`, '2026-12-01T10:00:00.000Z'), 3)),
    )
    expect(results.filter(Boolean)).toHaveLength(3)
    expect(await store.bundlesInProgress('node-a')).toBe(3)
  })

  it('settings, known nodes, and the integration tokens and node key a bundle redacts', async () => {
    const sql = await migrated(open)
    const store = opsStore(sql)
    const clock = manualClock(Date.parse('2026-12-01T10:00:00.000Z'))
    expect(await store.setting('bundle_retention_enabled')).toBeUndefined()
    await store.setSetting('bundle_retention_enabled', 'false')
    await store.setSetting('bundle_retention_enabled', 'true')
    expect(await store.setting('bundle_retention_enabled')).toBe('true')

    expect(await store.isKnownNode('node-x')).toBe(false)
    const node = await registerNode(sql, {
      nodeId: 'node-x',
      services: [SERVICES.artifactory],
      heartbeatMs: 60_000,
      clock,
      onError: (error) => {
        throw error
      },
    })
    node.stop()
    expect(await store.isKnownNode('node-x')).toBe(true)

    const token = 'ghp_k3y0f4nInt3gr4t10nT0k3n'
    const vendor = VENDORS.find((v) => v.name === 'github')!
    const git = new GitStore(sql, clock)
    const input = { integrationName: 'Main', userName: 'ci', url: 'https://git.example.test/api', vendor }
    await git.create({ ...input, token }, 'admin')
    expect(await store.integrationTokens()).toEqual([token])
    const config = { adminPassword: 'admin-password', userPassword: 'user-password' }
    const secrets = await knownSecrets(config as Parameters<typeof knownSecrets>[0], sql, {})
    expect(secrets).toContain(token)
    expect(secrets).toContain('admin-password')
    // Reading the secrets made no node key; once nodes sign with one, it is among them.
    expect(await store.storedNodeKey()).toBeUndefined()
    const nodeKey = (await store.nodeKey('n0de-k3y-0f-th3-clust3r'))!
    expect(await knownSecrets(config as Parameters<typeof knownSecrets>[0], sql, {})).toContain(nodeKey)
  })
})
