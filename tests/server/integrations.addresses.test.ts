/**
 * Where the git integration's calls may go, over real HTTP with vendor stand-ins on loopback:
 * a stored token only to the URL it was saved with (a new URL needs the token again), the
 * connection test telling nothing about an address no integration was saved with (every
 * failure reads the same), and link-local and cloud metadata addresses refused.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { loopbackOnly } from '../support/loopbackOnly'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { createRoles, type TestSession } from './helpers/sessions'

let server: TestServer
let admin: TestSession
const stopping: Server[] = []

/** A vendor stand-in: 200 to the right token, 401 to others; remembers what it was sent. */
async function vendorStandIn(token: string) {
  const seen: IncomingHttpHeaders[] = []
  const vendor = createServer((req, res) => {
    seen.push(req.headers)
    const ok = req.headers.authorization === `Bearer ${token}`
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' })
    res.end(JSON.stringify(ok ? { login: 'octo' } : { message: 'Bad credentials' }))
  })
  await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r))
  stopping.push(vendor)
  return { seen, url: `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/api/v3/` }
}

/** A server answering `status` to anything, or never answering at all. */
async function standIn(answer: number | 'silent' | 'garbage') {
  const s = createServer((req, res) => {
    if (answer === 'silent') return
    if (answer === 'garbage') return req.socket.end('not http at all\r\n\r\n')
    res.writeHead(answer)
    res.end()
  })
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  stopping.push(s)
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/`
}

beforeAll(async () => {
  server = await startTestServer({ flavour: 'platform' })
  ;({ admin } = await createRoles(server.ctx.sql))
})

afterAll(async () => {
  for (const s of stopping) s.closeAllConnections()
  await Promise.all(stopping.map((s) => new Promise<void>((r) => s.close(() => r()))))
  await server.stop()
})

const send = (method: string, path: string, body: unknown) =>
  fetch(`${server.url}/ui/api/v1${path}`, {
    method,
    headers: browserHeaders(server.url, admin.cookie),
    body: JSON.stringify(body),
  })
const form = { integrationName: 'addr', userName: 'octo', vendorName: 1, integrationType: 1 }

describe('the connection test for an address no integration was saved with', () => {
  it('answers every failure the same way: could not connect', async () => {
    const vendor = await vendorStandIn('right')
    const closed = await standIn(404)
    stopping.at(-1)!.close()
    const urls = [
      vendor.url, // a wrong token: 401
      await standIn(404),
      await standIn(403),
      await standIn(500),
      await standIn('garbage'),
      closed,
    ]
    const answers = []
    for (const url of urls) {
      const res = await send('POST', '/integration/test', { ...form, url, token: 'wrong' })
      expect(res.status).toBe(200)
      answers.push(await res.json())
    }
    const same = {
      success: false,
      message: 'Connection test failed, please check your credentials',
      reason: 'Could not connect',
      cause: 'undisclosed',
    }
    expect(answers).toEqual(urls.map(() => same))
    // Success still says so: that is what the test is for.
    const ok = await send('POST', '/integration/test', { ...form, url: vendor.url, token: 'right' })
    expect(await ok.json()).toMatchObject({ success: true })
  })

  it('tells why for the address an integration was saved with', async () => {
    const vendor = await vendorStandIn('saved-token')
    const created = await send('POST', '/integration', {
      ...form,
      integrationName: 'saved-one',
      url: vendor.url,
      token: 'saved-token',
    })
    expect(created.status).toBe(201)
    const wrong = await send('POST', '/integration/test', { ...form, url: vendor.url, token: 'wrong' })
    expect(await wrong.json()).toEqual({
      success: false,
      message: 'Connection test failed, please check your credentials',
      status: 401,
      reason: 'The server refused the token (HTTP 401)',
      cause: 'credentials',
    })
    // Not the vendor's API: the credentials are not what is wrong.
    const elsewhere = await standIn(404)
    const other = await send('POST', '/integration', {
      ...form,
      integrationName: 'saved-elsewhere',
      url: elsewhere,
      token: 'saved-token',
    })
    expect(other.status).toBe(201)
    const notApi = await send('POST', '/integration/test', { ...form, url: elsewhere, token: 'saved-token' })
    expect(await notApi.json()).toMatchObject({
      status: 404,
      reason:
        "The server answered HTTP 404: this address does not answer as the vendor's API; check the API URL",
    })
  })

  it('refuses link-local and cloud metadata addresses, to test or to save, before any connect', async () => {
    const guard = loopbackOnly()
    onTestFinished(() => guard.stop())
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://169.254.0.1/',
      'http://2852039166/', // 169.254.169.254 as one number
      'http://[fe80::1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://100.100.100.200/',
    ]) {
      const tested = await send('POST', '/integration/test', { ...form, url, token: 't' })
      expect(tested.status, url).toBe(400)
      expect(((await tested.json()) as { message: string }).message).toMatch(/link-local and cloud metadata/i)
      const saved = await send('POST', '/integration', { ...form, integrationName: 'meta', url, token: 't' })
      expect(saved.status, url).toBe(400)
    }
    expect(guard.stopped).toEqual([])
  })
})

describe('a stored token', () => {
  it('is sent only to the URL it was saved with: a new URL needs the token again', async () => {
    const vendor = await vendorStandIn('kept-token')
    const elsewhere = await vendorStandIn('other-token')
    const created = await send('POST', '/integration', {
      ...form,
      integrationName: 'kept',
      url: vendor.url,
      token: 'kept-token',
    })
    const key = ((await created.json()) as { data: string }).data

    // The connection test with the stored token, at another URL: refused, nothing sent there.
    const moved = await send('POST', '/integration/test', {
      ...form,
      url: elsewhere.url,
      integrationKey: key,
    })
    expect(moved.status).toBe(400)
    expect(((await moved.json()) as { message: string }).message).toMatch(/enter the token again/)
    expect(elsewhere.seen).toEqual([])

    // Saving another URL without a token: refused, the integration unchanged.
    const changed = await send('PUT', `/integration/${key}`, {
      ...form,
      integrationName: 'kept',
      url: elsewhere.url,
      integrationKey: key,
    })
    expect(changed.status).toBe(400)
    expect(((await changed.json()) as { code: string }).code).toBe('TOKEN_REQUIRED')
    const stored = await server.ctx.sql.one(
      'SELECT url, token FROM git_integrations WHERE integration_key = ?',
      [key],
    )
    expect(stored).toEqual({ url: vendor.url, token: 'kept-token' })

    // The repositories call still goes to the saved URL only.
    await fetch(`${server.url}/ui/api/v1/integration/${key}/repositories`, {
      headers: { cookie: admin.cookie },
    })
    expect(vendor.seen.at(-1)?.authorization).toBe('Bearer kept-token')
    expect(elsewhere.seen).toEqual([])

    // With the token again, the URL may change; the same URL keeps the stored token.
    const renamed = await send('PUT', `/integration/${key}`, {
      ...form,
      integrationName: 'kept-renamed',
      url: vendor.url,
      integrationKey: key,
    })
    expect(renamed.status).toBe(200)
    const withToken = await send('PUT', `/integration/${key}`, {
      ...form,
      integrationName: 'kept',
      url: elsewhere.url,
      integrationKey: key,
      token: 'other-token',
    })
    expect(withToken.status).toBe(200)
    const retest = await send('POST', '/integration/test', {
      ...form,
      url: elsewhere.url,
      integrationKey: key,
    })
    expect(await retest.json()).toMatchObject({ success: true })
    expect(elsewhere.seen.map((h) => h.authorization)).toEqual(['Bearer other-token'])
  })
})
