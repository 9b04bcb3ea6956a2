/**
 * A remote repository's settings through the console's API: admins change them (offline,
 * metadata retrieval period, time-outs) and write credentials that are sent upstream but never
 * returned nor logged; Test connection makes a real request and tells reachable, refused
 * credentials, time-out, unreachable and not a registry, against a registry on 127.0.0.1.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { right } from 'fp-ts/Either'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { startPackedUpstream, type PackedUpstream, type UpstreamRegistry } from '../support/upstreamRegistry'
import { signInDirectly } from './helpers/catalogSession'
import { createHttpClient } from '../../adapters/http/client'
import { createRepositoriesApi } from '../../adapters/http/repositories'

const SECRET = 'upstream-secret-token-123'
let fixture: PackedUpstream
let upstream: UpstreamRegistry
let server: TestServer
let admin: string
let developer: string

beforeAll(async () => {
  fixture = await startPackedUpstream('remote-settings', [
    { name: 'settings-pkg', version: '1.0.0', readme: '# Settings\n' },
  ])
  upstream = fixture.upstream
  server = await startTestServer({ anonymousAccess: true }, { NPM_REMOTE_URL: upstream.url })
  admin = signInDirectly(server, { admin: true })
  developer = signInDirectly(server)
}, 60_000)

afterAll(async () => {
  await server?.stop()
  await fixture?.stop()
})

const api = (path: string, cookie: string, method = 'GET', body?: unknown) =>
  fetch(`${server.url}/ui/api/v1${path}`, {
    method,
    headers: browserHeaders(server.url, cookie),
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })

const test = async (body: unknown = {}) => {
  const res = await api('/repositories/npm-remote/remote/test', admin, 'POST', body)
  expect(res.status).toBe(200)
  return ((await res.json()) as { result: string }).result
}

describe('remote settings', () => {
  it('admins change settings and write credentials that are never returned', async () => {
    expect((await api('/repositories/npm-remote/remote', developer, 'PUT', { offline: true })).status).toBe(
      403,
    )
    const res = await api('/repositories/npm-remote/remote', admin, 'PUT', {
      metadataTtlSeconds: 60,
      readTimeoutMs: 5000,
      credentials: { token: SECRET },
    })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).not.toContain(SECRET)
    expect(JSON.parse(text)).toMatchObject({
      offline: false,
      metadataTtlSeconds: 60,
      readTimeoutMs: 5000,
      hasCredentials: true,
    })
    const seen = await (await api('/repositories/npm-remote/remote', developer)).text()
    expect(seen).not.toContain(SECRET)
    expect(JSON.parse(seen)).toMatchObject({ hasCredentials: true, lastFailure: null })
  })

  it('refuses settings out of range, and keeps what was there', async () => {
    expect((await api('/repositories/npm-remote/remote', admin, 'PUT', { readTimeoutMs: 5 })).status).toBe(
      400,
    )
    expect((await api('/repositories/npm-local/remote', admin, 'PUT', { offline: true })).status).toBe(404)
    const now = (await (await api('/repositories/npm-remote/remote', admin)).json()) as {
      readTimeoutMs: number
    }
    expect(now.readTimeoutMs).toBe(5000)
  })

  it('sends the credentials upstream and never logs them', async () => {
    const res = await fetch(`${server.url}/artifactory/api/npm/npm-remote/settings-pkg`)
    expect(res.status).toBe(200)
    expect(upstream.authorizations.at(-1)).toBe(`Bearer ${SECRET}`)
    upstream.fault('error500')
    await fetch(`${server.url}/artifactory/api/npm/npm-remote/other-pkg`)
    upstream.fault(undefined)
    const log = () =>
      readFileSync(join(server.config.dataDir, 'logs', 'node-1', 'artifactory-service.log'), 'utf8')
    // The log file is appended to asynchronously.
    await expect.poll(log).toMatch(/answered 500/)
    expect(log()).not.toContain(SECRET)
    const state = (await (await api('/repositories/npm-remote/remote', developer)).json()) as {
      lastFailure: string
      lastFailureAt: string
    }
    expect(state.lastFailure).toMatch(/answered 500/)
    expect(state.lastFailureAt).toMatch(/^\d{4}-/)
  })

  it('Test connection tells reachable, refused credentials, time-out, unreachable and not a registry', async () => {
    expect(await test()).toBe('reachable')
    upstream.fault('unauthorized')
    expect(await test()).toBe('refusedCredentials')
    upstream.fault(undefined)
    await api('/repositories/npm-remote/remote', admin, 'PUT', { readTimeoutMs: 300 })
    upstream.fault('slow')
    expect(await test()).toBe('timeout')
    upstream.fault(undefined)
    const closed = http.createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    expect(await test({ url: `http://127.0.0.1:${port}` })).toBe('unreachable')
    expect(await test({ url: `${upstream.url}/not-here` })).toBe('notARegistry')
    expect((await api('/repositories/npm-remote/remote/test', developer, 'POST', {})).status).toBe(403)
  })

  it('Test connection of a form as typed: a new remote, typed or saved credentials, TLS', async () => {
    const formTest = async (body: Record<string, unknown>, cookie = admin) => {
      const res = await api('/repositories/remote/test', cookie, 'POST', { packageType: 'npm', ...body })
      return { status: res.status, body: (await res.json()) as { result: string; url: string } }
    }
    expect((await formTest({ url: upstream.url })).body).toEqual({
      result: 'reachable',
      url: `${upstream.url}/-/ping`,
      status: 200,
    })
    // Typed credentials go upstream as typed; the answer never holds them.
    const typed = await formTest({ url: upstream.url, credentials: { userName: 'ci', password: 'typed-pw' } })
    expect(JSON.stringify(typed.body)).not.toContain('typed-pw')
    expect(upstream.authorizations.at(-1)).toBe(`Basic ${Buffer.from('ci:typed-pw').toString('base64')}`)
    // Absent: the saved remote's own; null: none at all.
    await api('/repositories/npm-remote/remote', admin, 'PUT', { credentials: { token: SECRET } })
    await formTest({ url: upstream.url, key: 'npm-remote' })
    expect(upstream.authorizations.at(-1)).toBe(`Bearer ${SECRET}`)
    await formTest({ url: upstream.url, key: 'npm-remote', credentials: null })
    expect(upstream.authorizations.at(-1)).toBeUndefined()
    // An http server asked for TLS fails the handshake: told apart from a host that is down.
    const plain = new URL(upstream.url)
    expect((await formTest({ url: `https://${plain.host}` })).body.result).toBe('tls')
    expect((await formTest({ url: 'ftp://127.0.0.1/' })).body.result).toBe('unreachable')
    expect((await formTest({ url: upstream.url }, developer)).status).toBe(403)
    expect((await formTest({ url: upstream.url, connectTimeoutMs: 1 })).status).toBe(400)
  })

  it("Test connection through the console's own call waits out the upstream's time-outs", async () => {
    // The console gives up on an answer after its own time-out (here 1 s): a test whose read
    // time-out is longer was cut off and said "could not be run", never "time-out".
    const repositories = createRepositoriesApi(
      createHttpClient({
        base: `${server.url}/ui/api/v1`,
        retries: 0,
        timeoutMs: 1_000,
        fetch: (input, init) => fetch(input, { ...init, headers: { ...browserHeaders(server.url, admin) } }),
      }),
    )
    upstream.fault('slow')
    try {
      const answer = await repositories.testConnection({
        packageType: 'npm',
        url: upstream.url,
        connectTimeoutMs: 5_000,
        readTimeoutMs: 2_000,
      })
      expect(answer).toEqual(right({ result: 'timeout', url: `${upstream.url}/-/ping` }))
    } finally {
      upstream.fault(undefined)
    }
  })

  it("lists each remote's state with the repositories", async () => {
    await api('/repositories/npm-remote/remote', admin, 'PUT', { offline: true })
    const res = await api('/repositories', developer)
    const { repositories } = (await res.json()) as {
      repositories: Array<{ key: string; kind: string; remote?: Record<string, unknown> }>
    }
    const remote = repositories.find((r) => r.key === 'npm-remote')
    expect(remote?.remote).toMatchObject({
      offline: true,
      lastFailure: expect.stringMatching(/answered 500/),
    })
    expect(repositories.find((r) => r.key === 'npm-local')?.remote).toBeUndefined()
    await api('/repositories/npm-remote/remote', admin, 'PUT', { offline: false })
  })

  it('credentials set to null are removed', async () => {
    const res = await api('/repositories/npm-remote/remote', admin, 'PUT', { credentials: null })
    expect(((await res.json()) as { hasCredentials: boolean }).hasCredentials).toBe(false)
  })
})
