import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db'
import { sqliteSql } from '../../server/db/sqliteSql'
import { poll } from '../support/wait'
import { createSession, type TestSession } from './helpers/sessions'
import { OFFLINE_REMOTES } from '../support/offlineRemotes'

interface NodeRow {
  node_id: string
  service_type: string
  status: string
  uptime: string
}

let child: ChildProcess
let dataDir: string
let admin: TestSession
let baseUrl = ''
let output = ''
let exited: Promise<number | null>

// A request that meets a node as it is killed can wait for ever (its connection was kept
// alive to the dead process): each ask is bounded, so poll asks again instead of hanging until
// the test's limit. CI saw exactly that once ("Timed out in waitFor!" in the crash test).
const status = async (): Promise<NodeRow[]> => {
  const res = await fetch(`${baseUrl}/ui/api/v1/system/status/ha`, {
    headers: { cookie: admin.cookie },
    signal: AbortSignal.timeout(5_000),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { services: NodeRow[] }).services
}

/** A condition of the cluster (child processes), asked again until it holds; fails with their output. */
const until = <T>(probe: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> =>
  poll(probe, ok, { what, timeoutMs: 45_000, detail: () => `server output:\n${output}` })

const onlineArtifactory = (rows: NodeRow[]) =>
  rows
    .filter((r) => r.service_type === 'artifactory' && r.status === 'Online')
    .map((r) => r.node_id)
    .sort()

/** Both nodes Online, each with its own files (written through a stream: a moment after start). */
async function bothNodesLogging(): Promise<NodeRow[]> {
  const rows = await until(status, (r) => onlineArtifactory(r).length === 2, 'two online nodes')
  for (const node of ['node-1', 'node-2']) {
    const file = join(dataDir, 'logs', node, 'artifactory-service.log')
    await until(async () => existsSync(file), Boolean, `${file}`)
    await until(
      async () => readFileSync(file, 'utf8'),
      (t) => t.includes(`started on ${node}`),
      `${node} log line`,
    )
  }
  return rows
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'console-cluster-'))
  // The database exists before the cluster starts, with an admin session to ask for status.
  const db = openDatabase(dataDir)
  admin = await createSession(sqliteSql(db), { admin: true })
  db.close()
  child = spawn(resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env: {
      ...process.env,
      ...OFFLINE_REMOTES,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      NODES: '2',
      HEARTBEAT_INTERVAL_MS: '200',
      PLATFORM_FLAVOUR: 'lightweight',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  exited = new Promise((done) => child.on('exit', (code) => done(code)))
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  baseUrl = await until(
    async () => /Console: (http:\/\/127\.0\.0\.1:\d+)\/ui\//.exec(output)?.[1] ?? '',
    (url) => url !== '',
    'the console URL',
  )
}, 60_000)

afterAll(async () => {
  // Stops the cluster if a test failed before doing so.
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM')
    await exited
  }
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the server as a cluster', () => {
  it('runs two nodes that both show Online in /system/status/ha, each with its own logs', async () => {
    const rows = await bothNodesLogging()
    expect(onlineArtifactory(rows)).toEqual(['node-1', 'node-2'])
    // The primary announced both nodes once they listened.
    await until(
      async () => output,
      (o) => /Node node-1 \(pid \d+\) is serving/.test(o) && /Node node-2 \(pid \d+\) is serving/.test(o),
      'both nodes serving',
    )
  }, 60_000)

  it("carries both nodes' logs, configuration and thread dumps in a support bundle, whichever node builds it", async () => {
    await bothNodesLogging()
    const api = `${baseUrl}/ui/api/v1`
    const made = await fetch(`${api}/ui/userSupport/generateBundle`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        origin: baseUrl,
        cookie: admin.cookie,
      },
      body: JSON.stringify({ name: 'cluster', parameters: { thread_dump: { count: 1 } } }),
    })
    expect(made.status).toBe(201)
    const { id, node_id: builder } = (await made.json()) as { id: string; node_id: string }
    await until(
      async () =>
        (await (
          await fetch(`${api}/ui/userSupport/listBundles`, { headers: { cookie: admin.cookie } })
        ).json()) as Array<{
          id: string
          status: string
        }>,
      (list) => list.some((b) => b.id === id && b.status === 'success'),
      'the bundle built',
    )
    const zip = await fetch(`${api}/ui/userSupport/downloadBundle/${id}`, {
      headers: { cookie: admin.cookie },
    })
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()))
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as {
      logsOf: string[]
      logsLacking: unknown[]
      diagnosticsLacking: unknown[]
    }
    // The nodes of one host share its data folder: the other node's files are read from it.
    expect(manifest.logsLacking).toEqual([])
    // The building node first, then the others.
    expect(manifest.logsOf).toEqual([builder, ...['node-1', 'node-2'].filter((n) => n !== builder)])
    for (const node of ['node-1', 'node-2'])
      expect(strFromU8(entries[`logs/${node}/artifactory-service.log`]!)).toContain(`started on ${node}`)
    // A thread dump is the process's own: the other node, at the address the host's nodes share,
    // is asked for its own until the call reaches it.
    expect(manifest.diagnosticsLacking).toEqual([])
    const pids = ['node-1', 'node-2'].map((node) => {
      const config = JSON.parse(strFromU8(entries[`config/${node}/server-config.json`]!)) as {
        node: { nodeId: string }
      }
      expect(config.node.nodeId).toBe(node)
      const dump = JSON.parse(strFromU8(entries[`thread-dumps/${node}/thread-dump-1.json`]!)) as {
        header: { processId: number }
      }
      return dump.header.processId
    })
    expect(new Set(pids).size).toBe(2)
  }, 60_000)

  it('restarts a node that crashes', async () => {
    const db = openDatabase(dataDir)
    const { pid } = db.prepare("SELECT pid FROM cluster_nodes WHERE node_id = 'node-2'").get() as {
      pid: number
    }
    db.close()
    const before = (await status()).find((r) => r.node_id === 'node-2')?.uptime
    process.kill(pid, 'SIGKILL')
    const rows = await until(
      status,
      (r) => r.some((n) => n.node_id === 'node-2' && n.status === 'Online' && n.uptime !== before),
      'node-2 back with a new process',
    )
    expect(onlineArtifactory(rows)).toEqual(['node-1', 'node-2'])
    expect(output).toMatch(/Node node-2 stopped \(signal SIGKILL\); restarting it \(1\/5\)/)
  }, 60_000)

  it('stops every node and itself on SIGTERM', async () => {
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    await expect(fetch(`${baseUrl}/ui/api/v1/system/ping`)).rejects.toThrow()
  }, 30_000)
})

describe('cluster settings', () => {
  it('refuses a NODES value that is not a node count', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-cluster-bad-'))
    try {
      const bad = spawn(resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
        env: { ...process.env, ...OFFLINE_REMOTES, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, NODES: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let err = ''
      bad.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()))
      const code = await new Promise<number | null>((done) => bad.on('exit', done))
      expect(code).toBe(1)
      expect(err).toContain('NODES must be a whole number from 1 to 16; got 0')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 30_000)
})
