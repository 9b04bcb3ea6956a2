/**
 * The metadata migration (spec 001 section 2: "A migration is running after an upgrade and
 * results may be partial"): while it runs the platform's features say so, which is what the
 * packages list shows that text from; it puts package summaries right and ends by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { startMetadataMigration } from '../../server/catalog/migration'
import { statementsDuring } from '../support/statements'
import { createRoles, type TestSession } from './helpers/sessions'

let server: TestServer
let admin: TestSession
let developer: TestSession

beforeAll(async () => {
  server = await startTestServer()
  ;({ admin, user: developer } = await createRoles(server.ctx.sql))
})
afterAll(async () => server.stop())

const call = (path: string, session: TestSession, method = 'GET') =>
  fetch(`${server.url}/ui/api/v1${path}`, {
    method,
    headers: { ...browserHeaders(server.url), cookie: session.cookie },
    // Fastify refuses an empty JSON body.
    ...(method === 'POST' ? { body: '{}' } : {}),
  })

const migrationRunning = async () =>
  ((await (await call('/ui/system/features', developer)).json()) as { features: Record<string, boolean> })
    .features.metadataMigrationRunning

describe('the metadata migration', () => {
  it('is said by the features while it runs, and only one runs at a time', async () => {
    expect(await migrationRunning()).toBe(false)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const migration = await startMetadataMigration(server.ctx, { batch: 10, between: () => held })
    try {
      expect(migration.started).toBe(true)
      expect(await migrationRunning()).toBe(true)
      expect((await call('/ui/admin/metadata/migration', developer, 'POST')).status).toBe(403)
      expect((await call('/ui/admin/metadata/migration', admin, 'POST')).status).toBe(409)
    } finally {
      release()
      await migration.finished
    }
    expect(await migrationRunning()).toBe(false)
  })

  it('puts package summaries right when an admin starts it, and ends by itself', async () => {
    const sql = server.ctx.sql
    const pkg = (await sql.one<{ id: string; n: number; latest: string }>(
      'SELECT id, versions_count AS n, latest_version AS latest FROM catalog_packages WHERE versions_count > 1 LIMIT 1',
    ))!
    await sql.run('UPDATE catalog_packages SET versions_count = 0, latest_version = ? WHERE id = ?', [
      '0.0.0-wrong',
      pkg.id,
    ])
    const started = await call('/ui/admin/metadata/migration', admin, 'POST')
    expect(started.status).toBe(202)
    expect(await started.json()).toEqual({ started: true })
    await expect.poll(migrationRunning, { timeout: 60_000 }).toBe(false)
    expect(
      await sql.one(
        'SELECT versions_count AS n, latest_version AS latest FROM catalog_packages WHERE id = ?',
        [pkg.id],
      ),
    ).toEqual({ n: pkg.n, latest: pkg.latest })
  })

  it("reads each batch's versions in one statement, not one a package", async () => {
    const sql = server.ctx.sql
    const packages = (await sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM catalog_packages'))!.n
    const batch = 50
    const sent = await statementsDuring(sql, async () => {
      const migration = await startMetadataMigration(server.ctx, { batch })
      await migration.finished
    })
    const versionReads = sent.filter((s) =>
      /^SELECT (package_id, )?name, created, modified FROM catalog_versions /.test(s.text),
    )
    expect(packages).toBeGreaterThan(2 * batch)
    expect(versionReads).toHaveLength(Math.ceil(packages / batch))
  })

  it('does not count a migration whose node stopped long ago as running', async () => {
    const longAgo = new Date(server.ctx.clock.now() - 60 * 60_000).toISOString()
    await server.ctx.sql.run(
      "INSERT INTO catalog_meta (key, value) VALUES ('metadataMigration', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [longAgo],
    )
    expect(await migrationRunning()).toBe(false)
    const started = await call('/ui/admin/metadata/migration', admin, 'POST')
    expect(started.status).toBe(202)
    await expect.poll(migrationRunning, { timeout: 60_000 }).toBe(false)
  })
})
