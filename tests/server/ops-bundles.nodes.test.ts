/**
 * A support bundle on a cluster some of whose nodes are gone or hung: a node whose heartbeat is
 * stale is not asked at all, the others are asked at once (not one after the other, each adding
 * its time-out), and each node missing is named in the manifest with why. The nodes here are rows
 * of the topology whose addresses are loopback listeners: ones that accept a connection and never
 * answer, as a stopped process's socket does, and one that answers only calls made together.
 */
import { createServer as createHttpServer, type ServerResponse } from 'node:http'
import { createServer, type Server, type Socket } from 'node:net'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { opsStore } from '../../server/ops/store'
import { NODE_CALL_HEADER, signNodeCall } from '../../server/ops/nodeCalls'
import { NODE_DIAGNOSTICS_PATH } from '../../server/ops/bundleDiagnostics'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { poll } from '../support/wait'
import { createRoles, type TestSession } from './helpers/sessions'

/** A listener that takes connections and never answers, counting them. */
interface Silent {
  readonly url: string
  connections: number
  close(): Promise<void>
}

const sockets = new Set<Socket>()
async function silentListener(): Promise<Silent> {
  const server: Server = createServer()
  const silent: Silent = {
    url: '',
    connections: 0,
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => done())
      }),
  }
  server.on('connection', (socket) => {
    sockets.add(socket)
    silent.connections++
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return Object.assign(silent, { url: `http://127.0.0.1:${port}` })
}

/**
 * A node's address that answers 503 to its calls only once two are waiting at once, and never to
 * a call made alone: what it answers shows whether the bundle asked its nodes together.
 */
interface Pair {
  readonly url: string
  close(): Promise<void>
}
async function pairListener(): Promise<Pair> {
  const waiting: ServerResponse[] = []
  const server = createHttpServer((_request, response) => {
    waiting.push(response)
    if (waiting.length < 2) return
    for (const held of waiting.splice(0)) held.writeHead(503).end()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

let server: TestServer
let admin: TestSession
let gone: Silent
let hung: Silent
let pair: Pair

/** A node of the topology at `url`, its heartbeat `ageMs` old. */
async function registerNode(nodeId: string, url: string, ageMs: number, heartbeatMs: number): Promise<void> {
  const at = new Date(Date.now() - ageMs).toISOString()
  await opsStore(server.ctx.sql).upsertNode({
    serviceId: `jfrt@${nodeId}`,
    nodeId,
    serviceType: 'artifactory',
    microServices: '[]',
    startedAt: at,
    heartbeat: at,
    heartbeatMs,
    pid: 1,
    host: 'elsewhere',
    url,
  })
}

interface Manifest {
  logsOf: string[]
  logsLacking: Array<{ node: string; reason: string }>
  diagnosticsLacking: Array<{ node: string; reason: string }>
}

beforeAll(async () => {
  server = await startTestServer({ nodeId: 'node-1' })
  ;({ admin } = await createRoles(server.ctx.sql))
  ;[gone, hung, pair] = await Promise.all([silentListener(), silentListener(), pairListener()])
  // Gone: its last heartbeat ten minutes ago, at a 5 s interval.
  await registerNode('gone-1', gone.url, 600_000, 5_000)
  // Hung: beating (an interval no test outlasts) but answering nothing.
  await registerNode('hung-1', hung.url, 0, 60_000)
  await registerNode('hung-2', hung.url, 0, 60_000)
  // Two more that answer only when asked together.
  await registerNode('pair-1', pair.url, 0, 60_000)
  await registerNode('pair-2', pair.url, 0, 60_000)
})

afterAll(async () => {
  await server?.stop()
  await Promise.all([gone?.close(), hung?.close(), pair?.close()])
})

describe('a support bundle on a cluster with nodes gone or hung', () => {
  it('asks no node whose heartbeat is stale, asks the others at once, and names each missing', async () => {
    const made = await fetch(`${server.url}/ui/api/v1/ui/userSupport/generateBundle`, {
      method: 'POST',
      headers: browserHeaders(server.url, admin.cookie),
      body: JSON.stringify({ name: 'partial', parameters: { thread_dump: { count: 1 } } }),
    })
    expect(made.status).toBe(201)
    const { id } = (await made.json()) as { id: string }
    await poll(
      async () =>
        (await (
          await fetch(`${server.url}/ui/api/v1/ui/userSupport/listBundles`, {
            headers: { cookie: admin.cookie },
          })
        ).json()) as Array<{ id: string; status: string }>,
      (list) => list.some((b) => b.id === id && b.status === 'success'),
      { what: `bundle ${id} built`, timeoutMs: 60_000 },
    )
    const zip = await fetch(`${server.url}/ui/api/v1/ui/userSupport/downloadBundle/${id}`, {
      headers: { cookie: admin.cookie },
    })
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()))
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as Manifest

    expect(gone.connections).toBe(0)
    const stale = {
      node: 'gone-1',
      reason: expect.stringMatching(/^its last heartbeat was at \S+: it is Offline, so it was not asked$/),
    }
    const silent = (node: string) => ({
      node,
      reason: `the node at ${hung.url} did not answer within 3 s`,
    })
    // The pair answered: its two nodes were asked at once, not one after the other (asked
    // alone, a pair node never answers, and would be named as silent).
    const answered = (node: string) => ({ node, reason: `the node at ${pair.url} answered 503 unexpectedly` })
    const byNode = (a: { node: string }, b: { node: string }) => a.node.localeCompare(b.node)
    expect(manifest.logsOf).toEqual(['node-1'])
    const lacking = [stale, silent('hung-1'), silent('hung-2'), answered('pair-1'), answered('pair-2')]
    expect([...manifest.logsLacking].sort(byNode)).toEqual(lacking)
    expect([...manifest.diagnosticsLacking].sort(byNode)).toEqual(lacking)
    expect(Object.keys(entries).filter((n) => /(gone|hung|pair)-\d/.test(n))).toEqual([])
    expect(Object.keys(entries)).toEqual(
      expect.arrayContaining(['config/node-1/server-config.json', 'thread-dumps/node-1/thread-dump-1.json']),
    )
  }, 90_000)

  it("answers its configuration and a thread dump to a node's signed call, and only for itself", async () => {
    const key = await opsStore(server.ctx.sql).storedNodeKey()
    expect(key).toBeDefined()
    const ask = (nodeId: string, sign = true) => {
      const path = `/ui/api/v1${NODE_DIAGNOSTICS_PATH}?nodeId=${nodeId}&threadDump=true`
      const headers: Record<string, string> = sign
        ? { [NODE_CALL_HEADER]: signNodeCall(key!, 'hung-1', { method: 'GET', path }, Date.now()) }
        : {}
      return fetch(`${server.url}${path}`, { headers })
    }
    const own = await ask('node-1')
    expect(own.status).toBe(200)
    const body = (await own.json()) as { config: string; threadDump: string }
    expect(JSON.parse(body.config)).toMatchObject({
      server: { nodeId: 'node-1', adminPassword: '********' },
      node: { nodeId: 'node-1' },
    })
    expect(JSON.parse(body.threadDump)).toHaveProperty('header')
    expect((await ask('node-2')).status).toBe(421)
    expect((await ask('node-1', false)).status).toBe(401)
    const asAdmin = await fetch(
      `${server.url}/ui/api/v1${NODE_DIAGNOSTICS_PATH}?nodeId=node-1&threadDump=true`,
      { headers: { cookie: admin.cookie } },
    )
    expect(asAdmin.status).toBe(401)
  })
})
