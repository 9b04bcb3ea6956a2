/**
 * The seeded `npm-remote` when NPM_REMOTE_URL is not set: its upstream is npm's own default
 * registry (the address the npm CLI itself uses, asked of the CLI), online, and really asked
 * there: a cold `npm install` through the `npm` virtual fetches the package's document and
 * tarball from https://registry.npmjs.org over TLS checked for that name, and installs it.
 * With NPM_REMOTE_URL=offline it keeps that address but starts offline, asking nothing.
 *
 * No test reaches the internet: while this file runs, this process's TLS connections to
 * registry.npmjs.org:443 are taken to a registry on 127.0.0.1 holding a certificate for that name
 * (as a hosts-file entry and a trusted certificate would), and any other host off the machine is
 * refused. The platform's own code runs unchanged: its seeded address, its TLS check, its cache.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import net from 'node:net'
import { join } from 'node:path'
import tls from 'node:tls'
import { generate } from 'selfsigned'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { npmCli } from '../support/npmCli'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { startPackedUpstream, type PackedUpstream } from '../support/upstreamRegistry'
import { signInDirectly } from './helpers/catalogSession'

const NPMJS = 'registry.npmjs.org'
const NAME = 'default-upstream-hello'

let fixture: PackedUpstream
let server: TestServer
/** The names the platform asked for in its TLS handshakes (SNI), in order. */
const handshakes: string[] = []
let terminator: tls.Server
const realConnect = tls.connect

/** npm's own default registry: what the CLI uses with no configuration at all. */
async function npmDefaultRegistry(work: string): Promise<string> {
  const empty = join(work, 'empty-npmrc')
  writeFileSync(empty, '')
  const answer = await npmCli(work).npm(['config', 'get', 'registry'], work, empty)
  expect(answer.failed, answer.stderr).toBeUndefined()
  return answer.stdout.trim()
}

beforeAll(async () => {
  fixture = await startPackedUpstream(
    'default-upstream',
    [{ name: NAME, version: '1.0.0', readme: '# From the default upstream\n' }],
    [],
    { publicUrl: `https://${NPMJS}` },
  )
  // npm's registry as this process reaches it: TLS for its name, then the local registry's HTTP.
  const pems = await generate([{ name: 'commonName', value: NPMJS }], { keySize: 2048, algorithm: 'sha256' })
  terminator = tls.createServer({ key: pems.private, cert: pems.cert }, (socket) => {
    handshakes.push(socket.servername || '(no name)')
    const inner = net.connect(Number(new URL(fixture.upstream.url).port), '127.0.0.1')
    socket.pipe(inner).pipe(socket)
    const close = () => {
      socket.destroy()
      inner.destroy()
    }
    socket.on('error', close)
    inner.on('error', close)
  })
  await new Promise<void>((resolve) => terminator.listen(0, '127.0.0.1', resolve))
  const port = (terminator.address() as net.AddressInfo).port
  tls.connect = ((...args: Parameters<typeof tls.connect>) => {
    const options = args[0] as tls.ConnectionOptions
    const host = typeof options === 'object' ? options.host : undefined
    if (host === NPMJS && Number(options.port ?? 443) === 443)
      return realConnect({ ...options, host: '127.0.0.1', port, servername: NPMJS, ca: [pems.cert] })
    if (host !== undefined && !['127.0.0.1', 'localhost', '::1'].includes(host))
      throw new Error(`This test reaches nothing off the machine: ${host}`)
    return realConnect(...args)
  }) as typeof tls.connect
  // No NPM_REMOTE_URL: the seeded address stands (the other remotes stay offline).
  server = await startTestServer({ anonymousAccess: true }, { NPM_REMOTE_URL: undefined })
}, 60_000)

afterAll(async () => {
  tls.connect = realConnect
  await server?.stop()
  await new Promise((resolve) => terminator?.close(resolve))
  await fixture?.stop()
})

/** An admin's read of the console API of `platform`. */
async function read(platform: TestServer, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${platform.url}/ui/api/v1${path}`, {
    headers: browserHeaders(platform.url, signInDirectly(platform, { admin: true })),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

describe('the seeded npm-remote without NPM_REMOTE_URL', () => {
  it('has npm’s own default registry as its upstream, online', async () => {
    const repository = await read(server, '/repositories/npm-remote')
    expect(repository).toMatchObject({
      key: 'npm-remote',
      packageType: 'npm',
      kind: 'remote',
      url: `https://${NPMJS}`,
    })
    expect(`${String(repository.url)}/`).toBe(await npmDefaultRegistry(fixture.work))
    expect(await read(server, '/repositories/npm-remote/remote')).toMatchObject({ offline: false })
    // Starting asked nothing of it.
    expect(handshakes).toEqual([])
  })

  it('is asked there: a cold npm install through the npm virtual gets the package from it', async () => {
    const app = join(fixture.work, 'app')
    mkdirSync(app)
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true }))
    const npmrc = join(app, 'npmrc')
    writeFileSync(npmrc, `registry=${server.url}/artifactory/api/npm/npm/\n`)
    const answer = await npmCli(app).npm(['install', NAME], app, npmrc)
    expect(answer.failed, answer.stderr).toBeUndefined()
    expect(readFileSync(join(app, 'node_modules', NAME, 'index.js'), 'utf8')).toBe(
      "module.exports = 'hello 1.0.0'\n",
    )
    // The document and the tarball, each asked once, of npm's registry by its name over TLS.
    expect(fixture.upstream.requests).toEqual([`/${NAME}`, `/${NAME}/-/${NAME}-1.0.0.tgz`])
    expect(new Set(handshakes)).toEqual(new Set([NPMJS]))
    // npm was given the platform's address for the tarball, not the upstream's.
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { resolved?: string }>
    }
    expect(lock.packages[`node_modules/${NAME}`]?.resolved).toBe(
      `${server.url}/artifactory/api/npm/npm/${NAME}/-/${NAME}-1.0.0.tgz`,
    )
  }, 120_000)
})

describe('the seeded npm-remote with NPM_REMOTE_URL=offline', () => {
  it('keeps npm’s address but starts offline: nothing is asked, and npm is told why', async () => {
    const offline = await startTestServer({ anonymousAccess: true }, { NPM_REMOTE_URL: 'offline' })
    try {
      expect(await read(offline, '/repositories/npm-remote')).toMatchObject({ url: `https://${NPMJS}` })
      expect(await read(offline, '/repositories/npm-remote/remote')).toMatchObject({ offline: true })
      const asked = [fixture.upstream.requests.length, handshakes.length]
      const res = await fetch(`${offline.url}/artifactory/api/npm/npm/${NAME}`)
      expect(res.status).toBe(404)
      const body = (await res.json()) as { error: string; code: string }
      expect(body.code).toBe('NOT_CACHED_OFFLINE')
      expect(body.error).toMatch(/not cached, and npm-remote is offline/)
      expect([fixture.upstream.requests.length, handshakes.length]).toEqual(asked)
    } finally {
      await offline.stop()
    }
  }, 60_000)
})
