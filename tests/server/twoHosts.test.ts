/**
 * Two hosts of one platform on one PostgreSQL: two platforms as `npm start` runs them (processes,
 * NODES=1), each with its own NODE_ID, port and data folder, one blob folder both name. A session
 * made on one is valid on the other; a package published through one installs through the other;
 * the log viewer of one shows the other host's node, read through that node with a call signed
 * by the cluster's key, which the other node refuses unsigned, forged or replayed for another
 * file. A support bundle built on one carries the other's node logs, read through that node, which
 * cuts the secrets it knows first; one built while the other host is down says so. 40 parallel
 * wrong passwords spread over both hosts get as many 429s as on one host; a host killed
 * mid-publish loses no publish it acknowledged, and leaves none half made.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlatformProcess, type PlatformProcess } from '../support/platformProcess'
import { psqlSync, sharedPostgres } from '../support/postgres'
import { npmCli } from '../support/npmCli'
import { poll } from '../support/wait'
import { NODE_CALL_HEADER, signNodeCall } from '../../server/ops/nodeCalls'
import { publishThroughKill, servedAs, wrongPasswords } from '../support/nodeChecks'

const API = '/ui/api/v1'
let folder: string
let databaseUrl: string
let hostA: PlatformProcess
let hostB: PlatformProcess
let admin: string

const headers = (host: PlatformProcess, cookie?: string): Record<string, string> => ({
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
  origin: host.url,
  ...(cookie ? { cookie } : {}),
})

async function ask<T>(
  host: PlatformProcess,
  path: string,
  options: { cookie?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; cookie?: string }> {
  const res = await fetch(`${host.url}${API}${path}`, {
    method: options.method ?? 'GET',
    headers: { ...headers(host, options.cookie), ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  const text = await res.text()
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('console_session='))
    ?.split(';')[0]
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    ...(cookie ? { cookie } : {}),
  }
}

const signIn = async (host: PlatformProcess, user: string): Promise<string> => {
  const res = await ask(host, '/ui/auth/login', {
    method: 'POST',
    body: { user, password: 'password', type: 'login' },
  })
  if (res.status !== 200 || !res.cookie) throw new Error(`sign-in of ${user} answered ${res.status}`)
  return res.cookie
}

/** A client token of the administrator's that may deploy, made through `host`. */
async function deployToken(host: PlatformProcess, description: string): Promise<string> {
  const made = await ask<{ token: string }>(host, '/ui/tokens', {
    method: 'POST',
    cookie: admin,
    body: { description, access: 'deploy' },
  })
  expect(made.status).toBe(201)
  return made.body.token
}

/** A secret only host B's environment holds: host A cannot know it to cut it. */
const HOST_B_SECRET = 'hostB-0nly-S3cret-Wq7Zx'

interface Manifest {
  logsOf: string[]
  logsLacking: Array<{ node: string; reason: string }>
  diagnosticsLacking: Array<{ node: string; reason: string }>
}

/** A bundle built by `host` (no thread dump), downloaded: its files by name and its manifest. */
async function bundleOf(
  host: PlatformProcess,
  threadDumps = 0,
): Promise<{ entries: Record<string, string>; manifest: Manifest }> {
  const made = await ask<{ id: string }>(host, '/ui/userSupport/generateBundle', {
    method: 'POST',
    cookie: admin,
    body: { name: 'two-hosts', service: 'artifactory', parameters: { thread_dump: { count: threadDumps } } },
  })
  expect(made.status).toBe(201)
  await poll(
    () => ask<Array<{ id: string; status: string }>>(host, '/ui/userSupport/listBundles', { cookie: admin }),
    (r) => r.body.some((b) => b.id === made.body.id && b.status === 'success'),
    { what: `bundle ${made.body.id} built`, timeoutMs: 30_000 },
  )
  const zip = await fetch(`${host.url}${API}/ui/userSupport/downloadBundle/${made.body.id}`, {
    headers: { cookie: admin },
  })
  expect(zip.status).toBe(200)
  const entries = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(await zip.arrayBuffer()))).map(([n, b]) => [n, strFromU8(b)]),
  )
  return { entries, manifest: JSON.parse(entries['manifest.json']!) as Manifest }
}

beforeAll(async () => {
  const postgres = await sharedPostgres()
  databaseUrl = await postgres.database('scanned')
  folder = mkdtempSync(join(tmpdir(), 'two-hosts-'))
  const blobDir = join(folder, 'blobs')
  const host = (name: string, env: Record<string, string> = {}) => {
    mkdirSync(join(folder, name))
    return startPlatformProcess(join(folder, name), {
      ...env,
      DATABASE_URL: databaseUrl,
      BLOB_DIR: blobDir,
      NODE_ID: name,
      NPM_REMOTE_URL: 'offline',
      GENERIC_REMOTE_URL: 'offline',
      DOCKER_REMOTE_URL: 'offline',
      // A window no run outlasts: the 429 check counts one window's attempts, whatever the load.
      RATE_LIMIT_WINDOW_MS: String(3_600_000),
    })
  }
  ;[hostA, hostB] = await Promise.all([
    host('host-a'),
    host('host-b', { HOST_B_SECRET, HOST_B_NOTE: HOST_B_SECRET }),
  ])
  admin = await signIn(hostA, 'admin')
}, 120_000)

afterAll(async () => {
  await Promise.all([hostA?.stop(), hostB?.stop()])
  if (databaseUrl) await (await sharedPostgres()).drop(databaseUrl)
  if (folder) rmSync(folder, { recursive: true, force: true })
})

describe('two hosts on one PostgreSQL', () => {
  it('keeps a session made on one valid on the other', async () => {
    const me = await ask<{ name: string; admin: boolean }>(hostB, '/ui/auth/current', { cookie: admin })
    expect(me).toMatchObject({ status: 200, body: { name: 'admin', admin: true } })
  })

  it('installs through one host what was published through the other', async () => {
    const token = await deployToken(hostA, 'two hosts')
    const work = join(folder, 'npm-work')
    mkdirSync(work)
    const { npm, makePackage } = npmCli(work)
    const npmrc = (host: PlatformProcess, repo: string) => {
      const path = join(work, `npmrc-${new URL(host.url).port}`)
      const registry = `${host.url}/artifactory/api/npm/${repo}/`
      writeFileSync(path, `registry=${registry}\n${registry.replace(/^http:/, '')}:_authToken=${token}\n`)
      return path
    }
    const published = await npm(
      ['publish'],
      makePackage('two-hosts', '1.0.0', '# two\n'),
      npmrc(hostA, 'npm-local'),
    )
    expect(published, JSON.stringify(published)).not.toHaveProperty('failed')
    const app = join(work, 'app')
    mkdirSync(app)
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }))
    const installed = await npm(['install', 'two-hosts'], app, npmrc(hostB, 'npm'))
    expect(installed, JSON.stringify(installed)).not.toHaveProperty('failed')
    expect(readFileSync(join(app, 'node_modules', 'two-hosts', 'index.js'), 'utf8')).toBe(
      "module.exports = 'hello 1.0.0'\n",
    )
  }, 90_000)

  it("shows the other host's node logs, read through that node", async () => {
    // A line only host B writes: the path of a request made of it.
    await fetch(`${hostB.url}${API}/system/ping/only-on-host-b`)
    const read = () =>
      ask<{ logContent: string }>(
        hostA,
        '/system/logs/data/jfrt?nodeId=host-b-1&id=artifactory-request.log&file_size=0',
        { cookie: admin },
      )
    const answer = await poll(
      read,
      (r) => r.status === 200 && r.body.logContent.includes('/only-on-host-b|'),
      {
        what: "host B's request log through host A",
        timeoutMs: 15_000,
      },
    )
    expect(answer.body.logContent).toMatch(
      /\|host-b-1\|GET\|\/ui\/api\/v1\/system\/ping\/only-on-host-b\|404\|/,
    )
    const files = await ask<{ logs: string[] }>(hostA, '/system/logs/config/jfrt?nodeId=host-b-1', {
      cookie: admin,
    })
    expect(files).toMatchObject({
      status: 200,
      body: { logs: ['artifactory-request.log', 'artifactory-service.log'] },
    })
    // Host A's data folder has no folder of host B's node: the lines came through host B.
    expect(() =>
      readFileSync(join(folder, 'host-a', 'logs', 'host-b-1', 'artifactory-request.log')),
    ).toThrow()
    const missing = await ask<{ message: string }>(
      hostA,
      '/system/logs/data/jfrt?nodeId=host-b-1&id=no-such-request.log&file_size=0',
      { cookie: admin },
    )
    expect(missing).toMatchObject({ status: 404, body: { message: expect.stringContaining('host-b-1') } })
  })

  it("carries the other host's node logs, configuration and thread dump in a bundle built on one, cut of what that host knows", async () => {
    await fetch(`${hostB.url}${API}/system/ping/bundle-from-host-b/${HOST_B_SECRET}`)
    await fetch(`${hostA.url}${API}/system/ping/bundle-from-host-a`)
    const { entries, manifest } = await bundleOf(hostA, 1)
    expect(manifest).toMatchObject({
      logsOf: ['host-a-1', 'host-b-1'],
      logsLacking: [],
      diagnosticsLacking: [],
    })
    // Each node's own: only the process a report describes can take it. Host B's environment
    // holds its secret under a name that does not say so (HOST_B_NOTE): cut by value, on host B.
    for (const node of ['host-a-1', 'host-b-1']) {
      const config = JSON.parse(entries[`config/${node}/server-config.json`]!) as { node: { nodeId: string } }
      expect(config.node.nodeId).toBe(node)
      expect(JSON.parse(entries[`thread-dumps/${node}/thread-dump-1.json`]!)).toHaveProperty('header')
    }
    expect(
      (
        JSON.parse(entries['thread-dumps/host-b-1/thread-dump-1.json']!) as {
          environmentVariables: Record<string, string>
        }
      ).environmentVariables.HOST_B_NOTE,
    ).toBe('********')
    expect(entries['logs/host-a-1/artifactory-request.log']).toContain('/bundle-from-host-a|')
    // Host A's data folder holds no folder of host B's node: the lines came through host B,
    // which cut a secret only it knows.
    expect(entries['logs/host-b-1/artifactory-request.log']).toMatch(
      /\|host-b-1\|GET\|\/ui\/api\/v1\/system\/ping\/bundle-from-host-b\/\*{8}\|404\|/,
    )
    expect(entries['logs/host-b-1/artifactory-service.log']).toContain('started on host-b-1')
    const leaks = Object.entries(entries).filter(([, text]) => text.includes(HOST_B_SECRET))
    expect(leaks.map(([name]) => name)).toEqual([])
  }, 60_000)

  it('asks the other node only for administrators', async () => {
    const developer = await signIn(hostA, 'developer')
    const res = await ask(hostA, '/system/logs/config/jfrt?nodeId=host-b-1', { cookie: developer })
    expect(res.status).toBe(403)
  })

  it("refuses a node call that is not signed with the cluster's key for this very request", async () => {
    const path = `${API}/system/logs/data/jfrt?nodeId=host-b-1&id=artifactory-request.log&file_size=0`
    const [key] = psqlSync(databaseUrl, 'SELECT node_key FROM cluster_info')
    expect(key).toMatch(/^[\w-]{43}$/)
    const asHostA = (signature: string, url = path) =>
      fetch(`${hostB.url}${url}`, { headers: { [NODE_CALL_HEADER]: signature } })
    expect((await asHostA(signNodeCall(key!, 'host-a-1', { method: 'GET', path }, Date.now()))).status).toBe(
      200,
    )
    expect((await fetch(`${hostB.url}${path}`)).status).toBe(401)
    expect(
      (await asHostA(signNodeCall('not-the-key', 'host-a-1', { method: 'GET', path }, Date.now()))).status,
    ).toBe(401)
    const other = path.replace('artifactory-request.log', 'artifactory-service.log')
    expect(
      (await asHostA(signNodeCall(key!, 'host-a-1', { method: 'GET', path }, Date.now()), other)).status,
    ).toBe(401)
    expect(
      (await asHostA(signNodeCall(key!, 'host-a-1', { method: 'GET', path }, Date.now() - 60_000))).status,
    ).toBe(401)
  })

  it('counts wrong passwords sent to both hosts as one limit', async () => {
    // Per address and account, 10 a window (the default), counted in the database: on one host
    // 10 are checked and 30 refused; a count per process would let 20 be checked over two.
    const one = await wrongPasswords([hostA.url], admin, 'guess-one')
    const both = await wrongPasswords([hostA.url, hostB.url], admin, 'guess-both')
    expect(one).toEqual({ 401: 10, 429: 30 })
    expect(both).toEqual(one)
  }, 90_000)

  // Last: host A does not come back.
  it('loses no acknowledged publish when a host is killed mid-publish, and leaves none half made', async () => {
    const token = await deployToken(hostB, 'publishes through a kill')
    const { acknowledged, cutOff } = await publishThroughKill([hostA.url, hostB.url], token, {
      lanes: 4,
      acksBeforeKill: 8,
      total: 30,
      prefix: '@fault/p',
      kill: () => hostA.kill(),
    })
    // Host A was killed after it acknowledged some; host B went on after it.
    await expect(fetch(`${hostA.url}${API}/system/ping`)).rejects.toThrow()
    expect(acknowledged.some((p) => p.through === 0)).toBe(true)
    expect(acknowledged.length + cutOff.length).toBe(30)
    expect(cutOff.every((p) => p.through === 0)).toBe(true)
    for (const published of acknowledged)
      expect(await servedAs(hostB.url, token, published), published.name).toBe('whole')
    // A publish the kill cut off is there whole or not at all.
    for (const lost of cutOff)
      expect(['absent', 'whole'], lost.name).toContain(await servedAs(hostB.url, token, lost))
  }, 120_000)

  it('names in a bundle the node whose logs it could not get, and why', async () => {
    const { entries, manifest } = await bundleOf(hostB)
    expect(manifest.logsOf).toEqual(['host-b-1'])
    // Host A is asked, and cannot be reached, while its last heartbeat is recent; once it is
    // stale (on a loaded machine the kill test before can take that long) it is not asked.
    expect(manifest.logsLacking).toEqual([
      {
        node: 'host-a-1',
        reason: expect.stringMatching(
          /^(the node at http:\/\/127\.0\.0\.1:\d+ could not be reached|its last heartbeat was at \S+: it is Offline, so it was not asked$)/,
        ),
      },
    ])
    expect(Object.keys(entries).filter((n) => n.startsWith('logs/host-a-1/'))).toEqual([])
  }, 60_000)
})
