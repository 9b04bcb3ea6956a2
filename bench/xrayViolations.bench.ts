/**
 * The violations page at 100,000 violations (`npm run bench -- xrayViolations`): that many
 * violations stored over the catalogue's npm versions (200 advisories each on 500 versions,
 * spread over a year, with a few ignore rules in force), then the console's first page (25,
 * newest first) asked over HTTP, one request after another, unfiltered and filtered by
 * severity and by watch, and the watches list (each watch's kept count less what the ignore
 * rules lift): p50 and p99 of each. On SQLite, and on PostgreSQL with `XRAY_BENCH_POSTGRES=1`
 * (a PostgreSQL the test support starts).
 */
import { startTestServer, type TestServer } from '../tests/support/server'
import { VIOLATIONS_PAGE_SIZE } from '../domain/xray'
import { xrayStore } from '../server/xray/store'
import type { Figure } from './types'

export const optional = true
export const title = 'Security scanning: the violations page at 100,000 violations'

const VIOLATIONS = 100_000
const PER_VERSION = 200
const REQUESTS = Number(process.env.XRAY_BENCH_REQUESTS ?? 200)
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'unknown'] as const

async function signIn(server: TestServer): Promise<string> {
  const res = await fetch(`${server.url}/ui/api/v1/ui/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin: server.url },
    body: JSON.stringify({ user: 'developer', password: server.config.userPassword, type: 'login' }),
  })
  const cookie = res.headers.get('set-cookie')?.split(';')[0]
  if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status}`)
  return cookie
}

/** 100,000 violations over the first 500 npm versions, of four watches, and five ignore rules. */
async function fill(server: TestServer): Promise<void> {
  const sql = server.ctx.sql
  const versions = (
    await sql.all<{ id: string }>(
      "SELECT id FROM catalog_versions WHERE repo_type = 'npm' ORDER BY id LIMIT ?",
      [VIOLATIONS / PER_VERSION],
    )
  ).map((r) => r.id)
  if (versions.length * PER_VERSION < VIOLATIONS) throw new Error(`only ${versions.length} npm versions`)
  const start = Date.parse('2026-01-01T00:00:00Z')
  const rows: unknown[][] = []
  for (let i = 0; i < VIOLATIONS; i++) {
    const version = versions[Math.floor(i / PER_VERSION)]!
    const severity = SEVERITIES[i % SEVERITIES.length]!
    rows.push([
      version,
      `watch-${i % 4}`,
      `policy-${i % 4}`,
      severity,
      'security',
      `BENCH-${String(i % PER_VERSION).padStart(4, '0')}`,
      version.replace(/^npm:\/\//, '').replace(/@[^@]*$/, ''),
      severity,
      i % 3 === 0 ? 1 : 0,
      i % 2,
      1,
      new Date(start + Math.floor((i * 365 * 86_400_000) / VIOLATIONS)).toISOString(),
    ])
  }
  await sql.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500)
      await tx.run(
        `INSERT INTO xray_violations (version_id, watch_name, policy_name, rule_name, type, issue, component, severity,
           block_download, fail_build, notify, created)
         VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        chunk.flat() as string[],
      )
    }
    for (let i = 0; i < 4; i++)
      await tx.run(
        `INSERT INTO xray_watches (name, description, resources_json, created, modified)
         VALUES (?, 'bench', '{"kind":"all"}', ?, ?)`,
        [`watch-${i}`, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'],
      )
    for (let i = 0; i < 5; i++)
      await tx.run(
        `INSERT INTO xray_ignore_rules (id, issue, reason, created_by, created) VALUES (?, ?, 'bench', 'admin', ?)`,
        [`bench-${i}`, `BENCH-${String(i * 7).padStart(4, '0')}`, '2026-01-01T00:00:00Z'],
      )
  })
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

/** The times of one call asked again and again, each answer checked. */
async function timed(url: string, cookie: string, check: (status: number, body: unknown) => void) {
  const times: number[] = []
  for (let i = 0; i < REQUESTS + 5; i++) {
    const t0 = performance.now()
    const res = await fetch(url, { headers: { cookie } })
    const body: unknown = await res.json()
    const ms = performance.now() - t0
    check(res.status, body)
    // The first few warm the caches and the JIT.
    if (i >= 5) times.push(ms)
  }
  return times.sort((a, b) => a - b)
}

const firstPage = (server: TestServer, cookie: string, query: string) =>
  timed(
    `${server.url}/ui/api/v1/xray/api/v1/violations?limit=${VIOLATIONS_PAGE_SIZE}&offset=0${query}`,
    cookie,
    (status, body) => {
      const rows = (body as { rows?: unknown[] }).rows
      if (status !== 200 || rows?.length !== VIOLATIONS_PAGE_SIZE)
        throw new Error(`violations answered ${status} with ${rows?.length} rows`)
    },
  )

export async function run(): Promise<Figure[]> {
  const engines: Array<'sqlite' | 'postgres'> = process.env.XRAY_BENCH_POSTGRES
    ? ['sqlite', 'postgres']
    : ['sqlite']
  const figures: Figure[] = []
  for (const engine of engines) {
    const server = await startTestServer(
      { rateLimit: { max: 1_000_000_000, windowMs: 60_000 } },
      {},
      { engine },
    )
    try {
      const t0 = performance.now()
      await fill(server)
      // As the end of a scan run that stored them does.
      await xrayStore(server.ctx.sql).refreshPlannerStatistics()
      figures.push({
        name: `${engine}: storing 100,000 violations`,
        value: performance.now() - t0,
        unit: 'ms',
      })
      const cookie = await signIn(server)
      for (const [label, query] of [
        ['first page', ''],
        ['first page, critical only', '&severity=critical'],
        ['first page, one watch', '&watch=watch-1'],
      ] as const) {
        const times = await firstPage(server, cookie, query)
        figures.push({
          name: `${engine}: ${label}, p50 (${REQUESTS} requests)`,
          value: percentile(times, 50),
          unit: 'ms',
        })
        figures.push({ name: `${engine}: ${label}, p99`, value: percentile(times, 99), unit: 'ms' })
      }
      // The watches list: each watch's violations in force.
      const watches = await timed(`${server.url}/ui/api/v1/xray/api/v1/watches`, cookie, (status) => {
        if (status !== 200) throw new Error(`watches answered ${status}`)
      })
      figures.push({
        name: `${engine}: watches with their counts, p50 (${REQUESTS} requests)`,
        value: percentile(watches, 50),
        unit: 'ms',
      })
      figures.push({
        name: `${engine}: watches with their counts, p99`,
        value: percentile(watches, 99),
        unit: 'ms',
      })
    } finally {
      await server.stop()
    }
  }
  return figures
}
