/**
 * The home page's figures: packages by type and vulnerabilities by severity over the catalogue
 * (their totals agree with the catalogue's own calls), a file deployed with a generic PUT at the
 * top of the recent deployments with who deployed it, its bytes in the blob store counted once,
 * this node's services healthy, and nothing for a visitor when anonymous access is off. The
 * storage figures come from the storage cache: 'calculating' on a fresh platform until the walk
 * of the blob store ends, then what is on disk.
 */
import { randomBytes } from 'node:crypto'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
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
}

const overview = async (): Promise<Overview> => {
  const res = await fetch(`${server.url}/ui/api/v1/ui/home/overview`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return (await res.json()) as Overview
}

/** Bytes and files under the data folder's blob store (not its upload area), read here directly. */
function onDisk(dir = join(server.config.dataDir, 'blobs')): { bytes: number; files: number } {
  let bytes = 0
  let files = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory() && path !== join(server.config.dataDir, 'blobs', 'tmp')) {
      const inner = onDisk(path)
      bytes += inner.bytes
      files += inner.files
    } else if (entry.isFile()) {
      bytes += statSync(path).size
      files += 1
    }
  }
  return { bytes, files }
}

/** The overview once the storage cache has figures that match `done` (it is recalculated in the background). */
async function overviewWhen(done: (o: Overview) => boolean): Promise<Overview> {
  let last = await overview()
  await expect.poll(async () => done((last = await overview())), { timeout: 15_000, interval: 50 }).toBe(true)
  return last
}

beforeAll(async () => {
  server = await startTestServer()
  cookie = signInDirectly(server)
})
afterAll(async () => server?.stop())

describe('the overview', () => {
  it('says the storage cache is being calculated on a fresh platform, then gives what is on disk', async () => {
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
    const disk = onDisk()
    expect(ready.storage).toMatchObject({ artifactBytes: disk.bytes, blobCount: disk.files })
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
  })

  it('answers 401 to a visitor when anonymous access is off', async () => {
    const res = await fetch(`${server.url}/ui/api/v1/ui/home/overview`)
    expect(res.status).toBe(401)
  })
})
