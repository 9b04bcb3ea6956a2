/**
 * A watch over builds finds violations in the versions a build holds, and they are stored as a
 * version's are: listed on the Violations page (of resource type build), counted on the Watches
 * page, and lifted by an ignore rule scoped to the build (`build://name/number`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../support/apiCalls'
import { startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { securityPolicy } from '../support/xrayPolicies'
import { putBuildInfo } from './helpers/buildInfo'
import { reportsFor } from '../../server/xray/reports'

let server: TestServer
let admin: string
let developer: string

const api = <T>(method: string, path: string, cookie: string, body?: unknown) =>
  call<T>(server, method, path, { cookie, body })

interface Page {
  total: number
  rows: Array<{
    id: number
    versionId: string
    packageName: string
    version: string
    issue: string
    component: string
    watch: string
    foundIn?: { versionId: string; repo: string }
  }>
}

const buildViolations = async () =>
  (await api<Page>('GET', '/xray/api/v1/violations?resourceType=build', developer)).body
const watchCount = async (name: string) =>
  (
    await api<Array<{ name: string; violations: number }>>('GET', '/xray/api/v1/watches', developer)
  ).body.find((w) => w.name === name)?.violations

beforeAll(async () => {
  server = await startTestServer()
  admin = signInDirectly(server, { admin: true })
  developer = signInDirectly(server)
})
afterAll(async () => server?.stop())

describe('a watch over builds', () => {
  it('stores the violations it finds in a build: listed, counted, and lifted by a rule scoped to the build', async () => {
    const policy = securityPolicy('builds-high', 'high')
    expect((await api('POST', '/xray/api/v1/policies', admin, policy)).status).toBe(201)
    const watch = {
      name: 'over-builds',
      description: '',
      resources: { kind: 'builds', builds: ['shop-web'] },
      policies: [policy.name],
    }
    expect((await api('POST', '/xray/api/v1/watches', admin, watch)).status).toBe(201)
    // lodash 4.17.15 has a high advisory among the shipped ones.
    const lodash = await server.ctx.sql.one<{ sha256: string; repo: string }>(
      `SELECT f.sha256, v.repo FROM catalog_files f JOIN catalog_versions v ON v.id = f.version_id
       WHERE f.version_id = 'npm://lodash@4.17.15' AND f.lead = 1`,
    )
    const res = await putBuildInfo(server, admin, 'shop-web', [
      { id: 'shop-web', artifacts: [{ name: 'lodash.tgz', sha256: lodash!.sha256 }] },
    ])
    expect(res.status).toBe(204)

    const page = await buildViolations()
    expect(page.total).toBeGreaterThan(0)
    expect(page.rows.length).toBe(page.total)
    for (const row of page.rows)
      expect(row).toMatchObject({
        versionId: 'build://shop-web/1',
        packageName: 'shop-web',
        version: '1',
        watch: 'over-builds',
        // The version of the build each was found in, as a version's violation names its repository.
        foundIn: { versionId: 'npm://lodash@4.17.15', repo: lodash!.repo },
      })
    // The build's violations are not a version's: the version filter leaves them out.
    const versions = (
      await api<Page>('GET', '/xray/api/v1/violations?resourceType=version&watch=over-builds', developer)
    ).body
    expect(versions.total).toBe(0)
    expect(await watchCount('over-builds')).toBe(page.total)
    const one = await api<{ versionId: string; issue: string }>(
      'GET',
      `/xray/api/v1/violations/${page.rows[0]!.id}`,
      developer,
    )
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ versionId: 'build://shop-web/1', issue: page.rows[0]!.issue })
    // Its finding is the one in that version, as a version's violation answers its own.
    expect(one.body).toMatchObject({
      foundIn: { versionId: 'npm://lodash@4.17.15' },
      finding: {
        advisoryId: page.rows[0]!.issue,
        component: page.rows[0]!.component,
        componentVersion: '4.17.15',
      },
    })
    // Found by the build's name as a resource too.
    expect((await api<Page>('GET', '/xray/api/v1/violations?resource=shop-web', developer)).body.total).toBe(
      page.total,
    )

    // The build's page lists them with its run.
    const run = await api<{ violations: Array<{ issue: string; watch: string }> }>(
      'GET',
      '/builds/shop-web/1',
      developer,
    )
    expect(run.body.violations.map((v) => v.issue).sort()).toEqual(page.rows.map((r) => r.issue).sort())

    const rule = await api('POST', '/xray/api/v1/ignore_rules', admin, {
      version: 'build://shop-web/1',
      reason: 'Released before the upgrade',
    })
    expect(rule.status).toBe(201)
    expect((await buildViolations()).total).toBe(0)
    expect(await watchCount('over-builds')).toBe(0)
    expect(
      (await api<{ violations: unknown[] }>('GET', '/builds/shop-web/1', developer)).body.violations,
    ).toEqual([])
  })
})

interface Report {
  id: string
  status: string
  done: number
  total: number
  columns: string[]
  page: Array<Array<string | number | boolean>>
}

/** Asks for a violations report over `builds` (none: over everything) and answers it once made. */
async function violationsReport(builds?: string[]): Promise<Report> {
  const asked = await api<Report>('POST', '/xray/api/v1/reports', developer, {
    kind: 'violations',
    ...(builds ? { builds } : {}),
  })
  expect(asked.status).toBe(202)
  await reportsFor(server.ctx).idle()
  return (await api<Report>('GET', `/xray/api/v1/reports/${asked.body.id}?limit=1000`, developer)).body
}

describe('a violations report', () => {
  it('holds the violations of the builds chosen, each with the version it was found in, in CSV and JSON; a vulnerability report the versions they hold', async () => {
    const policy = securityPolicy('reported-high', 'high')
    expect((await api('POST', '/xray/api/v1/policies', admin, policy)).status).toBe(201)
    const watch = {
      name: 'over-api',
      description: '',
      resources: { kind: 'builds', builds: ['shop-api'] },
      policies: [policy.name],
    }
    expect((await api('POST', '/xray/api/v1/watches', admin, watch)).status).toBe(201)
    const lodash = await server.ctx.sql.one<{ sha256: string; repo: string }>(
      `SELECT f.sha256, v.repo FROM catalog_files f JOIN catalog_versions v ON v.id = f.version_id
       WHERE f.version_id = 'npm://lodash@4.17.15' AND f.lead = 1`,
    )
    expect(
      (
        await putBuildInfo(server, admin, 'shop-api', [
          { id: 'shop-api', artifacts: [{ name: 'lodash.tgz', sha256: lodash!.sha256 }] },
        ])
      ).status,
    ).toBe(204)
    const listed = (await api<Page>('GET', '/xray/api/v1/violations?resource=build://shop-api/1', developer))
      .body
    expect(listed.total).toBeGreaterThan(0)

    const r = await violationsReport(['shop-api'])
    expect(r.status).toBe('done')
    expect(r.done).toBe(r.total)
    const cell = (row: Array<string | number | boolean>, column: string) => row[r.columns.indexOf(column)]
    // Only the build was chosen: its violations, no version's.
    expect(r.page.map((row) => [cell(row, 'issue'), cell(row, 'watch')]).sort()).toEqual(
      listed.rows.map((v) => [v.issue, v.watch]).sort(),
    )
    for (const row of r.page) {
      expect(cell(row, 'package')).toBe('shop-api')
      expect(cell(row, 'version')).toBe('1')
      expect(cell(row, 'repository')).toBe(lodash!.repo)
      expect(cell(row, 'resource')).toBe('build://shop-api/1')
      expect(cell(row, 'found in')).toBe('lodash@4.17.15')
    }

    const csv = await api('GET', `/xray/api/v1/reports/${r.id}/export?format=csv`, developer)
    const lines = csv.text.trimEnd().split('\r\n')
    expect(lines).toHaveLength(r.page.length + 1)
    expect(
      lines.slice(1).every((l) => l.includes('build://shop-api/1') && l.includes('lodash@4.17.15')),
    ).toBe(true)
    const json = await api<Array<Record<string, unknown>>>(
      'GET',
      `/xray/api/v1/reports/${r.id}/export?format=json`,
      developer,
    )
    expect(json.body.map((o) => o.resource)).toEqual(r.page.map(() => 'build://shop-api/1'))
    expect(json.body.map((o) => o['found in'])).toEqual(r.page.map(() => 'lodash@4.17.15'))

    // None chosen: every repository's and every build's.
    const everything = await violationsReport()
    expect(everything.page.filter((row) => cell(row, 'resource') === 'build://shop-api/1')).toHaveLength(
      r.page.length,
    )
    const inForce = (await api<Page>('GET', '/xray/api/v1/violations', developer)).body.total
    expect(everything.page).toHaveLength(inForce)

    // A vulnerability or licence report over a build reads the versions it holds.
    const asked = await api<Report>('POST', '/xray/api/v1/reports', developer, {
      kind: 'vulnerabilities',
      builds: ['shop-api'],
    })
    expect(asked.status).toBe(202)
    await reportsFor(server.ctx).idle()
    const vulnerabilities = (
      await api<Report>('GET', `/xray/api/v1/reports/${asked.body.id}?limit=1000`, developer)
    ).body
    expect(vulnerabilities).toMatchObject({ status: 'done', total: 1, done: 1 })
    expect(vulnerabilities.page.length).toBeGreaterThan(0)
    expect(new Set(vulnerabilities.page.map((row) => `${String(row[0])}@${String(row[1])}`))).toEqual(
      new Set(['lodash@4.17.15']),
    )
    // Builds are named by a run.
    const unknown = await api('POST', '/xray/api/v1/reports', developer, {
      kind: 'violations',
      builds: ['nope'],
    })
    expect(unknown.status).toBe(400)
  })
})
