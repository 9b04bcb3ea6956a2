/**
 * The home page's figures: packages by type and vulnerabilities by severity over the catalogue
 * (their totals agree with the catalogue's own calls), a file deployed with a generic PUT at the
 * top of the recent deployments with who deployed it, its bytes in the blob store counted once,
 * this node's services healthy, and nothing for a visitor when anonymous access is off. The
 * storage figures come from the storage cache: 'calculating' on a fresh platform until its first
 * calculation ends, then what is stored (the seeded catalogue's files included: the figures once
 * read 0 files beside thousands of artifacts), recalculated when files change and when the
 * figures are older than the cache's maximum age, at the platform's time.
 */
import { randomBytes } from 'node:crypto'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../server/clock'
import { STORAGE_CACHE_MAX_AGE_MS } from '../../server/overview/storageCache'
import { STORAGE_SAMPLE_EVERY_MS } from '../../server/overview/storageHistory'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { signInDeveloper } from './helpers/permissions'
import { gql } from './helpers/graphql'

let server: TestServer
let cookie: string

interface Overview {
  packagesByType: Array<{ type: string; count: number }>
  vulnerabilities: Array<{ severity: string; count: number }>
  recentDeployments: Array<{ repo: string; path: string; size: number; deployedBy: string; created: string }>
  storage: {
    calculating: boolean
    artifactBytes: number | null
    blobCount: number | null
    calculatedAt: string | null
    diskFreeBytes: number
    diskTotalBytes: number
  }
  health: Array<{ service: string; nodes: number; healthy: number }>
  deploymentsPerDay: Array<{ day: string; count: number }>
  storagePerDay: Array<{ day: string; artifactBytes: number | null; files: number | null }>
}

const overview = async (of: TestServer = server, as = cookie): Promise<Overview> => {
  const res = await fetch(`${of.url}/ui/api/v1/ui/home/overview`, { headers: { cookie: as } })
  expect(res.status).toBe(200)
  return (await res.json()) as Overview
}

/** Each file under the data folder's blob store (not its upload area), named by its sha256, with its size. */
function onDisk(of: TestServer, dir = join(of.config.dataDir, 'blobs')): Map<string, number> {
  const found = new Map<string, number>()
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory() && path !== join(of.config.dataDir, 'blobs', 'tmp'))
      for (const [sha, size] of onDisk(of, path)) found.set(sha, size)
    else if (entry.isFile()) found.set(entry.name, statSync(path).size)
  }
  return found
}

/**
 * What the platform stores, read here directly: the files on disk and the catalogue files kept
 * with their bytes in the database, identical bytes once.
 */
async function stored(of: TestServer = server): Promise<{ bytes: number; files: number }> {
  const contents = onDisk(of)
  const kept = await of.ctx.sql.all<{ sha256: string; size: number }>(
    'SELECT sha256, length(content) AS size FROM catalog_files WHERE content IS NOT NULL',
  )
  for (const f of kept) contents.set(f.sha256, f.size)
  return { files: contents.size, bytes: [...contents.values()].reduce((n, size) => n + size, 0) }
}

/** The overview once the storage cache has figures that match `done` (it is recalculated in the background). */
async function overviewWhen(
  done: (o: Overview) => boolean,
  of: TestServer = server,
  as = cookie,
): Promise<Overview> {
  let last = await overview(of, as)
  await expect
    .poll(async () => done((last = await overview(of, as))), { timeout: 15_000, interval: 50 })
    .toBe(true)
  return last
}

beforeAll(async () => {
  server = await startTestServer()
  cookie = await signInDeveloper(server)
})
afterAll(async () => server?.stop())

describe('the overview', () => {
  it('says the storage cache is being calculated on a fresh platform, then gives what is stored', async () => {
    const first = await overview()
    expect(first.storage).toMatchObject({
      calculating: true,
      artifactBytes: null,
      blobCount: null,
      calculatedAt: null,
    })
    // Disk space is read at once, not cached.
    expect(first.storage.diskFreeBytes).toBeGreaterThan(0)
    const ready = await overviewWhen((o) => !o.storage.calculating)
    const now = await stored()
    // The seeded catalogue keeps thousands of files' bytes: not the empty blob store's 0 files.
    expect(now.files).toBeGreaterThan(1000)
    expect(ready.storage).toMatchObject({ artifactBytes: now.bytes, blobCount: now.files })
    expect(Date.parse(ready.storage.calculatedAt ?? '')).not.toBeNaN()
  })

  it('counts the catalogue by type and severity as the catalogue itself does', async () => {
    const o = await overview()
    const total = await gql<{ packages: { totalCount: number } }>(
      server,
      cookie,
      'query { packages(filter: {}, first: 1) { totalCount } }',
    )
    expect(o.packagesByType.reduce((n, t) => n + t.count, 0)).toBe(total.body.data?.packages.totalCount)
    const npm = await gql<{ packages: { totalCount: number } }>(
      server,
      cookie,
      'query { packages(filter: { packageTypeIn: ["npm"] }, first: 1) { totalCount } }',
    )
    expect(o.packagesByType.find((t) => t.type === 'npm')?.count).toBe(npm.body.data?.packages.totalCount)
    expect(o.packagesByType.map((t) => t.count)).toEqual(
      [...o.packagesByType.map((t) => t.count)].sort((a, b) => b - a),
    )
    expect(o.vulnerabilities.map((v) => v.severity)).toEqual([
      'critical',
      'high',
      'medium',
      'low',
      'info',
      'unknown',
    ])
    // The catalogue carries recorded advisories of real npm versions.
    expect(o.vulnerabilities.reduce((n, v) => n + v.count, 0)).toBeGreaterThan(0)
    expect(o.health).toContainEqual({ service: 'artifactory', nodes: 1, healthy: 1 })
    expect(o.storage.diskTotalBytes).toBeGreaterThanOrEqual(o.storage.diskFreeBytes)
    expect(o.storage.diskFreeBytes).toBeGreaterThan(0)
  })

  it('puts a deployed file first among the recent deployments and counts its bytes once', async () => {
    const before = await overviewWhen((o) => !o.storage.calculating)
    const bytes = randomBytes(3000)
    const put = (path: string) =>
      fetch(`${server.url}/artifactory/generic-local/${path}`, {
        method: 'PUT',
        headers: { ...browserHeaders(server.url, cookie), 'content-type': 'application/octet-stream' },
        body: bytes,
      })
    expect((await put('overview/first.bin')).status).toBe(201)
    expect((await put('overview/same-bytes.bin')).status).toBe(201)
    // The cache is recalculated in the background after the blob store changed.
    const after = await overviewWhen((o) => o.storage.calculatedAt !== before.storage.calculatedAt)
    expect(
      after.recentDeployments
        .slice(0, 2)
        .map((d) => d.path)
        .sort(),
    ).toEqual(['overview/first.bin', 'overview/same-bytes.bin'])
    expect(after.recentDeployments[0]).toMatchObject({ repo: 'generic-local', size: 3000 })
    expect(after.recentDeployments[0]?.deployedBy).toMatch(/^catalog-tester-/)
    expect((after.storage.artifactBytes ?? 0) - (before.storage.artifactBytes ?? 0)).toBe(3000)
    expect((after.storage.blobCount ?? 0) - (before.storage.blobCount ?? 0)).toBe(1)
    const now = await stored()
    expect(after.storage).toMatchObject({ artifactBytes: now.bytes, blobCount: now.files })
    // Both count on today's column of the deployments chart (30 UTC days, today last).
    const today = (o: Overview) => o.deploymentsPerDay.at(-1)!
    expect(after.deploymentsPerDay).toHaveLength(30)
    expect(today(after).day).toBe(after.recentDeployments[0]!.created.slice(0, 10))
    expect(today(after).count - today(before).count).toBe(2)
  })

  it('recalculates figures older than the maximum age at the platform time, keeping them shown meanwhile', async () => {
    const clock = manualClock(Date.parse('2026-01-05T10:00:00.000Z'))
    const timed = await startTestServer({}, {}, { clock })
    try {
      const as = signInDirectly(timed)
      const first = await overviewWhen((o) => !o.storage.calculating, timed, as)
      expect(first.storage.calculatedAt).toBe('2026-01-05T10:00:00.000Z')
      clock.advance(STORAGE_CACHE_MAX_AGE_MS - 1)
      // Young enough: the same figures, no new calculation.
      expect((await overview(timed, as)).storage.calculatedAt).toBe(first.storage.calculatedAt)
      clock.advance(1)
      const old = await overview(timed, as)
      // The old figures are still shown while the new calculation runs.
      expect(old.storage.calculating).toBe(false)
      const fresh = await overviewWhen(
        (o) => o.storage.calculatedAt !== first.storage.calculatedAt,
        timed,
        as,
      )
      expect(fresh.storage.calculatedAt).toBe(new Date(clock.now()).toISOString())
      const now = await stored(timed)
      expect(fresh.storage).toMatchObject({ artifactBytes: now.bytes, blobCount: now.files })
    } finally {
      await timed.stop()
    }
  })

  it('samples what is stored every hour, with no one reading the overview, and charts each day', async () => {
    const clock = manualClock(Date.parse('2026-01-05T22:30:00.000Z'))
    const timed = await startTestServer({}, {}, { clock })
    try {
      const samples = () =>
        timed.ctx.sql.all<{ at: string; bytes: number; files: number }>(
          'SELECT sampled_at AS at, artifact_bytes AS bytes, files FROM storage_samples ORDER BY hour',
        )
      expect(await samples()).toEqual([])
      clock.advance(STORAGE_SAMPLE_EVERY_MS)
      await expect.poll(async () => (await samples()).length, { timeout: 15_000, interval: 50 }).toBe(1)
      clock.advance(STORAGE_SAMPLE_EVERY_MS)
      await expect.poll(async () => (await samples()).length, { timeout: 15_000, interval: 50 }).toBe(2)
      const now = await stored(timed)
      expect(await samples()).toEqual([
        { at: '2026-01-05T23:30:00.000Z', bytes: now.bytes, files: now.files },
        { at: '2026-01-06T00:30:00.000Z', bytes: now.bytes, files: now.files },
      ])
      const o = await overview(timed, signInDirectly(timed))
      expect(o.storagePerDay).toHaveLength(30)
      expect(o.storagePerDay.slice(-3)).toEqual([
        // Before the platform ran: no figure, not a zero.
        { day: '2026-01-04', artifactBytes: null, files: null },
        { day: '2026-01-05', artifactBytes: now.bytes, files: now.files },
        { day: '2026-01-06', artifactBytes: now.bytes, files: now.files },
      ])
    } finally {
      await timed.stop()
    }
  })

  it('answers 401 to a visitor when anonymous access is off', async () => {
    const res = await fetch(`${server.url}/ui/api/v1/ui/home/overview`)
    expect(res.status).toBe(401)
  })
})
