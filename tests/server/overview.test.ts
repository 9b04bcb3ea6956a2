/**
 * The home page's figures: packages by type and vulnerabilities by severity over the catalogue
 * (their totals agree with the catalogue's own calls), a file deployed with a generic PUT at the
 * top of the recent deployments with who deployed it, its bytes in the blob store counted once,
 * this node's services healthy, and nothing for a visitor when anonymous access is off.
 */
import { randomBytes } from 'node:crypto'
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
  storage: { artifactBytes: number; blobCount: number; diskFreeBytes: number; diskTotalBytes: number }
  health: Array<{ service: string; nodes: number; healthy: number }>
}

const overview = async (): Promise<Overview> => {
  const res = await fetch(`${server.url}/ui/api/v1/ui/home/overview`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return (await res.json()) as Overview
}

beforeAll(async () => {
  server = await startTestServer()
  cookie = signInDirectly(server)
})
afterAll(async () => server?.stop())

describe('the overview', () => {
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
    const before = await overview()
    const bytes = randomBytes(3000)
    const put = (path: string) =>
      fetch(`${server.url}/artifactory/generic-local/${path}`, {
        method: 'PUT',
        headers: { ...browserHeaders(server.url, cookie), 'content-type': 'application/octet-stream' },
        body: bytes,
      })
    expect((await put('overview/first.bin')).status).toBe(201)
    expect((await put('overview/same-bytes.bin')).status).toBe(201)
    const after = await overview()
    expect(
      after.recentDeployments
        .slice(0, 2)
        .map((d) => d.path)
        .sort(),
    ).toEqual(['overview/first.bin', 'overview/same-bytes.bin'])
    expect(after.recentDeployments[0]).toMatchObject({ repo: 'generic-local', size: 3000 })
    expect(after.recentDeployments[0]?.deployedBy).toMatch(/^catalog-tester-/)
    expect(after.storage.artifactBytes - before.storage.artifactBytes).toBe(3000)
    expect(after.storage.blobCount - before.storage.blobCount).toBe(1)
  })

  it('answers 401 to a visitor when anonymous access is off', async () => {
    const res = await fetch(`${server.url}/ui/api/v1/ui/home/overview`)
    expect(res.status).toBe(401)
  })
})
