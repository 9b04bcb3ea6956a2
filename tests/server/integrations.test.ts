import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { corpusLines } from '../support/corpora'
import { createRoles, type TestSession } from './helpers/sessions'

let server: TestServer
let admin: TestSession
let user: TestSession
const api = (path: string) => `${server.url}/ui/api/v1${path}`
const get = (path: string, session?: TestSession) =>
  fetch(api(path), { headers: session ? { cookie: session.cookie } : {} })
const send = (method: string, path: string, body: unknown, session?: TestSession) =>
  fetch(api(path), {
    method,
    headers: browserHeaders(server.url, session?.cookie),
    body: JSON.stringify(body),
  })
const del = (path: string, session?: TestSession) => {
  const { 'content-type': _, ...headers } = browserHeaders(server.url, session?.cookie)
  return fetch(api(path), { method: 'DELETE', headers })
}

// A git vendor stand-in on loopback: answers 200 only to the right bearer token.
let vendor: Server
let vendorUrl: string
const seen: IncomingHttpHeaders[] = []
let closedPortUrl: string

beforeAll(async () => {
  server = await startTestServer({ flavour: 'platform', nodeId: 'node-4' })
  ;({ admin, user } = await createRoles(server.ctx.sql))
  vendor = createServer((req, res) => {
    seen.push(req.headers)
    const ok = req.headers.authorization === 'Bearer good-token'
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' })
    res.end(JSON.stringify(ok ? { login: 'octo' } : { message: 'Bad credentials' }))
  })
  await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r))
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/api/v3/`
  // A port that was just free: nothing listens there once closed.
  const probe = createServer()
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
  closedPortUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/`
  await new Promise<void>((r) => probe.close(() => r()))
})
afterAll(async () => {
  await new Promise<void>((r) => vendor.close(() => r()))
  await server.stop()
})

interface Integration {
  integrationKey: string
  integrationName: string
  userName: string
  url: string
  vendorName: number
  vendor: string
  hasToken: boolean
  connectedServices: string[]
}

describe('integrations catalogue', () => {
  it('lists the seeded catalogue sorted by rank then label, with default rank and actions', async () => {
    const res = await get('/integration/catalog', user)
    expect(res.status).toBe(200)
    const entries = (await res.json()) as Array<{
      id: string
      label: string
      rank: number
      categories: string[]
      vendors: string[]
      documentationLink: string
      configureAction?: { type: string; actionName: string; payload: Record<string, unknown> }
    }>
    const labels = entries.map((e) => e.label)
    expect(labels).toEqual(
      expect.arrayContaining([
        'GitHub',
        'GitLab',
        'Bitbucket Cloud',
        'Bitbucket Server',
        'JFrog CLI',
        'GitHub Actions',
        'Azure DevOps',
        'Frogbot',
        'Visual Studio Code',
        'Android Studio',
        'Docker Desktop',
      ]),
    )
    const ranks = entries.map((e) => e.rank)
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks)
    for (const e of entries) expect(e.rank).toBeGreaterThanOrEqual(1)
    expect(entries.find((e) => e.id === 'slack')?.rank).toBe(10)
    const categories = new Set(entries.flatMap((e) => e.categories))
    for (const c of [
      'Packages',
      'CI/CD',
      'Cloud Native',
      'IDE',
      'Source Control',
      'Security',
      'AI/MLOps',
      'Authentication',
    ])
      expect(categories.has(c)).toBe(true)
    expect(new Set(entries.flatMap((e) => e.vendors))).toEqual(new Set(['AWS', 'Azure', 'GCP']))
    expect(entries.find((e) => e.id === 'github')?.configureAction).toEqual({
      type: 'redirect',
      actionName: 'integrations.vendor.list',
      payload: { vendorName: 'github' },
    })
    expect(entries.find((e) => e.id === 'amazon-eks')?.configureAction).toBeUndefined()
    for (const e of entries) expect(e.documentationLink).toMatch(/^https:\/\//)
  })

  it('needs a signed-in user unless anonymous access is on', async () => {
    expect((await get('/integration/catalog')).status).toBe(401)
  })
})

describe('git integrations', () => {
  const form = {
    integrationName: 'main-github',
    userName: 'octo',
    token: 'good-token',
    url: '',
    vendorName: 1,
    integrationType: 1,
  }

  it('tests a connection with a real request carrying the bearer token', async () => {
    seen.length = 0
    const ok = await send('POST', '/integration/test', { ...form, url: vendorUrl }, admin)
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ success: true, message: 'Connection test succeeded', status: 200 })
    expect(seen.at(-1)?.authorization).toBe('Bearer good-token')

    const wrong = await send(
      'POST',
      '/integration/test',
      { ...form, url: vendorUrl, token: 'bad-token' },
      admin,
    )
    // No integration was saved with this address: the failure says no more than that.
    expect(await wrong.json()).toEqual({
      success: false,
      message: 'Connection test failed, please check your credentials',
      reason: 'Could not connect',
      cause: 'undisclosed',
    })
    expect(seen.at(-1)?.authorization).toBe('Bearer bad-token')

    const closed = await send('POST', '/integration/test', { ...form, url: closedPortUrl }, admin)
    expect(await closed.json()).toEqual({
      success: false,
      message: 'Connection test failed, please check your credentials',
      reason: 'Could not connect',
      cause: 'undisclosed',
    })
  })

  it('gives up on a server that never answers after 5 seconds', async () => {
    const silent = createServer(() => {
      // Never answers.
    })
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
    try {
      const started = Date.now()
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`
      // Saved with an integration, the address's failures are told apart.
      const created = await send('POST', '/integration', { ...form, integrationName: 'silent', url }, admin)
      const key = ((await created.json()) as { data: string }).data
      const res = await send('POST', '/integration/test', { ...form, url }, admin)
      expect(await res.json()).toEqual({
        success: false,
        message: 'Connection test failed, please check your credentials',
        reason: 'No answer within 5 s',
        cause: 'timeout',
      })
      expect(Date.now() - started).toBeGreaterThanOrEqual(4900)
      expect((await del(`/integration/${key}`, admin)).status).toBe(200)
    } finally {
      silent.closeAllConnections()
      await new Promise<void>((r) => silent.close(() => r()))
    }
  })

  it('creates, lists, updates and deletes integrations without ever returning the token', async () => {
    const created = await send('POST', '/integration', { ...form, url: vendorUrl }, admin)
    expect(created.status).toBe(201)
    const body = (await created.json()) as { data: string; message: string; integration: Integration }
    expect(body.message).toBe('Successfully created')
    expect(body.data).toMatch(/^github-[0-9a-f]{12}$/)
    const key = body.data
    expect(JSON.stringify(body)).not.toContain('good-token')

    const dup = await send(
      'POST',
      '/integration',
      { ...form, integrationName: 'MAIN-github', url: vendorUrl },
      admin,
    )
    expect(dup.status).toBe(409)

    const gl = (await (
      await send(
        'POST',
        '/integration',
        { ...form, integrationName: 'gl', vendorName: 2, url: vendorUrl },
        admin,
      )
    ).json()) as { data: string }

    const mine = (await (await get('/integration/getIntegrations/github', admin)).json()) as Integration[]
    expect(mine).toEqual([
      expect.objectContaining({
        integrationKey: key,
        integrationName: 'main-github',
        userName: 'octo',
        url: vendorUrl,
        vendorName: 1,
        vendor: 'github',
        hasToken: true,
        connectedServices: [],
      }),
    ])
    expect(await (await get('/integration/getIntegrations/2', admin)).json()).toEqual([
      expect.objectContaining({ integrationKey: gl.data, vendor: 'gitlab' }),
    ])
    expect((await get('/integration/getIntegrations/sourceforge', admin)).status).toBe(404)

    // Update without a token keeps the stored one: the saved integration still tests green.
    const updated = await send(
      'PUT',
      `/integration/${key}`,
      { integrationName: 'renamed', url: vendorUrl, vendorName: 1, integrationKey: key },
      admin,
    )
    expect(updated.status).toBe(200)
    expect(await updated.json()).toMatchObject({
      data: key,
      message: 'Successfully updated',
      integration: { integrationName: 'renamed' },
    })
    const retest = await send(
      'POST',
      '/integration/test',
      { url: vendorUrl, vendorName: 1, integrationKey: key },
      admin,
    )
    expect(await retest.json()).toMatchObject({ success: true })
    const stored = await server.ctx.sql.one('SELECT token FROM git_integrations WHERE integration_key = ?', [
      key,
    ])
    expect(stored).toEqual({ token: 'good-token' })

    const groups = await (await get('/integration/getIntegrations', admin)).text()
    expect(groups).not.toContain('good-token')
    const [group] = JSON.parse(groups) as Array<{
      type: string
      available: number
      connected: number
      items: Array<{
        name: string
        configured: boolean
        connected: boolean
        integrations: Integration[]
        products: string[]
      }>
    }>
    expect(group?.type).toBe('source_control')
    expect(group?.available).toBe(4)
    expect(group?.items.map((i) => i.name)).toEqual([
      'github',
      'gitlab',
      'bitbucket_cloud',
      'bitbucket_server',
    ])
    expect(group?.items[0]).toMatchObject({
      configured: true,
      connected: false,
      products: ['xray', 'pipelines'],
    })
    expect(group?.items[2]).toMatchObject({ configured: false, integrations: [] })

    // Scanning-service connection.
    const connect = await send('POST', '/xray/ui/vcs_integrations', { integration_id: key }, admin)
    expect(connect.status).toBe(201)
    expect((await send('POST', '/xray/ui/vcs_integrations', { integration_id: key }, admin)).status).toBe(200)
    expect((await send('POST', '/xray/ui/vcs_integrations', { integration_id: 'nope' }, admin)).status).toBe(
      404,
    )
    const connections = (await (await get('/xray/ui/vcs_integrations', admin)).json()) as Array<{
      integration_id: string
    }>
    expect(connections).toEqual([
      expect.objectContaining({ integration_id: key, vendor: 'github', service: 'xray' }),
    ])
    const after = (await (await get('/integration/getIntegrations', admin)).json()) as Array<{
      connected: number
      items: Array<{
        connected: boolean
        configuredServices: Array<{ serviceName: string; connections: number }>
      }>
    }>
    expect(after[0]?.connected).toBe(1)
    expect(after[0]?.items[0]?.configuredServices.find((s) => s.serviceName === 'xray')).toMatchObject({
      connections: 1,
      connected: true,
    })

    const xrayLog = readFileSync(join(server.config.dataDir, 'logs', 'node-4', 'xray-service.log'), 'utf8')
    expect(xrayLog).toContain(`Repository scanning connected to ${key}`)

    expect((await del(`/xray/ui/vcs_integrations/${gl.data}`, admin)).status).toBe(404)
    const deleted = await del(`/integration/${key}`, admin)
    expect(await deleted.json()).toEqual({ data: key, message: 'Successfully deleted' })
    expect((await del(`/integration/${key}`, admin)).status).toBe(404)
    // Its connection went with it.
    expect(await (await get('/xray/ui/vcs_integrations', admin)).json()).toEqual([])
    expect(
      (
        await send(
          'PUT',
          `/integration/${key}`,
          { integrationName: 'x', url: vendorUrl, vendorName: 1 },
          admin,
        )
      ).status,
    ).toBe(404)
  })

  it('rejects bad input with clear messages', async () => {
    const cases: Array<[string, unknown, number, RegExp]> = [
      ['/integration', { ...form, url: 'not a url' }, 400, /^Enter a valid URL$/],
      ['/integration', { ...form, url: 'javascript:alert(1)' }, 400, /^Enter a valid URL$/],
      ['/integration', { ...form, url: 'http://user:pw@example.test/' }, 400, /^Enter a valid URL$/],
      [
        '/integration',
        { ...form, url: vendorUrl, integrationName: 'has space' },
        400,
        /^Name can only contain alphanumeric characters, dashes and periods$/,
      ],
      ['/integration', { ...form, url: vendorUrl, vendorName: 0 }, 400, /vendorName/],
      ['/integration', { ...form, url: vendorUrl, vendorName: 'github' }, 400, /vendorName/],
      ['/integration', { ...form, url: vendorUrl, integrationType: 0 }, 400, /integrationType/],
      ['/integration', { integrationName: 'x', url: vendorUrl, vendorName: 1 }, 400, /token/],
      ['/integration', { ...form, url: vendorUrl, extra: 1 }, 400, /additional/],
      ['/integration/test', { url: vendorUrl, vendorName: 1 }, 400, /token/],
      [
        '/integration/test',
        { url: 'ftp://example.test/', vendorName: 1, token: 't' },
        400,
        /^Enter a valid URL$/,
      ],
    ]
    for (const [path, body, status, message] of cases) {
      const res = await send('POST', path, body, admin)
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect(((await res.json()) as { message: string }).message).toMatch(message)
    }
  })

  it('refuses every hostile string of the XSS corpus as a name or URL, storing nothing', async () => {
    const before = await (await get('/integration/getIntegrations/github', admin)).text()
    for (const line of corpusLines('xss')) {
      // Plain words in the corpus ("XXX") are fine names; everything else is refused.
      if (!/^[A-Za-z0-9._-]+$/.test(line)) {
        const res = await send(
          'POST',
          '/integration',
          { ...form, integrationName: line, url: vendorUrl },
          admin,
        )
        expect(res.status, line).toBe(400)
      }
      const asUrl = await send('POST', '/integration', { ...form, integrationName: 'ok', url: line }, admin)
      // A line that happens to be a plain http(s) URL is a valid URL; everything else is refused.
      let plainUrl = false
      try {
        const u = new URL(line)
        plainUrl = (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password
      } catch {
        plainUrl = false
      }
      if (plainUrl) {
        expect([201, 409]).toContain(asUrl.status)
        const key = ((await asUrl.json()) as { data?: string }).data
        if (key) await del(`/integration/${key}`, admin)
      } else expect(asUrl.status, line).toBe(400)
    }
    expect(await (await get('/integration/getIntegrations/github', admin)).text()).toBe(before)
  }, 120_000) // ~2 requests per corpus line: a limit for a stuck loop, not a timing (30 s was cut off at load 16-19)

  it('is for admins only', async () => {
    for (const session of [undefined, user]) {
      const status = session ? 403 : 401
      expect((await get('/integration/getIntegrations', session)).status).toBe(status)
      expect((await get('/integration/getIntegrations/github', session)).status).toBe(status)
      expect((await send('POST', '/integration/test', { ...form, url: vendorUrl }, session)).status).toBe(
        status,
      )
      expect((await send('POST', '/integration', { ...form, url: vendorUrl }, session)).status).toBe(status)
      expect((await send('PUT', '/integration/k', { ...form, url: vendorUrl }, session)).status).toBe(status)
      expect((await del('/integration/k', session)).status).toBe(status)
      expect((await get('/xray/ui/vcs_integrations', session)).status).toBe(status)
      expect((await send('POST', '/xray/ui/vcs_integrations', { integration_id: 'k' }, session)).status).toBe(
        status,
      )
    }
  })
})

describe('integrations in the OpenAPI document and with anonymous access', () => {
  it('lists every integrations route', async () => {
    const doc = (await (await get('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/integration/catalog',
        '/integration/getIntegrations',
        '/integration/getIntegrations/{vendorName}',
        '/integration/test',
        '/integration',
        '/integration/{integrationKey}',
        '/xray/ui/vcs_integrations',
        '/xray/ui/vcs_integrations/{integration_id}',
      ]),
    )
    expect(Object.keys(doc.paths['/integration/{integrationKey}'] ?? {}).sort()).toEqual(['delete', 'put'])
  })

  it('shows the catalogue to anonymous visitors when anonymous access is on', async () => {
    const open = await startTestServer({ anonymousAccess: true })
    try {
      const res = await fetch(`${open.url}/ui/api/v1/integration/catalog`)
      expect(res.status).toBe(200)
      expect(((await res.json()) as unknown[]).length).toBeGreaterThan(10)
      // Git integrations stay admin-only.
      expect((await fetch(`${open.url}/ui/api/v1/integration/getIntegrations`)).status).toBe(401)
    } finally {
      await open.stop()
    }
  })
})

describe('git integrations without repository scanning', () => {
  it('answers 404 in a flavour without it', async () => {
    const oss = await startTestServer({ flavour: 'oss' })
    try {
      const session = (await createRoles(oss.ctx.sql)).admin
      const res = await fetch(`${oss.url}/ui/api/v1/integration/getIntegrations`, {
        headers: { cookie: session.cookie },
      })
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ code: 'FEATURE_DISABLED' })
    } finally {
      await oss.stop()
    }
  })
})
