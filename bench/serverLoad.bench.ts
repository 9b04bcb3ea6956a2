/**
 * A bounded load run on loopback (autocannon) against the reference server in-process:
 * metadata GraphQL package queries (the committed catalogue, then 50,000 synthetic packages
 * added) and login. Requests per second, p99 latency, errors and non-2xx answers.
 * Every run lasts DURATION seconds with CONNECTIONS connections; figures are printed, never asserted.
 */
import autocannon from 'autocannon'
import { startTestServer, type TestServer } from '../tests/support/server'
import type { Figure } from './types'

export const title = 'Reference server under load (loopback, autocannon)'

const DURATION = 5
const CONNECTIONS = 10
const SYNTHETIC = 50_000

const FIRST_PAGE = `query Packages($filter: PackageFilter!, $first: Int, $after: ID, $orderBy: PackageOrder) {
  packages(filter: $filter, first: $first, after: $after, orderBy: $orderBy) {
    totalCount
    edges { cursor node { id name packageType description created modified latestVersion versionsCount
      licenses { name source } tags vulnerabilities { critical high medium low info unknown skipped } } }
    pageInfo { hasNextPage endCursor }
  }
}`

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
  if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  return cookie
}

async function load(name: string, options: autocannon.Options): Promise<Figure[]> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options })
  return [
    { name: `${name}: requests per second`, value: result.requests.average, unit: 'req/s' },
    { name: `${name}: p99 latency`, value: result.latency.p99, unit: 'ms' },
    { name: `${name}: errors`, value: result.errors + result.timeouts, unit: 'count' },
    { name: `${name}: non-2xx answers`, value: result.non2xx, unit: 'count' },
  ]
}

function graphqlRun(
  server: TestServer,
  cookie: string,
  variables: Record<string, unknown>,
): autocannon.Options {
  return {
    url: `${server.url}/ui/api/v1/mds/packages`,
    method: 'POST',
    headers: headers(server.url, cookie),
    body: JSON.stringify({ graphQL: { query: FIRST_PAGE, variables } }),
  }
}

export async function run(): Promise<Figure[]> {
  const figures: Figure[] = []
  // Login's rate limit is lifted: the run measures the work of a login, not the limiter.
  const server = await startTestServer({
    rateLimit: { max: 1_000_000_000, windowMs: 60_000 },
    graphqlBudget: { perSecond: 1e12, burst: 1e12 },
  })
  try {
    const cookie = await signIn(server)
    const { n } = server.ctx.db.prepare('SELECT COUNT(*) AS n FROM catalog_packages').get() as { n: number }
    figures.push({ name: 'catalogue packages (snapshot + samples)', value: n, unit: 'packages' })
    figures.push(
      ...(await load('GraphQL first page of 100, by name', graphqlRun(server, cookie, { filter: {} }))),
    )
    figures.push(
      ...(await load(
        'GraphQL name "react*", npm only',
        graphqlRun(server, cookie, { filter: { name: 'react*', packageTypeIn: ['npm'] } }),
      )),
    )
    figures.push(
      ...(await load('login (scrypt)', {
        url: `${server.url}/ui/api/v1/ui/auth/login`,
        method: 'POST',
        headers: headers(server.url),
        body: JSON.stringify({ user: 'developer', password: server.config.userPassword, type: 'login' }),
      })),
    )
  } finally {
    await server.stop()
  }

  const previous = process.env.CATALOG_SYNTHETIC
  process.env.CATALOG_SYNTHETIC = String(SYNTHETIC)
  const started = performance.now()
  const large = await startTestServer({
    rateLimit: { max: 1_000_000_000, windowMs: 60_000 },
    graphqlBudget: { perSecond: 1e12, burst: 1e12 },
  })
  const startMs = performance.now() - started
  if (previous === undefined) delete process.env.CATALOG_SYNTHETIC
  else process.env.CATALOG_SYNTHETIC = previous
  try {
    figures.push({
      name: `server start with ${SYNTHETIC.toLocaleString('en')} synthetic packages`,
      value: startMs,
      unit: 'ms',
    })
    const cookie = await signIn(large)
    figures.push(
      ...(await load(
        '50k: GraphQL first page of 100 + totalCount',
        graphqlRun(large, cookie, { filter: {} }),
      )),
    )
    figures.push(
      ...(await load(
        '50k: GraphQL newest first (CREATED DESC)',
        graphqlRun(large, cookie, { filter: {}, orderBy: { field: 'CREATED', direction: 'DESC' } }),
      )),
    )
    figures.push(
      ...(await load(
        '50k: GraphQL name "synthetic-core-0*"',
        graphqlRun(large, cookie, { filter: { name: 'synthetic-core-0*' } }),
      )),
    )
  } finally {
    await large.stop()
  }
  return figures
}
