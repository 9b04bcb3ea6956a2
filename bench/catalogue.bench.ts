/**
 * The catalogue at 5k, 50k and 500k synthetic packages (CATALOGUE_SIZES to choose), each on
 * the reference server in this process: start on a fresh data folder (the ready-made
 * catalogue built from nothing, in its own temporary folder) and again on the existing one,
 * memory, database size, and under 10 connections for 5 s each: the first page of 100 with
 * every field the list shows, a name-prefix search, the total count alone, newest first.
 * The load comes from a worker thread (autocannon's workers), so the server's event loop
 * serves requests only instead of also generating them. Prints SQLite's plan of each query
 * shape (EXPLAIN QUERY PLAN) and, at the end, the sizes side by side.
 */
import autocannon from 'autocannon'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { performance } from 'node:perf_hooks'
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
  // The server's event loop: how long it was busy per answer, which the load on the rest of a
  // shared machine changes far less than latency (a busy loop answers 1,000 / busy ms per second).
  const loopBefore = performance.eventLoopUtilization()
  const result = await autocannon({
    url: `${server.url}/ui/api/v1/mds/packages`,
    method: 'POST',
    headers: headers(server.url, cookie),
    body: JSON.stringify({ graphQL: { query, variables } }),
    connections: CONNECTIONS,
    duration: DURATION,
    workers: 1,
  })
  const loop = performance.eventLoopUtilization(loopBefore)
  const busyPerAnswer = loop.active / Math.max(1, result.requests.total)
  const bad = result.errors + result.timeouts + result.non2xx
  if (bad > 0) throw new Error(`${label}: ${bad} failed or refused answers`)
  return [
    { name: `${label}: answers per second`, value: result.requests.average, unit: 'req/s' },
    { name: `${label}: p50`, value: result.latency.p50, unit: 'ms' },
    { name: `${label}: p99`, value: result.latency.p99, unit: 'ms' },
    { name: `${label}: server busy per answer`, value: busyPerAnswer, unit: 'ms' },
    {
      name: `${label}: answers/s the server's one thread could give`,
      value: 1000 / busyPerAnswer,
      unit: 'req/s',
    },
  ]
}

/** The SQL the metadata resolvers run for each measured request (server/metadata/resolvers.ts). */
const PLANS: ReadonlyArray<[string, string, unknown[]]> = [
  [
    'first page by name',
    'SELECT p.* FROM catalog_packages p ORDER BY p.name_lower ASC, p.id ASC LIMIT ?',
    [101],
  ],
  [
    'next page by name (keyset)',
    'SELECT p.* FROM catalog_packages p WHERE (p.name_lower, p.id) > (?, ?) ORDER BY p.name_lower ASC, p.id ASC LIMIT ?',
    ['synthetic-core', '', 101],
  ],
  [
    'name prefix',
    'SELECT p.* FROM catalog_packages p WHERE p.name_lower GLOB ? ORDER BY p.name_lower ASC, p.id ASC LIMIT ?',
    ['synthetic-core-0*', 101],
  ],
  [
    'name prefix, count',
    'SELECT COUNT(*) AS n FROM catalog_packages p WHERE p.name_lower GLOB ?',
    ['synthetic-core-0*'],
  ],
  ['total count (kept by triggers)', "SELECT n FROM catalog_counts WHERE name = 'packages'", []],
  ['newest first', 'SELECT p.* FROM catalog_packages p ORDER BY p.created DESC, p.id DESC LIMIT ?', [101]],
]

function printPlans(server: TestServer): void {
  console.log('  EXPLAIN QUERY PLAN:')
  for (const [name, sql, params] of PLANS) {
    const rows = server.ctx.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{
      detail: string
    }>
    console.log(`    ${name.padEnd(32)} ${rows.map((r) => r.detail).join('; ')}`)
  }
}

/** The figures of every size side by side, as docs/figures.md has them. */
function printTable(figures: ReadonlyArray<Figure>, labels: ReadonlyArray<string>): void {
  const rows = [
    ['start, fresh data folder (s)', 'start, fresh data folder'],
    ['start, existing data folder (s)', 'start, existing data folder'],
    ['RSS after start (MB)', 'process memory (RSS) after start'],
    ['database size (MB)', 'database size'],
    ['first page of 100, answers/s', 'first page of 100, by name: answers per second'],
    ['first page p50 (ms)', 'first page of 100, by name: p50'],
    ['first page p99 (ms)', 'first page of 100, by name: p99'],
    ['first page, server busy per answer (ms)', 'first page of 100, by name: server busy per answer'],
    ['name prefix p99 (ms)', 'name prefix "synthetic-core-0*": p99'],
    ['total count p99 (ms)', 'total count: p99'],
    ['newest first p99 (ms)', 'newest first: p99'],
  ]
  const value = (label: string, name: string) => {
    const f = figures.find((x) => x.name === `${label}: ${name}`)
    return f === undefined
      ? '–'
      : f.value >= 100
        ? Math.round(f.value).toLocaleString('en')
        : f.value.toPrecision(3)
  }
  console.log(`\n  | ${'figure'.padEnd(40)} | ${labels.map((l) => l.padStart(8)).join(' | ')} |`)
  for (const [title, name] of rows)
    console.log(`  | ${title!.padEnd(40)} | ${labels.map((l) => value(l, name!).padStart(8)).join(' | ')} |`)
}

export async function run(): Promise<Figure[]> {
  const figures: Figure[] = []
  const labels: string[] = []
  const previousTmp = process.env.TMPDIR
  for (const size of SIZES) {
    const label = size >= 1000 ? `${size / 1000}k` : String(size)
    labels.push(label)
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
        console.log(`  ${label}:`)
        printPlans(server)
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
  printTable(figures, labels)
  return figures
}
