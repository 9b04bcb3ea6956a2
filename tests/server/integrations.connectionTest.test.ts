/**
 * The git connection test's reasons for an address an integration was saved with, each from a
 * real HTTP exchange with a server this test starts on 127.0.0.1 (or a host name that cannot
 * resolve): the token refused, an address that is not the vendor's API, a redirect (never
 * followed: the token is for the address given), a TLS handshake refused, no answer in time,
 * nothing listening, a name that does not resolve, an answer that is not HTTP, and a link-local
 * or metadata address never called. The call is the platform's one guarded way out
 * (server/upstream/fetch.ts); the reasons are made from its faults.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { testConnection } from '../../server/integrations/connectionTest'
import { VENDORS } from '../../server/integrations/vendors'
import { loopbackOnly } from '../support/loopbackOnly'

const github = VENDORS.find((v) => v.name === 'github')!
const servers: Server[] = []

afterAll(async () => {
  for (const s of servers) s.closeAllConnections()
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))))
})

/** A server on 127.0.0.1 answering every request with `handle`; remembers the headers it was sent. */
async function serve(handle: Parameters<typeof createServer>[1]) {
  const seen: IncomingHttpHeaders[] = []
  const server = createServer((req, res) => {
    seen.push(req.headers)
    handle?.(req, res)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  servers.push(server)
  return { seen, port: (server.address() as AddressInfo).port }
}

const saved = (url: string, token = 'the-token', timeoutMs?: number) =>
  testConnection(github, url, token, { saved: true, ...(timeoutMs === undefined ? {} : { timeoutMs }) })
const FAILED = 'Connection test failed, please check your credentials'

describe('the connection test of a saved address', () => {
  it('succeeds on a 2xx from the user endpoint, the token as a bearer header', async () => {
    const vendor = await serve((_req, res) => res.end('{"login":"octo"}'))
    expect(await saved(`http://127.0.0.1:${vendor.port}/api/v3/`)).toEqual({
      success: true,
      message: 'Connection test succeeded',
      status: 200,
    })
    expect(vendor.seen.map((h) => h.authorization)).toEqual(['Bearer the-token'])
  })

  it('tells a refused token from an address that is not the API', async () => {
    const vendor = await serve((req, res) => {
      res.writeHead(req.url === '/api/v3/user' ? 403 : 404)
      res.end()
    })
    expect(await saved(`http://127.0.0.1:${vendor.port}/api/v3/`)).toEqual({
      success: false,
      message: FAILED,
      status: 403,
      reason: 'The server refused the token (HTTP 403)',
      cause: 'credentials',
    })
    expect(await saved(`http://127.0.0.1:${vendor.port}/elsewhere/`)).toEqual({
      success: false,
      message: FAILED,
      status: 404,
      reason:
        "The server answered HTTP 404: this address does not answer as the vendor's API; check the API URL",
      cause: 'notVendorApi',
    })
  })

  it('never follows a redirect: says where it points, the token sent nowhere else', async () => {
    const other = await serve((_req, res) => res.end('{"login":"octo"}'))
    const vendor = await serve((_req, res) => {
      res.writeHead(301, { location: `http://127.0.0.1:${other.port}/api/v3/user?secret=1` })
      res.end()
    })
    expect(await saved(`http://127.0.0.1:${vendor.port}/api/v3/`)).toEqual({
      success: false,
      message: FAILED,
      status: 301,
      reason: `The server redirects to http://127.0.0.1:${other.port}/api/v3/user: the token is sent only to the API URL given; check the API URL`,
      cause: 'notVendorApi',
    })
    expect(vendor.seen).toHaveLength(1)
    expect(other.seen).toEqual([])
  })

  it('tells a TLS handshake refused from an address that is down', async () => {
    // An http server asked for TLS: the handshake fails.
    const plain = await serve((_req, res) => res.end())
    const result = await saved(`https://127.0.0.1:${plain.port}/`)
    expect(result).toMatchObject({ success: false, message: FAILED, cause: 'tls' })
    expect(result.reason).toMatch(/^The server's TLS certificate was not accepted \([A-Z_]+\)$/)
  })

  it('gives up on a server that accepts the connection and never answers', async () => {
    const silent = await serve(() => {
      // Never answers.
    })
    expect(await saved(`http://127.0.0.1:${silent.port}/`, 'the-token', 300)).toEqual({
      success: false,
      message: FAILED,
      reason: 'No answer within 0.3 s',
      cause: 'timeout',
    })
  })

  it('says nothing listens, a name is not known, or the answer was not HTTP', async () => {
    const closed = await serve(() => {})
    const s = servers.pop()!
    await new Promise<void>((r) => s.close(() => r()))
    expect(await saved(`http://127.0.0.1:${closed.port}/`)).toEqual({
      success: false,
      message: FAILED,
      reason: 'The server could not be reached: nothing accepts connections at that address',
      cause: 'unreachable',
    })
    // `.invalid` never resolves (RFC 2606).
    expect(await saved('http://no-such-vendor.invalid/api/v3/')).toEqual({
      success: false,
      message: FAILED,
      reason: 'The server could not be reached: its host name is not known',
      cause: 'unreachable',
    })
    const garbage = await serve((req) => req.socket.end('not http at all\r\n\r\n'))
    expect(await saved(`http://127.0.0.1:${garbage.port}/`)).toEqual({
      success: false,
      message: FAILED,
      reason: 'The server could not be reached',
      cause: 'unreachable',
    })
  })

  it('never calls a link-local or metadata address, named by number or in IPv6', async () => {
    const guard = loopbackOnly()
    onTestFinished(() => guard.stop())
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://2852039166/',
      'http://[fe80::1]/',
      'http://metadata.google.internal/computeMetadata/v1/',
    ])
      expect(await saved(url), url).toEqual({
        success: false,
        message: FAILED,
        reason: 'The address is link-local or a cloud metadata service: it is never called',
        cause: 'blocked',
      })
    expect(guard.stopped).toEqual([])
  })
})
