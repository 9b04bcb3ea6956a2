/**
 * The rescan an import of advisories starts, as the platform records it on the import: waiting,
 * then the versions scanned of those indexed, then done; failed with why when the run fails (here
 * the scans' table moved away, a database that refuses the run's writes), and scanned again by
 * the import's Retry. The Advisory Database page shows these (tests/e2e/xrayAdvisoryRescan).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { xrayFor } from '../../server/xray/service'
import { call } from '../support/apiCalls'
import { startTestServer, type TestServer } from '../support/server'
import { uploadAdvisoryFile } from '../support/osvAdvisories'
import { signInDirectly } from './helpers/catalogSession'

interface Rescan {
  status: string
  scanned: number
  total: number | null
  finished: string | null
  error: string | null
}
interface Import {
  id: number
  source: string
  ok: boolean
  rescan: Rescan | null
}

let server: TestServer
let admin: string
let developer: string

beforeAll(async () => {
  server = await startTestServer()
  admin = signInDirectly(server, { admin: true })
  developer = signInDirectly(server)
  // The first scan of the shipped advisories, done before these imports.
  await xrayFor(server.ctx).idle()
})
afterAll(async () => server?.stop())

const importFile = async (name: string) => {
  const answered = (await uploadAdvisoryFile(server, admin, name)) as Import
  return answered
}
const importNamed = async (source: string) => {
  const status = await call<{ imports: Import[] }>(server, 'GET', '/xray/api/v1/advisories/status', {
    cookie: developer,
  })
  expect(status.status).toBe(200)
  return status.body.imports.find((i) => i.source === source)
}
const indexedVersions = async () =>
  Number(
    (
      await server.ctx.sql.one<{ n: number }>(
        `SELECT COUNT(*) AS n FROM catalog_versions v JOIN xray_indexed_repos r ON r.repo = v.repo
           WHERE v.repo_type IN ('npm', 'docker')`,
      )
    )?.n,
  )

it('records the first scan at start on the shipped advisories’ import', async () => {
  const total = await indexedVersions()
  expect((await importNamed('shipped advisories'))?.rescan).toEqual({
    status: 'done',
    scanned: total,
    total,
    finished: expect.any(String),
    error: null,
  })
})

it('records the rescan on the import: asked when stored, then every indexed version scanned', async () => {
  const answered = await importFile('one.json')
  expect(answered.ok).toBe(true)
  // Answered once stored: the rescan is asked, not yet done.
  expect(['waiting', 'running']).toContain(answered.rescan?.status)
  await xrayFor(server.ctx).idle()

  const total = await indexedVersions()
  expect(total).toBeGreaterThan(0)
  expect((await importNamed('upload:one.json'))?.rescan).toEqual({
    status: 'done',
    scanned: total,
    total,
    finished: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    error: null,
  })
})

it('records a failed rescan with why, and scans again on its Retry (admins only)', async () => {
  const scans = server.ctx.sql
  await scans.run('ALTER TABLE xray_scans RENAME TO xray_scans_moved')
  try {
    await importFile('two.json')
    await xrayFor(server.ctx).idle()
  } finally {
    await scans.run('ALTER TABLE xray_scans_moved RENAME TO xray_scans')
  }
  const failed = await importNamed('upload:two.json')
  expect(failed?.rescan).toMatchObject({ status: 'failed', finished: expect.any(String) })
  expect(failed?.rescan?.error).toMatch(/xray_scans/)

  const path = `/xray/api/v1/advisories/imports/${failed!.id}/rescan`
  expect((await call(server, 'POST', path, { cookie: developer, body: {} })).status).toBe(403)
  expect(
    (await call(server, 'POST', '/xray/api/v1/advisories/imports/999999/rescan', { cookie: admin, body: {} }))
      .status,
  ).toBe(404)
  const retried = await call<Import>(server, 'POST', path, { cookie: admin, body: {} })
  expect(retried.status).toBe(202)
  expect(['waiting', 'running', 'done']).toContain(retried.body.rescan?.status)
  await xrayFor(server.ctx).idle()
  const total = await indexedVersions()
  expect((await importNamed('upload:two.json'))?.rescan).toMatchObject({
    status: 'done',
    scanned: total,
    error: null,
  })
})

it('records no rescan where the scans settings turn it off', async () => {
  const put = await call(server, 'PUT', '/xray/api/v1/settings', {
    cookie: admin,
    body: { scanDependencies: true, rescanAfterImport: false, retentionDays: 90 },
  })
  expect(put.status).toBe(200)
  const answered = await importFile('three.json')
  expect(answered).toMatchObject({ ok: true, rescan: null })
  expect((await importNamed('upload:three.json'))?.rescan).toBeNull()
})
