/**
 * On-prem metrics: the server records them when the feature is on (self-hosted, licensed, not
 * turned off) and admins read them; the console's start-up sends them once, through the real
 * bus, effects and HTTP adapter (script ports).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApp, type App } from '../../composition/createApp'
import { createScriptPorts } from '../../composition/scriptPorts'
import { until } from '../support/wait'
import { startTestServer, type TestServer } from '../support/server'
import { call, sessionOf } from '../support/apiCalls'

let server: TestServer | undefined
let app: App | undefined
afterEach(async () => {
  app?.dispose()
  app = undefined
  await server?.stop()
  server = undefined
})

const metrics = { frontendVersion: '7.0.0', packageTypes: ['npm', 'maven'], services: 3 }
const features = async (s: TestServer) =>
  (await call<{ features: Record<string, boolean> }>(s, 'GET', '/ui/system/features')).body.features

describe('on-prem metrics (server)', () => {
  it('records metrics when the feature is on; admins read them, others do not', async () => {
    server = await startTestServer()
    expect((await features(server)).onPremMetrics).toBe(true)
    const developer = await sessionOf(server, 'developer')
    const sent = await call(server, 'POST', '/ui/system/onPremMetrics', { cookie: developer, body: metrics })
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({ ...metrics, nodeId: 'node-1' })

    const admin = await sessionOf(server, 'admin')
    const list = await call<unknown[]>(server, 'GET', '/ui/admin/onPremMetrics', { cookie: admin })
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(1)
    expect(list.body[0]).toMatchObject(metrics)
    expect((await call(server, 'GET', '/ui/admin/onPremMetrics', { cookie: developer })).status).toBe(403)
    expect((await call(server, 'GET', '/ui/admin/onPremMetrics')).status).toBe(401)
  })

  it('admits nothing but the metrics (no personal data) and refuses anonymous senders', async () => {
    server = await startTestServer()
    const cookie = await sessionOf(server, 'developer')
    for (const body of [
      { ...metrics, user: 'developer' },
      { ...metrics, email: 'someone@example.org' },
      { ...metrics, packageTypes: ['<script>'] },
      { ...metrics, services: -1 },
      { packageTypes: [], services: 1 },
    ])
      expect((await call(server, 'POST', '/ui/system/onPremMetrics', { cookie, body })).status).toBe(400)
    expect((await call(server, 'POST', '/ui/system/onPremMetrics', { body: metrics })).status).toBe(401)
  })

  for (const [what, env] of [
    ['turned off', { ON_PREM_METRICS: 'false' }],
    ['cloud', { PLATFORM_CLOUD: 'true' }],
    ['unlicensed', { PLATFORM_LICENSE: 'N/A' }],
  ] as const) {
    it(`is off when ${what}: no flag, 403 and nothing stored`, async () => {
      server = await startTestServer({}, env)
      expect((await features(server)).onPremMetrics).toBe(false)
      const cookie = await sessionOf(server, 'developer')
      const refused = await call(server, 'POST', '/ui/system/onPremMetrics', { cookie, body: metrics })
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ code: 'FEATURE_OFF' })
      const admin = await sessionOf(server, 'admin')
      expect((await call(server, 'GET', '/ui/admin/onPremMetrics', { cookie: admin })).body).toEqual([])
    })
  }
})

describe('on-prem metrics (console start-up against the server)', () => {
  for (const on of [true, false]) {
    it(`the start-up sends them once when the feature is ${on ? 'on' : 'off'}`, async () => {
      server = await startTestServer({}, on ? {} : { ON_PREM_METRICS: 'false' })
      const s = server
      const ports = createScriptPorts({ platformUrl: s.url })
      // The port's calls, counted as they are made: the start-up decides synchronously.
      let sends = 0
      const send = ports.platformApi.sendOnPremMetrics.bind(ports.platformApi)
      ports.platformApi.sendOnPremMetrics = (metrics) => {
        sends += 1
        return send(metrics)
      }
      app = createApp({ ports })
      const types: string[] = []
      app.events$.subscribe((e) => types.push(e.event.type))
      // The navigation type is the start-up's last answer before the metrics step, which
      // follows it without waiting: once a start-up has recorded it, its metrics were sent or not.
      const navigationTypes = () =>
        types.filter(
          (t) => t === 'platform/NavigationTypeInitialised' || t === 'platform/NavigationTypeFailed',
        ).length
      app.dispatch({ type: 'platform/Start', reason: 'boot' }, 'script')
      await until(app, (st) => st.platform.starts === 1 && !st.platform.loading)
      await vi.waitFor(() => expect(navigationTypes()).toBe(1), { timeout: 20_000 })
      const passwordRef = app.stashSecret(s.config.userPassword)
      // Signing in runs the start-up again (full sequence, with the features): metrics go out once.
      app.dispatch({ type: 'session/SignIn', user: 'developer', passwordRef, rememberMe: false }, 'script')
      await until(app, (st) => st.platform.starts === 2 && !st.platform.loading)
      await vi.waitFor(() => expect(navigationTypes()).toBe(2), { timeout: 20_000 })
      expect(sends).toBe(on ? 1 : 0)
      if (on) await until(app, (st) => st.platform.onPremMetricsSent)
      const admin = await sessionOf(s, 'admin')
      const list = await call<Array<Record<string, unknown>>>(s, 'GET', '/ui/admin/onPremMetrics', {
        cookie: admin,
      })
      if (!on) {
        expect(list.body).toEqual([])
        expect(types).not.toContain('platform/OnPremMetricsSent')
        return
      }
      expect(types.filter((t) => t === 'platform/OnPremMetricsSent')).toHaveLength(1)
      expect(list.body).toHaveLength(1)
      const state = app.getState().platform
      expect(list.body[0]).toMatchObject({
        frontendVersion: state.version?.version,
        services: state.microservices.filter((m) => m.enabled).length,
      })
      expect([...(list.body[0]?.packageTypes as string[])].sort()).toEqual([...state.packageTypes].sort())
      expect(state.onPremMetricsSent).toBe(true)
    })
  }
})
