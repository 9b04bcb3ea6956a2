/**
 * The health endpoint while one signed-in user loads the metadata GraphQL API (issue: "one
 * signed-in user can stall the platform"): a one-node platform in a child process (so the
 * load generator does not share its event loop), 20 autocannon connections sending the
 * 50-alias query (50 × packages(first: 100)) and the console's page of 100 in turn, and
 * /system/ping asked one request at a time meanwhile. Prints p50/p99/max of the pings and the
 * GraphQL answers by status. Figures only; the machine is shared, say so with them.
 */
import autocannon from 'autocannon'
import { startPlatformProcess } from '../tests/support/platformProcess'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PACKAGES_QUERY } from '../domain/packages/listRead'
import type { Figure } from './types'

export const title = 'Health endpoint under a bounded GraphQL load (20 connections, one user)'

const DURATION_S = 10
const CONNECTIONS = 20
const FIELDS = 'id name packageType description created modified latestVersion versionsCount tags'
const ALIASES = `{ ${Array.from({ length: 50 }, (_, i) => `a${i}: packages(filter: {}, first: 100) { edges { node { ${FIELDS} } } }`).join(' ')} }`

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

export async function run(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-health-'))
  const platform = await startPlatformProcess(dataDir, { RATE_LIMIT_MAX: '1000000' })
  try {
    const base = `${platform.url}/ui/api/v1`
    const headers = {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      origin: platform.url,
    }
    const login = await fetch(`${base}/ui/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ user: 'developer', password: 'password', type: 'login' }),
    })
    const cookie = login.headers.get('set-cookie')?.split(';')[0]
    if (login.status !== 200 || !cookie) throw new Error(`login answered ${login.status}`)
    const bodies = [
      JSON.stringify({ graphQL: { query: ALIASES } }),
      JSON.stringify({ graphQL: { query: PACKAGES_QUERY, variables: { filter: {}, first: 100 } } }),
    ]
    let turn = 0
    const load = autocannon({
      url: `${base}/mds/packages`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: 30,
      headers: { ...headers, cookie },
      requests: [{ setupRequest: (req) => ({ ...req, body: bodies[turn++ % bodies.length] }) }],
    })
    const pings: number[] = []
    const end = Date.now() + DURATION_S * 1000
    while (Date.now() < end) {
      const started = performance.now()
      await fetch(`${base}/system/ping`).then((r) => r.text())
      pings.push(performance.now() - started)
    }
    const result = await load
    pings.sort((a, b) => a - b)
    return [
      { name: 'ping p50 under load', value: percentile(pings, 50), unit: 'ms' },
      { name: 'ping p99 under load', value: percentile(pings, 99), unit: 'ms', target: '≤ 200 ms' },
      { name: 'ping max under load', value: pings.at(-1) ?? 0, unit: 'ms' },
      { name: 'pings answered', value: pings.length, unit: 'count' },
      { name: 'GraphQL p99 latency', value: result.latency.p99, unit: 'ms', target: 'no request over 5 s' },
      { name: 'GraphQL max latency', value: result.latency.max, unit: 'ms' },
      { name: 'GraphQL timeouts and errors', value: result.timeouts + result.errors, unit: 'count' },
      ...Object.entries(result.statusCodeStats ?? {}).map(([status, stat]) => ({
        name: `GraphQL answers ${status}`,
        value: stat.count ?? 0,
        unit: 'count',
      })),
    ]
  } finally {
    await platform.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
