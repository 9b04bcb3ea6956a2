/**
 * The catalogue at 5k, 50k and 500k synthetic packages (CATALOGUE_SIZES to choose), each on
 * the reference server in this process: start on a fresh data folder (the ready-made
 * catalogue built from nothing, in its own temporary folder) and again on the existing one,
 * memory, database size, and under 10 connections for 5 s each: the first page of 100 with
 * every field the list shows, a name-prefix search, the total count alone, newest first.
 */
import autocannon from 'autocannon'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestServer, type TestServer } from '../tests/support/server'
import type { Figure } from './types'

export const title = 'Catalogue at scale (in-process server, loopback, 10 connections)'

const SIZES = (process.env.CATALOGUE_SIZES ?? '5000,50000,500000').split(',').map(Number)
const DURATION = 5
const CONNECTIONS = 10

const LIST = `query Packages($filter: PackageFilter!, $first: Int, $orderBy: PackageOrder) {
  packages(filter: $filter, first: $first, orderBy: $orderBy) {
    edges { cursor node { id name packageType description created modified latestVersion versionsCount
      licenses { name source } tags vulnerabilities { critical high medium low info unknown skipped } } }
    pageInfo { hasNextPage endCursor }
  }
}`
const COUNT = `query Count($filter: PackageFilter!) { packages(filter: $filter, first: 0) { totalCount } }`

const headers = (url: string, cookie?: string) => ({
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
  origin: url,
  ...(cookie ? { cookie } : {}),
})

async function signIn(server: TestServer): Promise<string> {
  const res = await fetch(`${server.url}/ui/api/v1/ui/auth/login`, {
    method: 'POST',
    headers: headers(server.url),
    body: JSON.stringify({ user: 'developer', password: server.config.userPassword, type: 'login' }),
  })
  const cookie = res.headers.get('set-cookie')?.split(';')[0]
  if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status}`)
  return cookie
}

async function start(dataDir: string, synthetic: number): Promise<{ server: TestServer; ms: number }> {
  const previous = process.env.CATALOG_SYNTHETIC
  process.env.CATALOG_SYNTHETIC = String(synthetic)
  const started = performance.now()
  try {
    const server = await startTestServer({
      dataDir,
      // Lifted: the run measures the catalogue, not the limits on one caller.
      rateLimit: { max: 1_000_000_000, windowMs: 60_000 },
      graphqlBudget: { perSecond: 1e12, burst: 1e12 },
    })
    return { server, ms: performance.now() - started }
  } finally {
    if (previous === undefined) delete process.env.CATALOG_SYNTHETIC
    else process.env.CATALOG_SYNTHETIC = previous
  }
}

/** Closes the server but keeps its data folder (startTestServer's stop() removes it). */
async function close(server: TestServer): Promise<void> {
  await server.app.close()
  server.ctx.db.close()
}

async function load(
  label: string,
  server: TestServer,
  cookie: string,
  query: string,
  variables: object,
): Promise<Figure[]> {
  const result = await autocannon({
    url: `${server.url}/ui/api/v1/mds/packages`,
    method: 'POST',
    headers: headers(server.url, cookie),
    body: JSON.stringify({ graphQL: { query, variables } }),
    connections: CONNECTIONS,
    duration: DURATION,
  })
  const bad = result.errors + result.timeouts + result.non2xx
  if (bad > 0) throw new Error(`${label}: ${bad} failed or refused answers`)
  return [
    { name: `${label}: answers per second`, value: result.requests.average, unit: 'req/s' },
    { name: `${label}: p50`, value: result.latency.p50, unit: 'ms' },
    { name: `${label}: p99`, value: result.latency.p99, unit: 'ms' },
  ]
}

export async function run(): Promise<Figure[]> {
  const figures: Figure[] = []
  const previousTmp = process.env.TMPDIR
  for (const size of SIZES) {
    const label = size >= 1000 ? `${size / 1000}k` : String(size)
    // Its own temporary folder: the ready-made catalogue is built from nothing, not reused.
    const tmp = mkdtempSync(join(tmpdir(), 'catalogue-bench-'))
    const dataDir = join(tmp, 'data')
    process.env.TMPDIR = tmp
    try {
      const fresh = await start(dataDir, size)
      await close(fresh.server)
      const again = await start(dataDir, size)
      const { server } = again
      try {
        const db = (f: string) => {
          try {
            return statSync(join(dataDir, f)).size
          } catch {
            return 0
          }
        }
        figures.push(
          { name: `${label}: start, fresh data folder`, value: fresh.ms / 1000, unit: 's' },
          {
            name: `${label}: start, existing data folder`,
            value: again.ms / 1000,
            unit: 's',
            target: '≤ 3 s',
          },
          {
            name: `${label}: process memory (RSS) after start`,
            value: process.memoryUsage().rss / 2 ** 20,
            unit: 'MB',
          },
          {
            name: `${label}: database size`,
            value: (db('platform.db') + db('platform.db-wal')) / 2 ** 20,
            unit: 'MB',
          },
        )
        const cookie = await signIn(server)
        figures.push(
          ...(await load(`${label}: first page of 100, by name`, server, cookie, LIST, {
            filter: {},
            first: 100,
          })),
          ...(await load(`${label}: name prefix "synthetic-core-0*"`, server, cookie, LIST, {
            filter: { name: 'synthetic-core-0*' },
            first: 100,
          })),
          ...(await load(`${label}: total count`, server, cookie, COUNT, { filter: {} })),
          ...(await load(`${label}: newest first`, server, cookie, LIST, {
            filter: {},
            first: 100,
            orderBy: { field: 'CREATED', direction: 'DESC' },
          })),
        )
      } finally {
        await close(server)
      }
    } finally {
      if (previousTmp === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = previousTmp
      rmSync(tmp, { recursive: true, force: true })
    }
  }
  return figures
}
