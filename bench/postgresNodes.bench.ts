/**
 * The platform on PostgreSQL with one and with two nodes, beside SQLite, in one run
 * (`npm run bench -- postgresNodes`; NODES_BENCH_SIZE synthetic packages, 500,000 by default).
 * Each node is a process as `npm start` runs it (`tsx server/main.ts`, NODES=1); the two nodes on
 * PostgreSQL stand for two hosts: one database, a data folder each, one blob folder (BLOB_DIR)
 * and node ids of their own (NODE_ID). The PostgreSQL is Debian's, durable as in production (fsync on, commits wait for the
 * disk), as SQLite's commits do here.
 *
 * For each: the first start's time; the catalogue's first page of 100 under 10 connections
 * (answers/s, p50, p99; with two nodes, 5 connections on each and the answers summed), after a
 * warm-up of the same load that is not counted (compiled queries, caches, the pool's connections); 200
 * packages published one at a time through the npm registry (alternately through each node with
 * two), then `npm install` (the npm CLI) of a project depending on all 200 from the virtual
 * repository (through the second node with two).
 *
 * Then the checks of two nodes, counted rather than asserted: a session made on one node
 * used on the other; 40 parallel wrong passwords on one node, and spread over both, and their
 * 429s; a node killed (every process of it, SIGKILL) while publishes run through both, and how
 * many acknowledged publishes the other node then serves byte for byte (none may be lost).
 */
import autocannon from 'autocannon'
import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { promisify } from 'node:util'
import { startPlatformProcess, type PlatformProcess } from '../tests/support/platformProcess'
import { startPostgres } from '../tests/support/postgres'
import {
  browserHeaders as browser,
  packageBody,
  publish,
  publishThroughKill,
  registryOf,
  servedAs,
  signIn,
  wrongPasswords,
} from '../tests/support/nodeChecks'
import type { Figure } from './types'

export const optional = true
export const title = 'PostgreSQL: one and two nodes beside SQLite (catalogue, publish, install, faults)'

const SIZE = Number(process.env.NODES_BENCH_SIZE ?? 500_000)
const SECONDS = Number(process.env.NODES_BENCH_SECONDS ?? 10)
/** The same load run first and not counted: a cold node's first seconds are not its rate. */
const WARM_UP_SECONDS = Number(process.env.NODES_BENCH_WARM_UP_SECONDS ?? 5)
const PACKAGES = 200
const CONNECTIONS = 10
/** Publishes under way through both nodes when one is killed, and how many acknowledged before. */
const FAULT_LANES = 6
const FAULT_ACKS_BEFORE_KILL = 30
const FAULT_PUBLISHES = 120

const LIST = `query Packages($filter: PackageFilter!, $first: Int) {
  packages(filter: $filter, first: $first) {
    edges { cursor node { id name packageType description created modified latestVersion versionsCount
      licenses { name source } tags vulnerabilities { critical high medium low info unknown skipped } } }
    pageInfo { hasNextPage endCursor }
  }
}`

const sizeLabel = SIZE >= 1000 ? `${SIZE / 1000}k` : String(SIZE)
const exec = promisify(execFile)

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

function loadNow(): string {
  return execFileSync('cat', ['/proc/loadavg']).toString().split(' ').slice(0, 3).join(' ')
}

async function session(url: string, user = 'admin', password = 'password'): Promise<string> {
  const res = await signIn(url, user, password)
  const cookie = res.headers.get('set-cookie')?.split(';')[0]
  if (res.status !== 200 || !cookie) throw new Error(`sign-in on ${url}: ${res.status}`)
  return cookie
}

async function npmToken(url: string, cookie: string): Promise<string> {
  const res = await fetch(`${url}/ui/api/v1/ui/npm/token`, {
    method: 'POST',
    headers: browser(url, cookie),
    body: '{}',
  })
  if (res.status !== 200) throw new Error(`npm token: ${res.status}`)
  return ((await res.json()) as { token: string }).token
}

interface Node {
  readonly url: string
  readonly process: PlatformProcess
}

async function startNode(dataDir: string, env: NodeJS.ProcessEnv): Promise<{ node: Node; seconds: number }> {
  const started = performance.now()
  const process = await startPlatformProcess(dataDir, {
    CATALOG_SYNTHETIC: String(SIZE),
    NPM_REMOTE_URL: 'offline',
    GENERIC_REMOTE_URL: 'offline',
    DOCKER_REMOTE_URL: 'offline',
    // Lifted: the run measures the catalogue, not the budget of one caller. The sign-in limit
    // stays as shipped: the checks count its 429s.
    GRAPHQL_BUDGET_PER_SECOND: '1000000000000',
    GRAPHQL_BUDGET_BURST: '1000000000000',
    ...env,
  })
  return { node: { url: process.url, process }, seconds: (performance.now() - started) / 1000 }
}

async function firstPage(label: string, nodes: readonly Node[], cookie: string): Promise<Figure[]> {
  const each = CONNECTIONS / nodes.length
  const load = (duration: number) =>
    Promise.all(
      nodes.map((node) =>
        autocannon({
          url: `${node.url}/ui/api/v1/mds/packages`,
          method: 'POST',
          headers: browser(node.url, cookie),
          body: JSON.stringify({ graphQL: { query: LIST, variables: { filter: {}, first: 100 } } }),
          connections: each,
          duration,
          // A loaded machine's slow answer is a latency to count, not a failure (10 s by default:
          // at load 30 a 500k run's first page stopped the whole bench there).
          timeout: 60,
        }),
      ),
    )
  if (WARM_UP_SECONDS > 0) await load(WARM_UP_SECONDS)
  const results = await load(SECONDS)
  const bad = results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0)
  const figures: Figure[] = [
    // Counted, not thrown: the rest of the run still measures publish, install and two nodes.
    { name: `${label}: failed, refused or timed-out answers`, value: bad, unit: '', target: '0' },
    {
      name: `${label}: first page of 100, answers/s`,
      value: results.reduce((n, r) => n + r.requests.average, 0),
      unit: 'req/s',
      target: '≥ 1,000 on a quiet machine',
    },
  ]
  results.forEach((r, i) => {
    const which = nodes.length > 1 ? ` (node ${i + 1})` : ''
    figures.push(
      { name: `${label}: first page p50${which}`, value: r.latency.p50, unit: 'ms' },
      { name: `${label}: first page p99${which}`, value: r.latency.p99, unit: 'ms' },
    )
  })
  return figures
}

async function publishAndInstall(label: string, nodes: readonly Node[], token: string): Promise<Figure[]> {
  const stamp = Date.now().toString(36)
  const names = Array.from({ length: PACKAGES }, (_, i) => `@bench/n${nodes.length}-${i}-${stamp}`)
  const times: number[] = []
  const started = performance.now()
  for (const [i, name] of names.entries()) {
    const { body } = packageBody(name)
    const t = performance.now()
    const res = await publish(nodes[i % nodes.length]!.url, token, name, body)
    if (res.status !== 200) throw new Error(`publish ${name}: ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
    times.push(performance.now() - t)
  }
  const publishWall = performance.now() - started
  times.sort((a, b) => a - b)

  const work = mkdtempSync(join(tmpdir(), 'nodes-bench-npm-'))
  try {
    const from = nodes.at(-1)!
    const registry = registryOf(from.url, 'npm')
    const rc = join(work, 'npmrc')
    writeFileSync(rc, `registry=${registry}\n${registry.replace(/^https?:/, '')}:_authToken=${token}\n`)
    writeFileSync(
      join(work, 'package.json'),
      JSON.stringify({
        name: 'bench-app',
        private: true,
        dependencies: Object.fromEntries(names.map((n) => [n, '1.0.0'])),
      }),
    )
    const t = performance.now()
    await exec('npm', ['install'], {
      cwd: work,
      timeout: 900_000,
      env: {
        PATH: process.env.PATH,
        HOME: work,
        npm_config_userconfig: rc,
        npm_config_cache: join(work, 'cache'),
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_update_notifier: 'false',
      },
    })
    const installWall = performance.now() - t
    return [
      { name: `${label}: publish ${PACKAGES} packages, wall`, value: publishWall / 1000, unit: 's' },
      { name: `${label}: publish p50`, value: percentile(times, 50), unit: 'ms' },
      { name: `${label}: publish p99`, value: percentile(times, 99), unit: 'ms' },
      { name: `${label}: npm install of ${PACKAGES} (CLI), wall`, value: installWall / 1000, unit: 's' },
    ]
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

async function checks(nodes: readonly [Node, Node], token: string): Promise<Figure[]> {
  const figures: Figure[] = []
  const [first, second] = nodes
  const cookie = await session(first.url)
  const other = await fetch(`${second.url}/ui/api/v1/ui/auth/current`, {
    headers: browser(second.url, cookie),
  })
  const who = other.status === 200 ? ((await other.json()) as { name?: string }).name : undefined
  figures.push({
    name: 'checks: a session made on node 1, answered on node 2 as its user',
    value: who === 'admin' ? 1 : 0,
    unit: who === 'admin' ? '(yes)' : `(no: ${other.status})`,
  })
  const one = await wrongPasswords([first.url], cookie, `guess-one-${Date.now().toString(36)}`)
  const both = await wrongPasswords(
    nodes.map((n) => n.url),
    cookie,
    `guess-two-${Date.now().toString(36)}`,
  )
  figures.push(
    {
      name: 'checks: 40 parallel wrong passwords on one node, 429s',
      value: one[429] ?? 0,
      unit: `(401s: ${one[401] ?? 0})`,
    },
    {
      name: 'checks: 40 parallel wrong passwords over two nodes, 429s',
      value: both[429] ?? 0,
      unit: `(401s: ${both[401] ?? 0})`,
    },
  )

  // Publishes through both nodes; node 1 is killed once enough were acknowledged.
  const { acknowledged, cutOff } = await publishThroughKill([first.url, second.url], token, {
    lanes: FAULT_LANES,
    acksBeforeKill: FAULT_ACKS_BEFORE_KILL,
    total: FAULT_PUBLISHES,
    prefix: `@fault/${Date.now().toString(36)}-p`,
    kill: () => first.process.kill(),
  })
  let served = 0
  for (const published of acknowledged)
    if ((await servedAs(second.url, token, published)) === 'whole') served++
  figures.push(
    {
      name: 'checks: node 1 killed mid-publish: acknowledged (through node 1 / 2)',
      value: acknowledged.length,
      unit: `(${acknowledged.filter((a) => a.through === 0).length} / ${acknowledged.filter((a) => a.through === 1).length})`,
    },
    { name: 'checks: publishes cut off by the kill (not acknowledged)', value: cutOff.length, unit: '' },
    {
      name: 'checks: acknowledged publishes lost (not served by node 2)',
      value: acknowledged.length - served,
      unit: '',
      target: '0',
    },
  )
  return figures
}

export async function run(): Promise<Figure[]> {
  const figures: Figure[] = []
  const note = (what: string) => console.log(`  … ${what} (load ${loadNow()})`)
  note(`${sizeLabel} synthetic packages`)

  // SQLite, one node.
  {
    const dataDir = mkdtempSync(join(tmpdir(), 'nodes-bench-sqlite-'))
    let node: Node | undefined
    try {
      note('SQLite: starting')
      const started = await startNode(dataDir, {})
      node = started.node
      figures.push({ name: `SQLite ${sizeLabel}: first start`, value: started.seconds, unit: 's' })
      const cookie = await session(node.url)
      note('SQLite: catalogue')
      figures.push(...(await firstPage(`SQLite ${sizeLabel}, one node`, [node], cookie)))
      note('SQLite: publish and install')
      figures.push(...(await publishAndInstall('SQLite, one node', [node], await npmToken(node.url, cookie))))
    } finally {
      await node?.process.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }

  // PostgreSQL, one node and then two.
  const postgres = await startPostgres({ durable: true })
  const dataDir = mkdtempSync(join(tmpdir(), 'nodes-bench-postgres-'))
  const secondDataDir = mkdtempSync(join(tmpdir(), 'nodes-bench-postgres-b-'))
  const nodes: Node[] = []
  try {
    const env = { DATABASE_URL: await postgres.database(), BLOB_DIR: join(dataDir, 'blobs') }
    note('PostgreSQL: starting node 1 (migrations, catalogue copied in, scanned)')
    const one = await startNode(dataDir, env)
    nodes.push(one.node)
    figures.push({ name: `PostgreSQL ${sizeLabel}: first start`, value: one.seconds, unit: 's' })
    const cookie = await session(one.node.url)
    const token = await npmToken(one.node.url, cookie)
    note('PostgreSQL: catalogue, one node')
    figures.push(...(await firstPage(`PostgreSQL ${sizeLabel}, one node`, nodes, cookie)))
    note('PostgreSQL: publish and install, one node')
    figures.push(...(await publishAndInstall('PostgreSQL, one node', nodes, token)))

    note('PostgreSQL: starting node 2')
    const two = await startNode(secondDataDir, { ...env, NODE_ID: 'host-b' })
    nodes.push(two.node)
    figures.push({ name: `PostgreSQL ${sizeLabel}: second node's start`, value: two.seconds, unit: 's' })
    note('PostgreSQL: catalogue, two nodes')
    figures.push(...(await firstPage(`PostgreSQL ${sizeLabel}, two nodes`, nodes, cookie)))
    note('PostgreSQL: publish and install, two nodes')
    figures.push(...(await publishAndInstall('PostgreSQL, two nodes', nodes, token)))
    note('PostgreSQL: checks of two nodes')
    figures.push(...(await checks([nodes[0]!, nodes[1]!], token)))
  } finally {
    for (const node of nodes) await node.process.stop()
    await postgres.stop()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(secondDataDir, { recursive: true, force: true })
  }
  note('done')
  return figures
}
