/**
 * The whole platform started on PostgreSQL (DATABASE_URL): a PostgreSQL started by the test,
 * every migration run by buildServer, sign-in and the admin areas on it, the catalogue and its
 * metadata GraphQL, repositories, remotes, the overview and security scanning; nothing is written
 * to a SQLite file in the data folder.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { securityPolicy } from '../support/xrayPolicies'
import { call, sessionOf } from '../support/apiCalls'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({}, {}, { engine: 'postgres' })
}, 120_000)
afterAll(async () => server?.stop())

describe('the platform on PostgreSQL', () => {
  it('signs in and keeps its data in PostgreSQL', async () => {
    expect(server.ctx.sql.engine).toBe('postgres')
    const admin = await sessionOf(server, 'admin')
    const me = await call(server, 'GET', '/ui/auth/current', { cookie: admin })
    expect(me).toMatchObject({ status: 200, body: { name: 'admin', admin: true } })
    const wrong = await call(server, 'POST', '/ui/auth/login', {
      body: { user: 'admin', password: 'wrong', type: 'login' },
    })
    expect(wrong.status).toBe(401)

    // Admin areas on moved stores: a project with a member, a permission target, a preference.
    const created = await call(server, 'POST', '/ui/admin/projects', {
      cookie: admin,
      body: { key: 'pay', name: 'Payments' },
    })
    expect(created.status).toBe(201)
    const members = await call(server, 'PUT', '/ui/admin/projects/pay/members', {
      cookie: admin,
      body: [{ name: 'developer', roles: ['Developer'] }],
    })
    expect(members).toMatchObject({ status: 200, body: [{ name: 'developer', roles: ['Developer'] }] })
    const permission = await call(server, 'POST', '/ui/admin/permissions', {
      cookie: admin,
      body: { name: 'pay-readers', repositories: ['npm-local'], users: { developer: ['read'] } },
    })
    expect(permission).toMatchObject({ status: 201, body: { users: { developer: ['read'] } } })
    await call(server, 'PUT', '/ui/user/navigationType', { cookie: admin, body: { type: 'classic' } })
    expect((await call(server, 'GET', '/ui/user/navigationType', { cookie: admin })).body).toEqual({
      type: 'classic',
    })
    const rows = await server.ctx.sql.all<{ key: string }>('SELECT key FROM projects')
    expect(rows).toEqual([{ key: 'pay' }])
    // No second database beside it.
    expect(existsSync(join(server.config.dataDir, 'platform.db'))).toBe(false)
  })

  it('serves the catalogue, repositories, remotes and the overview from PostgreSQL', async () => {
    const admin = await sessionOf(server, 'admin')
    // The catalogue copied at the first start (tests/server/catalog-copy.test.ts).
    const files = await server.ctx.sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM catalog_files')
    expect(files!.n).toBeGreaterThan(0)
    const count = await call(server, 'GET', '/ui/home/widget/artifactCount', { cookie: admin })
    expect(count).toMatchObject({ status: 200, body: { widgetData: { artifactCount: files!.n } } })
    const withReadme = await server.ctx.sql.one<{ id: string; readme_text: string }>(
      'SELECT id, readme_text FROM catalog_versions WHERE readme_text IS NOT NULL ORDER BY id LIMIT 1',
    )
    const readme = await call(
      server,
      'GET',
      `/ui/v1/native/versions/${encodeURIComponent(withReadme!.id)}/readme`,
      {
        cookie: admin,
      },
    )
    expect(readme).toMatchObject({ status: 200, body: { readme: withReadme!.readme_text } })
    const repositories = await call<{ repositories: Array<{ key: string; remote?: unknown }> }>(
      server,
      'GET',
      '/repositories',
      { cookie: admin },
    )
    expect(repositories.status).toBe(200)
    expect(repositories.body.repositories.find((r) => r.key === 'npm-remote')).toMatchObject({
      remote: expect.any(Object),
    })
    const tree = await call<{ children: unknown[] }>(server, 'GET', '/ui/treebrowser?repoKey=debian-remote', {
      cookie: admin,
    })
    expect(tree.status).toBe(200)
    expect(tree.body.children.length).toBeGreaterThan(0)
    expect((await call(server, 'GET', '/ui/home/overview', { cookie: admin })).status).toBe(200)
  })

  it('serves security scanning from PostgreSQL, the shipped advisories imported at start', async () => {
    const admin = await sessionOf(server, 'admin')
    const status = await call<{ advisories: number; imports: Array<{ source: string; ok: boolean }> }>(
      server,
      'GET',
      '/xray/api/v1/advisories/status',
      { cookie: admin },
    )
    expect(status.status).toBe(200)
    expect(status.body.advisories).toBeGreaterThan(0)
    expect(status.body.imports).toMatchObject([{ source: 'shipped advisories', ok: true }])
    const policy = securityPolicy('no-critical', 'critical', { blockDownload: true })
    expect(
      (await call(server, 'POST', '/xray/api/v1/policies', { cookie: admin, body: policy })).status,
    ).toBe(201)
    const watch = {
      name: 'everything',
      description: '',
      resources: { kind: 'repositories', repositories: ['npm'] },
      policies: ['no-critical'],
    }
    expect((await call(server, 'POST', '/xray/api/v1/watches', { cookie: admin, body: watch })).status).toBe(
      201,
    )
    expect((await call(server, 'GET', '/xray/api/v1/policies', { cookie: admin })).body).toEqual([
      { ...policy, watches: ['everything'] },
    ])
    expect(await server.ctx.sql.all('SELECT watch_name, policy_name FROM xray_watch_policies')).toEqual([
      { watch_name: 'everything', policy_name: 'no-critical' },
    ])
    // The catalogue copied in at start was scanned: the watch finds its critical advisories.
    const violations = await call<{
      total: number
      rows: Array<{ versionId: string; packageName: string; version: string; severity: string }>
    }>(server, 'GET', '/xray/api/v1/violations', { cookie: admin })
    expect(violations.body.total).toBeGreaterThan(0)
    expect(new Set(violations.body.rows.map((r) => r.severity))).toEqual(new Set(['critical']))
    const first = violations.body.rows[0]!
    const details = await call(server, 'POST', '/xray/ui/component/details/general', {
      cookie: admin,
      body: { package_id: `npm://${first.packageName}`, version: first.version },
    })
    expect(details).toMatchObject({
      status: 200,
      body: { version_id: first.versionId, scan_status: 'scanned', blocked: { policy: 'no-critical' } },
    })
  })

  it('serves every feature from PostgreSQL, the metadata GraphQL included, and never the SQLite handle', async () => {
    const admin = await sessionOf(server, 'admin')
    const packages = await call<{ data: { packages: { totalCount: number; edges: unknown[] } } }>(
      server,
      'POST',
      '/mds/packages',
      {
        cookie: admin,
        body: {
          graphQL: { query: '{ packages(filter: {}, first: 5) { totalCount edges { node { name } } } }' },
        },
      },
    )
    expect(packages.status).toBe(200)
    expect(packages.body.data.packages.edges).toHaveLength(5)
    const stored = await server.ctx.sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM catalog_packages')
    expect(packages.body.data.packages.totalCount).toBe(stored!.n)
    // An unknown endpoint is unknown, as on SQLite.
    expect((await call(server, 'GET', '/no/such/endpoint', { cookie: admin })).status).toBe(404)
    // The registries npm and other clients use are served (tests/server/registry.engines.test.ts):
    // an anonymous client is asked to sign in.
    expect((await fetch(`${server.url}/artifactory/api/npm/npm-local/left-pad`)).status).toBe(401)
    expect((await fetch(`${server.url}/v2/`)).status).toBe(401)
    // ctx.db refuses every use rather than open a local file.
    expect(() => server.ctx.db.prepare('SELECT 1')).toThrow(/not open on PostgreSQL/)
  })
})
