/**
 * The scanner's calls over real HTTP, on the catalogue as scanned at start against the shipped
 * advisories: component details and search (the spec's calls), the scanner's version, a
 * licence policy, an ignore rule that expires on the platform's clock, what admins alone may
 * change, hostile names, and a version's CycloneDX SBOM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../server/clock'
import { call } from '../support/apiCalls'
import { startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { licencePolicy } from '../support/xrayPolicies'
import { putBuildInfo } from './helpers/buildInfo'

let server: TestServer
let admin: string
let developer: string
const clock = manualClock(Date.parse('2026-06-01T00:00:00.000Z'))

const api = <T>(method: string, path: string, cookie: string, body?: unknown) =>
  call<T>(server, method, path, { cookie, body })

beforeAll(async () => {
  server = await startTestServer({}, {}, { clock })
  admin = signInDirectly(server, { admin: true })
  developer = signInDirectly(server)
})
afterAll(async () => server?.stop())

describe("the specification's scanning calls", () => {
  it('component/details/general gives a version its scan, counts and licences', async () => {
    const byIds = await api<Record<string, unknown>>(
      'POST',
      '/xray/ui/component/details/general',
      developer,
      {
        package_id: 'npm://minimist',
        version: '0.0.8',
      },
    )
    expect(byIds.status).toBe(200)
    expect(byIds.body).toMatchObject({
      component_id: 'npm://minimist:0.0.8',
      scan_status: 'scanned',
      vulnerabilities: { critical: 1, medium: 1, high: 0 },
      direct_issues: 2,
      blocked: null,
    })
    const byComponent = await api<{ version_id: string }>(
      'POST',
      '/xray/ui/component/details/general',
      developer,
      {
        component_id: 'npm://minimist:0.0.8',
      },
    )
    expect(byComponent.body.version_id).toBe('npm://minimist@0.0.8')
    expect(
      (
        await api('POST', '/xray/ui/component/details/general', developer, {
          component_id: 'npm://nope:1.0.0',
        })
      ).status,
    ).toBe(404)
    expect((await api('POST', '/xray/ui/component/details/general', developer, {})).status).toBe(400)

    // A container image is named as one, not as an npm package, and is not scanned.
    const at = '2026-12-01T10:00:00.000Z'
    await server.ctx.sql.run(
      `INSERT INTO catalog_packages (id, name, name_lower, package_type, created, modified, versions_count,
         release_versions_count, source) VALUES ('docker://details/image', 'details/image', 'details/image',
         'docker', ?, ?, 1, 1, 'test')`,
      [at, at],
    )
    await server.ctx.sql.run(
      `INSERT INTO catalog_versions (id, package_id, name, name_lower, created, modified, prerelease, size, repo,
         repo_type, lead_file_path) VALUES ('docker://details/image@1.0', 'docker://details/image', '1.0', '1.0', ?,
         ?, 0, 10, 'docker-local', 'docker', 'details/image/1.0/manifest.json')`,
      [at, at],
    )
    const image = await api<Record<string, unknown>>(
      'POST',
      '/xray/ui/component/details/general',
      developer,
      {
        package_id: 'docker://details/image',
        version: '1.0',
      },
    )
    expect(image.body).toMatchObject({
      component_id: 'docker://details/image:1.0',
      package_type: 'docker',
      scan_status: 'not_scanned',
    })
  })

  it('component/paginatedsearch pages the scanned components with issues, as the console asks', async () => {
    const first = await api<{
      total_count: number
      data: Array<{ name: string; status: string; vulnerabilities: Record<string, number> }>
    }>(
      'POST',
      '/xray/ui/component/paginatedsearch?direction=desc&num_of_rows=20&order_by=last_updated&page_num=1',
      developer,
      { all_components: false },
    )
    expect(first.status).toBe(200)
    expect(first.body.total_count).toBeGreaterThan(0)
    for (const c of first.body.data) {
      expect(c.status).toBe('scanned')
      expect(Object.values(c.vulnerabilities).reduce((a, b) => a + b, 0)).toBeGreaterThan(0)
    }
    const all = await api<{ total_count: number }>(
      'POST',
      '/xray/ui/component/paginatedsearch?page_num=1',
      developer,
      {
        all_components: true,
      },
    )
    expect(all.body.total_count).toBeGreaterThan(first.body.total_count)
    const lodash = await api<{ data: Array<{ name: string }> }>(
      'POST',
      '/xray/ui/component/paginatedsearch?order_by=name',
      developer,
      {
        all_components: false,
        search: 'lodash',
      },
    )
    expect(new Set(lodash.body.data.map((c) => c.name))).toEqual(new Set(['lodash']))
  })

  it("getXrayVersion names the scanner and its database's last import", async () => {
    const v = await api<{ xray_version: string; advisories: number; advisories_built_at: string }>(
      'GET',
      '/xray/ui/homepage/getXrayVersion',
      developer,
    )
    expect(v.body.advisories).toBe(8)
    expect(v.body.advisories_built_at).toBe('2026-06-01T00:00:00.000Z')
  })
})

describe('policies, watches and ignore rules', () => {
  it('a licence policy makes violations of the licences it bans', async () => {
    const policy = licencePolicy('no-mit', ['MIT'], 'A licence rule the catalogue breaks')
    expect((await api('POST', '/xray/api/v1/policies', admin, policy)).status).toBe(201)
    expect((await api('POST', '/xray/api/v1/policies', admin, policy)).status).toBe(409)
    const watch = {
      name: 'remote',
      description: '',
      resources: { kind: 'repositories', repositories: ['npm-remote'] },
      policies: ['no-mit'],
    }
    expect((await api('POST', '/xray/api/v1/watches', admin, watch)).status).toBe(201)
    const found = await api<{
      total: number
      rows: Array<{ type: string; issue: string; blockDownload: boolean }>
    }>('GET', '/xray/api/v1/violations?type=license&policy=no-mit&limit=5', developer)
    expect(found.body.total).toBeGreaterThan(10)
    expect(found.body.rows.every((r) => r.type === 'license' && r.issue === 'MIT' && !r.blockDownload)).toBe(
      true,
    )
    // The watches list counts them as the violations page does.
    const watches = await api<Array<{ name: string; violations: number }>>(
      'GET',
      '/xray/api/v1/watches',
      developer,
    )
    expect(watches.body.find((w) => w.name === 'remote')?.violations).toBe(found.body.total)
    // In use: it cannot go until the watch lets it go.
    expect((await api('DELETE', '/xray/api/v1/policies/no-mit', admin)).status).toBe(409)
    expect((await api('DELETE', '/xray/api/v1/watches/remote', admin)).status).toBe(204)
    expect(
      (await api<{ total: number }>('GET', '/xray/api/v1/violations?policy=no-mit', developer)).body.total,
    ).toBe(0)
    expect((await api('DELETE', '/xray/api/v1/policies/no-mit', admin)).status).toBe(204)
  })

  it('an ignore rule lifts violations until its expiry on the platform clock', async () => {
    const policy = {
      name: 'any-critical',
      description: '',
      type: 'security',
      rules: [
        {
          name: 'c',
          criteria: { kind: 'security', minSeverity: 'critical' },
          actions: { blockDownload: false, failBuild: false, notify: false },
        },
      ],
    }
    await api('POST', '/xray/api/v1/policies', admin, policy)
    await api('POST', '/xray/api/v1/watches', admin, {
      name: 'everything',
      description: '',
      resources: { kind: 'all' },
      policies: ['any-critical'],
    })
    const before = (
      await api<{ total: number }>('GET', '/xray/api/v1/violations?watch=everything', developer)
    ).body.total
    expect(before).toBeGreaterThan(0)
    const rule = await api<{ id: string }>('POST', '/xray/api/v1/ignore_rules', admin, {
      watch: 'everything',
      reason: 'Accepted for an hour while we upgrade',
      expires: '2026-06-01T01:00:00.000Z',
    })
    expect(rule.status).toBe(201)
    expect(
      (await api<{ total: number }>('GET', '/xray/api/v1/violations?watch=everything', developer)).body.total,
    ).toBe(0)
    clock.advance(2 * 3_600_000)
    expect(
      (await api<{ total: number }>('GET', '/xray/api/v1/violations?watch=everything', developer)).body.total,
    ).toBe(before)
    expect((await api('DELETE', `/xray/api/v1/ignore_rules/${rule.body.id}`, developer)).status).toBe(403)
    expect((await api('DELETE', `/xray/api/v1/ignore_rules/${rule.body.id}`, admin)).status).toBe(204)
  })

  it('refuses hostile or malformed policies and watches with a reason', async () => {
    const bad = [
      {
        name: '../etc',
        description: '',
        type: 'security',
        rules: [
          {
            name: 'r',
            criteria: { kind: 'security' },
            actions: { blockDownload: true, failBuild: false, notify: false },
          },
        ],
      },
      { name: '<script>alert(1)</script>', description: '', type: 'security', rules: [] },
      { name: 'empty', description: '', type: 'security', rules: [] },
      {
        name: 'mixed',
        description: '',
        type: 'security',
        rules: [
          {
            name: 'r',
            criteria: { kind: 'license', banned: ['MIT'] },
            actions: { blockDownload: true, failBuild: false, notify: false },
          },
        ],
      },
      {
        name: 'cvss',
        description: '',
        type: 'security',
        rules: [
          {
            name: 'r',
            criteria: { kind: 'security', minCvss: 11 },
            actions: { blockDownload: true, failBuild: false, notify: false },
          },
        ],
      },
      { name: 'shape', type: 'security' },
    ]
    for (const body of bad) {
      const answer = await api<{ message: string }>('POST', '/xray/api/v1/policies', admin, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.message).not.toContain('<script>')
    }
    const noPolicy = await api('POST', '/xray/api/v1/watches', admin, {
      name: 'w',
      description: '',
      resources: { kind: 'all' },
      policies: ['missing'],
    })
    expect(noPolicy.status).toBe(400)
    expect((await api('POST', '/xray/api/v1/ignore_rules', admin, { reason: 'no scope' })).status).toBe(400)
  })
})

describe('SBOM', () => {
  it("is a CycloneDX 1.5 document of a version, its dependencies and its scan's vulnerabilities", async () => {
    const res = await api<{
      bomFormat: string
      specVersion: string
      metadata: { component: { purl: string; licenses: unknown[] } }
      vulnerabilities: Array<{
        id: string
        ratings: Array<{ score?: number; severity: string }>
        affects: Array<{ ref: string }>
      }>
    }>('GET', `/xray/api/v1/sbom?package_id=${encodeURIComponent('npm://lodash')}&version=4.17.15`, developer)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/vnd.cyclonedx+json')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="lodash-4.17.15.cdx.json"')
    expect(res.body).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.5' })
    expect(res.body.metadata.component.purl).toBe('pkg:npm/lodash@4.17.15')
    expect(res.body.vulnerabilities).toEqual([
      expect.objectContaining({
        id: 'GHSA-p6mc-m468-83gw',
        ratings: [expect.objectContaining({ score: 7.4, severity: 'high' })],
        affects: [{ ref: 'pkg:npm/lodash@4.17.15' }],
      }),
    ])
    expect(
      (await api('GET', `/xray/api/v1/sbom?package_id=npm%3A%2F%2Fnope&version=1.0.0`, developer)).status,
    ).toBe(404)
  })
})

describe('builds', () => {
  it('a build holding a version that violates a fail-build policy of a watch on it is marked failed', async () => {
    await api('POST', '/xray/api/v1/policies', admin, {
      name: 'fail-high',
      description: '',
      type: 'security',
      rules: [
        {
          name: 'high',
          criteria: { kind: 'security', minSeverity: 'high' },
          actions: { blockDownload: false, failBuild: true, notify: false },
        },
      ],
    })
    await api('POST', '/xray/api/v1/watches', admin, {
      name: 'app-builds',
      description: '',
      resources: { kind: 'builds', builds: ['app'] },
      policies: ['fail-high'],
    })
    const lodash = (await server.ctx.sql.one<{ sha256: string }>(
      "SELECT sha256 FROM catalog_files WHERE version_id = 'npm://lodash@4.17.15' AND lead = 1",
    ))!
    const put = (name: string) =>
      putBuildInfo(server, admin, name, [
        { id: 'app', dependencies: [{ id: 'lodash:4.17.15', sha256: lodash.sha256 }] },
      ])
    expect((await put('app')).status).toBe(204)
    expect((await put('other')).status).toBe(204)
    const status = async (name: string) =>
      (await api<{ status: string }>('GET', `/builds/${name}/1`, developer)).body.status
    expect(await status('app')).toBe('failure')
    // No watch names it: it stays as its document says.
    expect(await status('other')).toBe('success')
  })
})
