/**
 * The bounded upstream request against a real HTTP server on 127.0.0.1 that misbehaves on
 * purpose: each way an upstream can fail ends in an UpstreamFault of its kind, never a hang
 * or an unbounded read. Connections are kept between requests, and one the upstream closed
 * meanwhile is replaced without the caller seeing a fault.
 */
import http, { type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readAll, shownUrl, upstreamRequest, UpstreamFault } from '../../server/upstream/fetch'

let server: Server
let base: string
let other: Server
let otherBase: string
const seen: Array<string | undefined> = []
/** Connections the server accepted, and those it has answered on before. */
let connections = 0
const served = new WeakSet<object>()

const limits = { connectTimeoutMs: 2000, readTimeoutMs: 300, maxBytes: 1000, maxRedirects: 2 }

beforeAll(async () => {
  other = http.createServer((req, res) => {
    seen.push(req.headers.authorization)
    res.end('elsewhere')
  })
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r))
  otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
  server = http.createServer((req, res) => {
    const path = req.url ?? '/'
    const reused = served.has(req.socket)
    served.add(req.socket)
    if (path === '/ok') return res.end(JSON.stringify({ auth: req.headers.authorization ?? null }))
    // As an upstream that closed an idle connection just as the request came.
    if (path === '/drop-reused' && reused) return req.socket.destroy()
    if (path === '/drop-reused') return res.end('fresh')
    if (path === '/later') return void setTimeout(() => res.end('later'), 300)
    if (path === '/hang') return // never answers
    if (path === '/stall') {
      res.writeHead(200, { 'content-length': '100' })
      res.write('x'.repeat(10))
      return // and nothing more
    }
    if (path === '/big-declared') {
      res.writeHead(200, { 'content-length': '5000' })
      return res.end('x'.repeat(5000))
    }
    if (path === '/big-chunked') {
      res.writeHead(200)
      for (let i = 0; i < 10; i++) res.write('x'.repeat(200))
      return res.end()
    }
    if (path === '/reset') {
      res.writeHead(200, { 'content-length': '500' })
      res.write('x'.repeat(100))
      setImmediate(() => res.socket?.destroy())
      return
    }
    if (path === '/loop') {
      res.writeHead(302, { location: '/loop' })
      return res.end()
    }
    if (path === '/to-ftp') {
      res.writeHead(301, { location: 'ftp://127.0.0.1/x' })
      return res.end()
    }
    if (path === '/once') {
      res.writeHead(307, { location: '/ok' })
      return res.end()
    }
    if (path === '/away') {
      res.writeHead(302, { location: `${otherBase}/there` })
      return res.end()
    }
    res.writeHead(404)
    res.end()
  })
  server.on('connection', () => connections++)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((r) => server.close(r))
  await new Promise((r) => other.close(r))
})

async function faultOf(promise: Promise<unknown>): Promise<UpstreamFault> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamFault)
    return error as UpstreamFault
  }
  throw new Error('expected a fault')
}

const body = async (path: string) => readAll(await upstreamRequest(`${base}${path}`, { limits }))

describe('upstreamRequest', () => {
  it('answers the body and sends credentials to their own origin', async () => {
    const res = await upstreamRequest(`${base}/ok`, {
      limits,
      credentials: { kind: 'basic', user: 'u', password: 'p' },
    })
    expect(res.status).toBe(200)
    expect(JSON.parse((await readAll(res)).toString())).toEqual({
      auth: `Basic ${Buffer.from('u:p').toString('base64')}`,
    })
  })

  it('follows a redirect, and drops credentials on another origin', async () => {
    expect(JSON.parse((await body('/once')).toString())).toEqual({ auth: null })
    const res = await upstreamRequest(`${base}/away`, { limits, credentials: { kind: 'token', token: 't' } })
    expect((await readAll(res)).toString()).toBe('elsewhere')
    expect(seen.at(-1)).toBeUndefined()
  })

  it('gives up after a few redirects and refuses other protocols', async () => {
    expect((await faultOf(body('/loop'))).kind).toBe('tooManyRedirects')
    expect((await faultOf(body('/to-ftp'))).kind).toBe('badRedirect')
    expect((await faultOf(upstreamRequest('file:///etc/passwd'))).kind).toBe('badUrl')
  })

  it('times out waiting for the headers and mid-body', async () => {
    expect((await faultOf(body('/hang'))).kind).toBe('readTimeout')
    expect((await faultOf(body('/stall'))).kind).toBe('readTimeout')
  })

  it('caps the body, declared or not', async () => {
    expect((await faultOf(body('/big-declared'))).kind).toBe('tooLarge')
    expect((await faultOf(body('/big-chunked'))).kind).toBe('tooLarge')
  })

  it('reports a reset mid-body, a refused connection, a name not known, TLS refused', async () => {
    expect((await faultOf(body('/reset'))).kind).toBe('reset')
    const closed = http.createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    // With Node's code, so a caller can word why (nothing listening, a name not known, TLS).
    expect(await faultOf(upstreamRequest(`http://127.0.0.1:${port}/`, { limits }))).toMatchObject({
      kind: 'connect',
      code: 'ECONNREFUSED',
    })
    expect(await faultOf(upstreamRequest('http://no-such-upstream.invalid/', { limits }))).toMatchObject({
      kind: 'connect',
      code: 'ENOTFOUND',
    })
    expect(await faultOf(upstreamRequest(`https://${new URL(base).host}/ok`, { limits }))).toMatchObject({
      kind: 'tls',
      code: expect.stringMatching(/^(EPROTO|ERR_SSL_\w+)$/),
    })
  })

  it('keeps a connection open for the next request', async () => {
    await body('/ok')
    const before = connections
    for (let i = 0; i < 3; i++) await body('/ok')
    expect(connections).toBe(before)
  })

  it('sends again on a new connection when the upstream closed the kept one', async () => {
    await body('/ok')
    const before = connections
    expect((await body('/drop-reused')).toString()).toBe('fresh')
    expect(connections).toBe(before + 1)
  })

  it("never times a request out by another's read time-out on the same connection", async () => {
    await readAll(await upstreamRequest(`${base}/ok`, { limits: { ...limits, readTimeoutMs: 100 } }))
    const before = connections
    const res = await upstreamRequest(`${base}/later`, { limits: { ...limits, readTimeoutMs: 2000 } })
    expect((await readAll(res)).toString()).toBe('later')
    expect(connections).toBe(before)
  })

  it('never shows credentials or the query of an address', () => {
    expect(shownUrl('https://user:secret@example.test/a/b?token=x')).toBe('https://example.test/a/b')
  })
})
