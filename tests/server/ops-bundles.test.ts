import { unzipSync, strFromU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { poll } from '../support/wait'
import { createRoles, type TestSession } from './helpers/sessions'

let server: TestServer
let admin: TestSession
let user: TestSession
const api = (path: string) => `${server.url}/ui/api/v1${path}`
const get = (path: string, session?: TestSession) =>
  fetch(api(path), { headers: session ? { cookie: session.cookie } : {} })
const post = (path: string, body: unknown, session?: TestSession) =>
  fetch(api(path), {
    method: 'POST',
    headers: browserHeaders(server.url, session?.cookie),
    body: JSON.stringify(body),
  })
const del = (path: string, session?: TestSession) => {
  const { 'content-type': _, ...headers } = browserHeaders(server.url, session?.cookie)
  return fetch(api(path), { method: 'DELETE', headers })
}

interface Bundle {
  id: string
  name: string
  description: string
  create_date: string
  status: string
  service: string
  error?: string
}

/** The bundle once the platform's job has finished it (success or failure). */
async function waitDone(id: string): Promise<Bundle> {
  const list = await poll(
    async () => (await (await get('/ui/userSupport/listBundles', admin)).json()) as Bundle[],
    (bundles) => bundles.some((b) => b.id === id && b.status !== 'in progress'),
    { what: `bundle ${id} done`, timeoutMs: 10_000 },
  )
  return list.find((b) => b.id === id) as Bundle
}

beforeAll(async () => {
  server = await startTestServer({ flavour: 'platform', nodeId: 'node-2', adminPassword: 'S3cret-admin-pw' })
  ;({ admin, user } = await createRoles(server.ctx.sql))
})
afterAll(async () => server.stop())

describe('support bundles', () => {
  it('creates an Artifactory bundle in progress, finishes it, and downloads a real zip', async () => {
    await get('/system/ping?token=never-logged')
    const started = Date.now()
    const res = await post(
      '/ui/userSupport/generateBundle',
      {
        name: 'nightly-1.0',
        description: 'after the outage',
        service: 'artifactory',
        parameters: { thread_dump: { count: '2', interval: 1.7 } },
      },
      admin,
    )
    expect(res.status).toBe(201)
    const created = (await res.json()) as Bundle
    expect(created).toMatchObject({
      name: 'nightly-1.0',
      description: 'after the outage',
      status: 'in progress',
      service: 'artifactory',
    })

    const done = await waitDone(created.id)
    expect(done.status).toBe('success')
    // Two dumps one whole second apart (1.7 is cut to 1).
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)

    const download = await get(`/ui/userSupport/downloadBundle/${created.id}`, admin)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/zip')
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="support-bundle-nightly-1.0-${created.id}.zip"`,
    )
    const entries = unzipSync(new Uint8Array(await download.arrayBuffer()))
    const names = Object.keys(entries).sort()
    expect(names).toEqual(
      expect.arrayContaining([
        'manifest.json',
        'config/node-2/server-config.json',
        'logs/node-2/artifactory-request.log',
        'logs/node-2/artifactory-service.log',
        'logs/node-2/xray-service.log',
        'thread-dumps/node-2/thread-dump-1.json',
        'thread-dumps/node-2/thread-dump-2.json',
      ]),
    )
    expect(names.filter((n) => n.startsWith('thread-dumps/'))).toHaveLength(2)
    const text = (name: string) => strFromU8(entries[name] as Uint8Array)

    const manifest = JSON.parse(text('manifest.json')) as Record<string, unknown>
    expect(manifest).toMatchObject({
      id: created.id,
      nodeId: 'node-2',
      threadDump: { count: 2, interval: 1 },
    })

    const config = JSON.parse(text('config/node-2/server-config.json')) as { server: Record<string, unknown> }
    expect(config.server).toMatchObject({
      adminPassword: '********',
      userPassword: '********',
      nodeId: 'node-2',
    })

    const dump1 = JSON.parse(text('thread-dumps/node-2/thread-dump-1.json')) as {
      header: { dumpEventTimeStamp: string }
    }
    const dump2 = JSON.parse(text('thread-dumps/node-2/thread-dump-2.json')) as {
      header: { dumpEventTimeStamp: string }
    }
    expect(
      Number(dump2.header.dumpEventTimeStamp) - Number(dump1.header.dumpEventTimeStamp),
    ).toBeGreaterThanOrEqual(1000)

    expect(text('logs/node-2/artifactory-request.log')).toContain('|GET|/ui/api/v1/system/ping|200|')
    expect(text('logs/node-2/artifactory-service.log')).toContain(
      `Support bundle ${created.id} (artifactory) requested`,
    )
    // No secret anywhere in the zip: configured passwords, the admin's session, the query token.
    for (const name of names) {
      const content = text(name)
      expect(content).not.toContain('S3cret-admin-pw')
      expect(content).not.toContain(admin.cookie.split('=')[1])
      expect(content).not.toContain('never-logged')
    }
  })

  it('stores the console session a creation carries, cut of the secrets this node knows', async () => {
    // A session as the console sends it (redacted there), with the admin's password in free text
    // the console could not know was one: the server knows it, and cuts it.
    const header = { kind: 'header', format: 1, app: '0.2.0', startedAt: '2026-12-02T20:00:00.000Z' }
    const event = (seq: number, message: string) => ({
      kind: 'event',
      seq,
      at: '2026-12-02T20:00:01.000Z',
      source: 'effect',
      corr: `c${seq}`,
      type: 'session/SignInFailed',
      v: 1,
      data: { user: 'admin', failure: { kind: 'network', message } },
    })
    const log = [
      header,
      event(1, 'offline'),
      event(2, 'typed S3cret-admin-pw in the search'),
      { kind: 'trailer', lastSeq: 2, stateHash: 'x' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n')
    const res = await post(
      '/ui/userSupport/generateBundle',
      {
        name: 'with-session',
        service: 'artifactory',
        session: log,
        parameters: { thread_dump: { count: 0 } },
      },
      admin,
    )
    expect(res.status).toBe(201)
    const created = (await res.json()) as Bundle & { session_events?: number }
    expect(created.session_events).toBe(2)
    const listed = await waitDone(created.id)
    expect(listed).toMatchObject({ status: 'success', session_events: 2 })

    const stored = await get(`/ui/userSupport/bundleSession/${created.id}`, admin)
    expect(stored.status).toBe(200)
    const session = (await stored.json()) as { events: number; log: string }
    expect(session.events).toBe(2)
    expect(session.log).not.toContain('S3cret-admin-pw')
    expect(session.log).toContain('typed ******** in the search')
    expect(session.log.split('\n')[0]).toBe(JSON.stringify(header))
    // The zip carries it too, listed in its manifest.
    const zip = unzipSync(
      new Uint8Array(await (await get(`/ui/userSupport/downloadBundle/${created.id}`, admin)).arrayBuffer()),
    )
    expect(strFromU8(zip['console/session.ndjson']!)).toBe(session.log)
    expect(JSON.parse(strFromU8(zip['manifest.json']!)).entries).toContain('console/session.ndjson')

    // Admins only; a bundle without a session has none to give; deleting takes it away.
    expect((await get(`/ui/userSupport/bundleSession/${created.id}`, user)).status).toBe(403)
    const plain = (await (
      await post(
        '/ui/userSupport/generateBundle',
        { name: 'no-session', parameters: { thread_dump: { count: 0 } } },
        admin,
      )
    ).json()) as Bundle & { session_events?: number }
    expect(plain.session_events).toBeUndefined()
    expect((await get(`/ui/userSupport/bundleSession/${plain.id}`, admin)).status).toBe(404)
    await waitDone(plain.id)
    expect((await del(`/ui/userSupport/deleteBundle/${created.id}`, admin)).status).toBe(204)
    expect((await get(`/ui/userSupport/bundleSession/${created.id}`, admin)).status).toBe(404)
  })

  it('refuses a session that is not an event log', async () => {
    for (const session of ['', 'not json', '{"kind":"event"}', '{"kind":"header"}\n[1]']) {
      const res = await post('/ui/userSupport/generateBundle', { name: 'bad-session', session }, admin)
      expect([session, res.status]).toEqual([session, 400])
    }
  })

  it('creates bundles through the per-service paths', async () => {
    const paths: Array<[string, string]> = [
      ['/xray/api/v1/system/support/bundle', 'xray'],
      ['/distribution/api/v1/system/support/bundle', 'distribution'],
      ['/mc/api/v1/system/support/bundle', 'mission_control'],
      ['/insight/api/v1/system/support/bundle', 'insight'],
      ['/tracker/api/v3/pdn/system/support/bundle', 'tracker'],
    ]
    for (const [path, service] of paths) {
      // Mission Control's call has no service field in its body.
      const res = await post(path, { name: `b-${service}`, parameters: { thread_dump: { count: 0 } } }, admin)
      expect(res.status).toBe(201)
      const bundle = (await res.json()) as Bundle
      expect(bundle.service).toBe(service)
      expect((await waitDone(bundle.id)).status).toBe('success')
    }
    const mismatch = await post(
      '/xray/api/v1/system/support/bundle',
      { name: 'x', service: 'distribution' },
      admin,
    )
    expect(mismatch.status).toBe(400)
    const list = (await (await get('/ui/userSupport/listBundles', admin)).json()) as Bundle[]
    expect(list.map((b) => b.service)).toEqual(
      expect.arrayContaining([
        'artifactory',
        'xray',
        'distribution',
        'mission_control',
        'insight',
        'tracker',
      ]),
    )
    // Newest first.
    const dates = list.map((b) => b.create_date)
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('rejects bad input with a clear message', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /name/],
      [{ name: 'has space' }, /^Name can only contain alphanumeric characters, dashes and periods$/],
      [{ name: '../etc' }, /^Name can only contain/],
      [{ name: 'ok', parameters: { thread_dump: { count: 11 } } }, /count/],
      [{ name: 'ok', parameters: { thread_dump: { interval: 60 } } }, /interval/],
      [{ name: 'ok', parameters: { thread_dump: { count: 'many' } } }, /count/],
      [{ name: 'ok', service: 'pipelines' }, /service/],
      [{ name: 'ok', extra: true }, /additional/],
    ]
    for (const [body, message] of cases) {
      const res = await post('/ui/userSupport/generateBundle', body, admin)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { message: string }).message).toMatch(message)
    }
    const malformed = await fetch(api('/ui/userSupport/generateBundle'), {
      method: 'POST',
      headers: browserHeaders(server.url, admin.cookie),
      body: '{"name": ',
    })
    expect(malformed.status).toBe(400)
  })

  it('answers 409 for a download in progress, and deletes a bundle with its zip', async () => {
    const res = await post(
      '/ui/userSupport/generateBundle',
      { name: 'slow', parameters: { thread_dump: { count: 2, interval: 2 } } },
      admin,
    )
    const slow = (await res.json()) as Bundle
    expect((await get(`/ui/userSupport/downloadBundle/${slow.id}`, admin)).status).toBe(409)
    expect((await del(`/ui/userSupport/deleteBundle/${slow.id}`, admin)).status).toBe(204)
    expect((await del(`/ui/userSupport/deleteBundle/${slow.id}`, admin)).status).toBe(404)
    expect((await get(`/ui/userSupport/downloadBundle/${slow.id}`, admin)).status).toBe(404)
    const list = (await (await get('/ui/userSupport/listBundles', admin)).json()) as Bundle[]
    expect(list.some((b) => b.id === slow.id)).toBe(false)
    expect((await get('/ui/userSupport/downloadBundle/no-such-id', admin)).status).toBe(404)
  })

  it('builds at most 3 bundles at once on a node (409 for a fourth)', async () => {
    const slow = { parameters: { thread_dump: { count: 2, interval: 10 } } }
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const res = await post('/ui/userSupport/generateBundle', { name: `busy-${i}`, ...slow }, admin)
      expect(res.status).toBe(201)
      ids.push(((await res.json()) as Bundle).id)
    }
    const fourth = await post('/ui/userSupport/generateBundle', { name: 'busy-3', ...slow }, admin)
    expect(fourth.status).toBe(409)
    expect(((await fourth.json()) as { message: string }).message).toMatch(/Too many support bundles/)
    for (const id of ids) expect((await del(`/ui/userSupport/deleteBundle/${id}`, admin)).status).toBe(204)
  })

  it('is for admins only', async () => {
    for (const session of [undefined, user]) {
      const status = session ? 403 : 401
      expect((await get('/ui/userSupport/listBundles', session)).status).toBe(status)
      expect((await post('/ui/userSupport/generateBundle', { name: 'x' }, session)).status).toBe(status)
      expect((await post('/xray/api/v1/system/support/bundle', { name: 'x' }, session)).status).toBe(status)
      expect((await del('/ui/userSupport/deleteBundle/x', session)).status).toBe(status)
      expect((await get('/ui/userSupport/downloadBundle/x', session)).status).toBe(status)
    }
  })
})

describe('support bundles in a flavour without the service', () => {
  it('answers 404 for a service that does not run', async () => {
    const oss = await startTestServer({ flavour: 'oss' })
    try {
      const session = (await createRoles(oss.ctx.sql)).admin
      const res = await fetch(`${oss.url}/ui/api/v1/xray/api/v1/system/support/bundle`, {
        method: 'POST',
        headers: browserHeaders(oss.url, session.cookie),
        body: JSON.stringify({ name: 'x' }),
      })
      expect(res.status).toBe(404)
      expect(((await res.json()) as { message: string }).message).toBe('The xray service is not running')
    } finally {
      await oss.stop()
    }
  })
})
