/**
 * Reports made on the platform in the background, over real HTTP, from the catalogue as scanned
 * at start against the shipped advisories: the vulnerabilities report holds the findings the
 * scanner's own calls give, the licences report the catalogue's licences and the licence policy
 * they break, the violations report the violations in force; progress, pages, CSV and JSON
 * exports, and who may ask and delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../server/clock'
import { reportsFor } from '../../server/xray/reports'
import { call } from '../support/apiCalls'
import { startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { licencePolicy } from '../support/xrayPolicies'

let server: TestServer
let admin: string
let developer: string
let other: string
const clock = manualClock(Date.parse('2026-06-01T00:00:00.000Z'))

const api = <T>(method: string, path: string, cookie: string | undefined, body?: unknown) =>
  call<T>(server, method, path, { cookie, body })

interface Report {
  id: string
  kind: string
  status: string
  done: number
  total: number
  rows: number
  columns: string[]
  createdBy: string
  error: string | null
  page: Array<Array<string | number | boolean>>
}

/** Asks for a report and answers it once the node has made it. */
async function made(kind: string, cookie: string, repositories?: string[]): Promise<Report> {
  const asked = await api<Report>('POST', '/xray/api/v1/reports', cookie, {
    kind,
    name: `${kind} of the catalogue`,
    ...(repositories ? { repositories } : {}),
  })
  expect(asked.status).toBe(202)
  expect(asked.body.status).toBe('queued')
  await reportsFor(server.ctx).idle()
  return (await api<Report>('GET', `/xray/api/v1/reports/${asked.body.id}?limit=1000`, cookie)).body
}

beforeAll(async () => {
  server = await startTestServer({}, {}, { clock })
  admin = signInDirectly(server, { admin: true })
  developer = signInDirectly(server)
  other = signInDirectly(server)
})
afterAll(async () => server?.stop())

describe('reports made in the background', () => {
  it('the vulnerabilities report holds every finding the scanner gives a version', async () => {
    const r = await made('vulnerabilities', developer)
    expect(r.status).toBe('done')
    expect(r.total).toBeGreaterThan(0)
    expect(r.done).toBe(r.total)
    expect(r.columns.slice(0, 4)).toEqual(['package', 'version', 'repository', 'issue'])
    const minimist = r.page.filter((row) => row[0] === 'minimist' && row[1] === '0.0.8')
    const found = await api<{ data: Array<{ issue_id: string; severity: string }> }>(
      'POST',
      '/xray/ui/unified/artifactViolationsByPackage',
      developer,
      { package_id: 'npm://minimist', version: '0.0.8' },
    )
    expect(found.body.data.length).toBeGreaterThan(0)
    expect(minimist.map((row) => row[3]).sort()).toEqual(found.body.data.map((v) => v.issue_id).sort())
    expect(r.rows).toBe(r.page.length)
  })

  it('exports as CSV and JSON with the same rows', async () => {
    const r = await made('vulnerabilities', developer)
    const csv = await api('GET', `/xray/api/v1/reports/${r.id}/export?format=csv`, developer)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.csv"/)
    const lines = csv.text.trimEnd().split('\r\n')
    expect(lines[0]).toBe(r.columns.join(','))
    expect(lines).toHaveLength(r.rows + 1)
    const json = await api<Array<Record<string, unknown>>>(
      'GET',
      `/xray/api/v1/reports/${r.id}/export?format=json`,
      developer,
    )
    expect(json.body).toHaveLength(r.rows)
    expect(json.body[0]).toEqual(Object.fromEntries(r.columns.map((c, i) => [c, r.page[0]![i]])))
  })

  it('the licences report names the licence policy a version breaks', async () => {
    const policy = licencePolicy('report-no-mit', ['MIT'], 'Bans MIT')
    expect((await api('POST', '/xray/api/v1/policies', admin, policy)).status).toBe(201)
    const watch = {
      name: 'report-all',
      description: '',
      resources: { kind: 'all' },
      policies: ['report-no-mit'],
    }
    expect((await api('POST', '/xray/api/v1/watches', admin, watch)).status).toBe(201)
    const r = await made('licenses', developer)
    expect(r.status).toBe('done')
    const mit = r.page.filter((row) => row[3] === 'MIT')
    expect(mit.length).toBeGreaterThan(0)
    for (const row of mit) expect(row[5]).toBe('report-no-mit')
    for (const row of r.page.filter((row) => row[3] !== 'MIT')) expect(row[5]).toBe('')

    const violations = await made('violations', developer)
    const total = await api<{ total: number }>('GET', '/xray/api/v1/violations?limit=1', developer)
    expect(violations.rows).toBe(total.body.total)
    expect(violations.page.filter((row) => row[8] === 'report-no-mit')).toHaveLength(mit.length)
  })

  it('a report over one repository reads its versions only', async () => {
    const all = await made('licenses', developer)
    const local = await made('licenses', developer, ['npm-local'])
    expect(local.total).toBeLessThan(all.total)
    for (const row of local.page) expect(row[2]).toBe('npm-local')
  })

  it('refuses a repository that is not indexed, anonymous users, and deletes by others', async () => {
    expect(
      (await api('POST', '/xray/api/v1/reports', developer, { kind: 'licenses', repositories: ['nope'] }))
        .status,
    ).toBe(400)
    expect((await api('POST', '/xray/api/v1/reports', developer, { kind: 'secrets' })).status).toBe(400)
    expect((await api('POST', '/xray/api/v1/reports', undefined, { kind: 'licenses' })).status).toBe(401)
    const r = await made('licenses', developer)
    expect((await api('DELETE', `/xray/api/v1/reports/${r.id}`, other)).status).toBe(403)
    expect((await api('DELETE', `/xray/api/v1/reports/${r.id}`, admin)).status).toBe(204)
    expect((await api('GET', `/xray/api/v1/reports/${r.id}`, developer)).status).toBe(404)
    const list = await api<Report[]>('GET', '/xray/api/v1/reports', developer)
    expect(list.body.map((x) => x.id)).not.toContain(r.id)
    expect(list.body.length).toBeGreaterThan(0)
  })
})
