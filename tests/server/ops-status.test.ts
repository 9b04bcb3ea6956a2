import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../support/apiCalls'
import { startTestServer, type TestServer } from '../support/server'
import { manualClock } from '../../server/clock'
import { createRoles, type TestSession } from './helpers/sessions'
import { poll } from '../support/wait'
import { createHttpClient } from '../../adapters/http/client'
import { createSupportBundlesApi } from '../../adapters/http/supportBundles'

/** The console's support-bundles adapter against `target`, signed in as `session`. */
const consoleApi = (target: TestServer, session: TestSession) =>
  createSupportBundlesApi(
    createHttpClient({
      base: `${target.url}/ui/api/v1`,
      retries: 0,
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: { ...Object.fromEntries(new Headers(init?.headers)), cookie: session.cookie },
        }),
    }),
  )

// Heartbeats every 100 ms of the platform's clock, which the tests move.
process.env.HEARTBEAT_INTERVAL_MS = '100'
const clock = manualClock()

let server: TestServer
let admin: TestSession
let user: TestSession
const get = (path: string, session?: TestSession) =>
  call<unknown>(server, 'GET', path, session ? { cookie: session.cookie } : {})

interface NodeRow {
  service_id: string
  node_id: string
  service_type: string
  status: string
  state: string
  last_heartbeat: string
  uptime: string
  micro_services: string[]
}

beforeAll(async () => {
  server = await startTestServer({ flavour: 'platform', nodeId: 'node-7' }, {}, { clock })
  ;({ admin, user } = await createRoles(server.ctx.sql))
})
afterAll(async () => server.stop())

describe('service status', () => {
  it('lists this node once per service it runs, Online, with heartbeat and process start', async () => {
    // The node registers once it listens, without holding the start: on PostgreSQL its rows
    // may land a moment after the first request.
    const { services } = await poll(
      async () => {
        const res = await get('/system/status/ha', admin)
        expect(res.status).toBe(200)
        return res.body as { services: NodeRow[] }
      },
      (answer) => answer.services.length > 0,
      { what: 'this node registered' },
    )
    expect(services.map((s) => s.service_type).sort()).toEqual(
      ['artifactory', 'distribution', 'insight', 'mission control', 'pipelines', 'tracker', 'xray'].sort(),
    )
    for (const row of services) {
      expect(row.node_id).toBe('node-7')
      expect(row.status).toBe('Online')
      expect(row.state).toBe('HEALTHY')
      expect(Date.parse(row.uptime)).toBeLessThanOrEqual(Date.parse(row.last_heartbeat))
    }
    const rt = services.find((s) => s.service_type === 'artifactory')
    expect(rt?.service_id).toMatch(/^jfrt@[0-9a-f-]{36}$/)
    expect(rt?.micro_services).toContain('jfrt')
    expect(services.find((s) => s.service_type === 'xray')?.service_id).toMatch(/^jfxr@/)
  })

  it('advances the heartbeat on its timer', async () => {
    const first = ((await get('/system/status/ha', admin)).body as { services: NodeRow[] }).services[0]
    clock.advance(100)
    const beat = async () =>
      ((await get('/system/status/ha', admin)).body as { services: NodeRow[] }).services.find(
        (s) => s.service_id === first?.service_id,
      )?.last_heartbeat ?? ''
    // One interval of the platform's clock is one beat, stamped with that clock's time. The beat is
    // written as the timer fires; on PostgreSQL the write may land after the next read.
    await expect
      .poll(async () => Date.parse(await beat()))
      .toBe(Date.parse(first?.last_heartbeat ?? '') + 100)
  })

  it('shows a node whose heartbeat stopped as Offline, and lets an admin remove it', async () => {
    const stale = new Date(clock.now() - 60_000).toISOString()
    await server.ctx.sql.run(
      `INSERT INTO cluster_nodes (service_id, node_id, service_type, micro_services, started_at, last_heartbeat,
         heartbeat_interval_ms, pid, host) VALUES ('jfrt@old', 'node-9', 'artifactory', '["jfrt"]', ?, ?, 5000, 1, 'gone')`,
      [stale, stale],
    )
    const { services } = (await get('/system/status/ha', admin)).body as { services: NodeRow[] }
    expect(services.find((s) => s.node_id === 'node-9')).toMatchObject({
      status: 'Offline',
      state: 'UNHEALTHY',
    })
    const nodes = (await get('/system/status/nodes', admin)).body as Array<Record<string, string>>
    expect(nodes.find((n) => n.node_id === 'node-9')).toMatchObject({
      service_id: 'jfrt@old',
      state: 'UNHEALTHY',
    })
    expect(nodes.filter((n) => n.node_id === 'node-7').every((n) => n.state === 'HEALTHY')).toBe(true)

    const health = (await get('/system/health')).body
    expect(health).toEqual({ status: 'DEGRADED', node_id: 'node-7', nodes: { online: 1, offline: 1 } })

    const remove = (session?: TestSession, path = '/access/api/v1/topology/jfrt%40old/node-9') =>
      call(server, 'DELETE', path, session ? { cookie: session.cookie } : {})
    expect((await remove()).status).toBe(401)
    expect((await remove(user)).status).toBe(403)
    expect((await remove(admin)).status).toBe(204)
    expect((await remove(admin)).status).toBe(404)
    const after = (await get('/system/status/ha', admin)).body as { services: NodeRow[] }
    expect(after.services.some((s) => s.node_id === 'node-9')).toBe(false)
    expect((await get('/system/health')).body).toMatchObject({
      status: 'HEALTHY',
      nodes: { online: 1, offline: 0 },
    })
  })

  it('keeps status for admins: 401 anonymous, 403 regular user', async () => {
    for (const path of ['/system/status/ha', '/system/status/nodes']) {
      expect((await get(path)).status).toBe(401)
      expect((await get(path, user)).status).toBe(403)
    }
  })

  it('answers ping as plain text to anyone, and the Mission Control ping where it runs', async () => {
    const ping = await get('/system/ping')
    expect(ping.status).toBe(200)
    expect(ping.headers.get('content-type')).toContain('text/plain')
    expect(ping.text).toBe('OK')
    expect((await get('/mc/api/v4/system/ping')).text).toBe('OK')
    // The console asks both (its service-enabled check, then the ping) before offering a bundle.
    expect(await consoleApi(server, admin).missionControlAvailable()).toEqual({ _tag: 'Right', right: true })
  })

  it('lists its routes in the OpenAPI document', async () => {
    const doc = (await get('/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>
    }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/system/status/ha',
        '/system/status/nodes',
        '/access/api/v1/topology/{service_id}/{node_id}',
        '/system/ping',
        '/system/health',
        '/system/logs/config/{service}',
        '/system/logs/data/{service}',
        '/mc/api/ui/v1/system/logs/data/{service}',
        '/ui/userSupport/generateBundle',
        '/ui/bundle/retention/config/enable',
      ]),
    )
  })
})

describe('a lightweight flavour', () => {
  it('runs Artifactory only, and has no Mission Control ping', async () => {
    const light = await startTestServer({ flavour: 'lightweight' })
    try {
      const session = (await createRoles(light.ctx.sql)).admin
      const { services } = await poll(
        async () =>
          (await (
            await fetch(`${light.url}/ui/api/v1/system/status/ha`, { headers: { cookie: session.cookie } })
          ).json()) as { services: NodeRow[] },
        (answer) => answer.services.length > 0,
        { what: 'the node registered' },
      )
      expect(services.map((s) => s.service_type)).toEqual(['artifactory'])
      expect((await fetch(`${light.url}/ui/api/v1/mc/api/v4/system/ping`)).status).toBe(404)
      expect(await consoleApi(light, session).missionControlAvailable()).toEqual({
        _tag: 'Right',
        right: false,
      })
      const xrayLogs = await fetch(`${light.url}/ui/api/v1/system/logs/config/jfxr`, {
        headers: { cookie: session.cookie },
      })
      expect(xrayLogs.status).toBe(404)
      expect(await xrayLogs.json()).toMatchObject({ message: 'The xray service is not running' })
    } finally {
      await light.stop()
    }
  })
})

describe('retention config', () => {
  it('is for admins only and stores the flag', async () => {
    const path = '/ui/bundle/retention/config/enable'
    expect((await get(path)).status).toBe(401)
    expect((await get(path, user)).status).toBe(403)
    expect((await get(path, admin)).body).toEqual({ enable: true })
    const put = (session: TestSession, body: unknown) =>
      call(server, 'PUT', path, { cookie: session.cookie, body })
    expect((await put(user, { enable: false })).status).toBe(403)
    const bad = await put(admin, { enable: 'maybe' })
    expect(bad.status).toBe(400)
    expect((bad.body as { message: string }).message).toMatch(/enable/)
    expect((await put(admin, { enable: false })).body).toEqual({ enable: false })
    expect((await get(path, admin)).body).toEqual({ enable: false })
  })
})
