/**
 * Git repository scanning against a git vendor on loopback whose repositories are real local git
 * repositories: the scanner, once connected to an integration, reads each chosen repository's
 * package.json and package-lock.json through the vendor's API (GitHub, GitLab, Bitbucket Cloud
 * and Server) and lists the advisories its npm dependencies match; a repository without a
 * lockfile is matched by the ranges it declares, one without a package.json fails with why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gitScannerFor } from '../../server/xray/gitScanner'
import { xrayFor } from '../../server/xray/service'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { startFakeGitVendor, type FakeGitVendor } from '../support/fakeGitVendor'
import { gitRepository, lockOf } from '../support/gitRepositories'
import { createRoles, type TestSession } from './helpers/sessions'
import { licencePolicy, securityPolicy } from '../support/xrayPolicies'
import { osvAdvisory } from '../support/osvAdvisories'

let server: TestServer
let admin: TestSession
let user: TestSession
let vendor: FakeGitVendor

const REPOS = [
  { name: 'octo/locked', private: false },
  { name: 'octo/ranges', private: true },
  { name: 'octo/empty', private: false },
  { name: 'octo/trunk', private: false },
  { name: 'octo/licensed', private: false },
]

beforeAll(async () => {
  server = await startTestServer({ flavour: 'platform', nodeId: 'node-git-scan' })
  ;({ admin, user } = await createRoles(server.ctx.sql))
  vendor = await startFakeGitVendor({
    token: 'right-token',
    repositories: REPOS,
    gitDirs: {
      // minimist 0.0.8 is locked (two advisories); lodash 4.17.21 is past its fix.
      'octo/locked': gitRepository({
        'package.json': { name: 'locked', dependencies: { lodash: '^4.17.0', mkdirp: '0.5.1' } },
        'package-lock.json': {
          name: 'locked',
          lockfileVersion: 3,
          packages: {
            '': { name: 'locked' },
            'node_modules/lodash': { version: '4.17.21' },
            'node_modules/mkdirp': { version: '0.5.1' },
            'node_modules/minimist': { version: '0.0.8' },
          },
        },
      }),
      'octo/ranges': gitRepository({
        'package.json': { name: 'ranges', dependencies: { lodash: '^4.17.0' } },
      }),
      'octo/empty': gitRepository({ 'README.json': {} }),
      // Its own licence in package.json; its dependencies' as the lockfile records them.
      'octo/licensed': gitRepository({
        'package.json': { name: 'licensed', license: 'GPL-3.0', dependencies: { 'left-pad': '*', ms: '*' } },
        'package-lock.json': {
          name: 'licensed',
          lockfileVersion: 3,
          packages: {
            '': { name: 'licensed', license: 'GPL-3.0' },
            'node_modules/left-pad': { version: '1.3.0', license: 'WTFPL' },
            'node_modules/ms': { version: '2.1.3', license: 'MIT' },
          },
        },
      }),
      // The default branch is trunk, and clean; a branch named main holds a vulnerable lock.
      'octo/trunk': gitRepository(lockOf('trunk', { lodash: '4.17.21' }), {
        branch: 'trunk',
        others: { main: lockOf('trunk', { minimist: '0.0.8' }) },
      }),
    },
  })
})
afterAll(async () => {
  await vendor?.stop()
  await server?.stop()
})

const api = (path: string) => `${server.url}/ui/api/v1${path}`
const send = (method: string, path: string, body: unknown, session: TestSession) =>
  fetch(api(path), {
    method,
    headers: browserHeaders(server.url, session.cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
const get = async <T>(path: string, session: TestSession) =>
  (await (await fetch(api(path), { headers: { cookie: session.cookie } })).json()) as T

interface Repo {
  integration_id: string
  repository: string
  status: string
  error: string | null
  lockfile: boolean
  dependencies: number
  vulnerabilities: { critical: number; high: number; medium: number; low: number; unknown: number }
  violations: number
}
interface Finding {
  issue: string
  component: string
  version: string
  direct: boolean
  fixed: string[]
}

/** What a scan of the five repositories asks GitHub: each package.json, and the lockfile where there is one. */
const githubReads = () => {
  const base = `GET ${new URL(vendor.githubUrl).pathname}repos`
  return REPOS.flatMap((r) => [
    `${base}/${r.name}/contents/package.json`,
    ...(r.name === 'octo/empty' ? [] : [`${base}/${r.name}/contents/package-lock.json`]),
  ]).sort()
}

async function connected(vendorName: number, url: string, name: string): Promise<string> {
  const created = await send(
    'POST',
    '/integration',
    { integrationName: name, userName: 'octo', token: 'right-token', url, vendorName, integrationType: 1 },
    admin,
  )
  expect(created.status).toBe(201)
  const key = ((await created.json()) as { data: string }).data
  const chosen = await send(
    'PUT',
    `/integration/${key}/repositories`,
    { selected: REPOS.map((r) => r.name) },
    admin,
  )
  expect(chosen.status).toBe(200)
  // Chosen but not connected: the scanner reads nothing of it, nor of the integrations it
  // already reads.
  const before = vendor.requests.length
  await gitScannerFor(server.ctx).idle()
  expect(vendor.requests.length).toBe(before)
  expect(
    (await get<{ repositories: Repo[] }>('/xray/api/v1/git_repositories', user)).repositories.filter(
      (r) => r.integration_id === key,
    ),
  ).toEqual([])
  expect((await send('POST', '/xray/ui/vcs_integrations', { integration_id: key }, admin)).status).toBe(201)
  await gitScannerFor(server.ctx).idle()
  // Connecting reads this integration's repositories once, not those of the ones connected before.
  const reads = vendor.requests.slice(before).map((r) => `${r.method} ${r.path}`)
  if (vendorName === 1) expect(reads.sort()).toEqual(githubReads())
  return key
}

describe('git repository scanning', () => {
  it('reads a locked repository through GitHub’s API and lists what its locked versions match', async () => {
    const key = await connected(1, vendor.githubUrl, 'gh')
    const repos = (
      await get<{ repositories: Repo[] }>('/xray/api/v1/git_repositories', user)
    ).repositories.filter((r) => r.integration_id === key)
    const locked = repos.find((r) => r.repository === 'octo/locked')!
    expect(locked).toMatchObject({ status: 'scanned', lockfile: true, dependencies: 3, error: null })
    const findings = (
      await get<{ findings: Finding[] }>(
        `/xray/api/v1/git_repositories/findings?integration_id=${key}&repository=octo/locked`,
        user,
      )
    ).findings
    expect(new Set(findings.map((f) => `${f.component}@${f.version}`))).toEqual(new Set(['minimist@0.0.8']))
    expect(findings.every((f) => !f.direct)).toBe(true)
    const minimist = await (
      await fetch(api('/xray/ui/unified/artifactViolationsByPackage'), {
        method: 'POST',
        headers: browserHeaders(server.url, user.cookie),
        body: JSON.stringify({ package_id: 'npm://minimist', version: '0.0.8' }),
      })
    ).json()
    const direct = (minimist as { data: Array<{ issue_id: string; direct: boolean }> }).data
      .filter((v) => v.direct)
      .map((v) => v.issue_id)
    expect(findings.map((f) => f.issue).sort()).toEqual(direct.sort())
    expect(locked.vulnerabilities.critical + locked.vulnerabilities.medium).toBe(direct.length)

    const ranges = repos.find((r) => r.repository === 'octo/ranges')!
    expect(ranges).toMatchObject({ status: 'scanned', lockfile: false, dependencies: 1 })
    const declared = (
      await get<{ findings: Finding[] }>(
        `/xray/api/v1/git_repositories/findings?integration_id=${key}&repository=octo/ranges`,
        user,
      )
    ).findings
    // ^4.17.0 allows versions before lodash's fix: the range may be affected.
    expect(declared.map((f) => [f.component, f.version, f.direct])).toContainEqual([
      'lodash',
      '^4.17.0',
      true,
    ])

    expect(repos.find((r) => r.repository === 'octo/empty')).toMatchObject({
      status: 'failed',
      error: 'the repository has no package.json at its root',
    })
  })

  it('reads the same files through GitLab, Bitbucket Cloud and Bitbucket Server', async () => {
    for (const [vendorName, url] of [
      [2, vendor.gitlabUrl],
      [3, vendor.bitbucketCloudUrl],
      [4, vendor.bitbucketServerUrl],
    ] as const) {
      const key = await connected(vendorName, url, `v${vendorName}`)
      const locked = (
        await get<{ repositories: Repo[] }>('/xray/api/v1/git_repositories', user)
      ).repositories.find((r) => r.integration_id === key && r.repository === 'octo/locked')
      expect(locked, String(vendorName)).toMatchObject({ status: 'scanned', lockfile: true, dependencies: 3 })
    }
  })

  it('reads each vendor’s default branch, whatever its name', async () => {
    const trunks = (
      await get<{ repositories: Repo[] }>('/xray/api/v1/git_repositories', user)
    ).repositories.filter((r) => r.repository === 'octo/trunk')
    // GitHub, GitLab, Bitbucket Cloud and Server, connected above.
    expect(trunks).toHaveLength(4)
    for (const t of trunks) {
      expect(t, t.integration_id).toMatchObject({ status: 'scanned', lockfile: true, dependencies: 1 })
      expect(
        (
          await get<{ findings: Finding[] }>(
            `/xray/api/v1/git_repositories/findings?integration_id=${t.integration_id}&repository=octo/trunk`,
            user,
          )
        ).findings,
      ).toEqual([])
    }
  })

  it('scans the first 100 repositories an integration chose', async () => {
    const many = Array.from({ length: 102 }, (_, i) => ({
      name: `bulk/r${String(i).padStart(3, '0')}`,
      private: false,
    }))
    const bulk = await startFakeGitVendor({ token: 'right-token', repositories: many })
    try {
      const created = await send(
        'POST',
        '/integration',
        {
          integrationName: 'bulk',
          userName: 'octo',
          token: 'right-token',
          url: bulk.githubUrl,
          vendorName: 1,
          integrationType: 1,
        },
        admin,
      )
      const key = ((await created.json()) as { data: string }).data
      expect(
        (await send('PUT', `/integration/${key}/repositories`, { selected: many.map((r) => r.name) }, admin))
          .status,
      ).toBe(200)
      expect((await send('POST', '/xray/ui/vcs_integrations', { integration_id: key }, admin)).status).toBe(
        201,
      )
      await gitScannerFor(server.ctx).idle()
      const scanned = (
        await get<{ repositories: Repo[] }>('/xray/api/v1/git_repositories', user)
      ).repositories
        .filter((r) => r.integration_id === key)
        .map((r) => r.repository)
      expect(scanned).toEqual(many.slice(0, 100).map((r) => r.name))
      // Its vendor stops below: the scans after this one are not asked to read it.
      expect((await send('DELETE', `/xray/ui/vcs_integrations/${key}`, {}, admin)).status).toBe(204)
    } finally {
      await bulk.stop()
    }
  })

  it('raises violations through the watches and policies that name the repository', async () => {
    interface Violation {
      id: number
      versionId: string
      repo: string
      watch: string
      issue: string
      component: string
      failBuild: boolean
    }
    const violations = async (query: string) =>
      get<{ total: number; rows: Violation[] }>(`/xray/api/v1/violations?${query}`, user)
    expect(
      (
        await send(
          'POST',
          '/xray/api/v1/policies',
          securityPolicy('git-any', 'low', { failBuild: true }),
          admin,
        )
      ).status,
    ).toBe(201)
    const watch = (repositories: string[]) => ({
      name: 'git-watch',
      description: '',
      resources: { kind: 'repositories', repositories },
      policies: ['git-any'],
    })
    expect((await send('POST', '/xray/api/v1/watches', watch(['git://gh2/octo/locked']), admin)).status).toBe(
      201,
    )
    const key = await connected(1, vendor.githubUrl, 'gh2')

    const findings = (
      await get<{ findings: Finding[] }>(
        `/xray/api/v1/git_repositories/findings?integration_id=${key}&repository=octo/locked`,
        user,
      )
    ).findings
    const locked = await violations('resource=octo/locked')
    expect(locked.total).toBe(findings.length)
    const counted = async () =>
      (await get<{ repositories: Repo[] }>('/xray/api/v1/git_repositories', user)).repositories
        .filter((r) => r.integration_id === key)
        .map((r) => [r.repository, r.violations])
    expect(await counted()).toContainEqual(['octo/locked', findings.length])
    expect(await counted()).toContainEqual(['octo/ranges', 0])
    expect(locked.rows.map((v) => v.issue).sort()).toEqual(findings.map((f) => f.issue).sort())
    for (const v of locked.rows)
      expect(v).toMatchObject({
        versionId: 'git://gh2/octo/locked',
        repo: 'gh2',
        watch: 'git-watch',
        component: 'minimist',
        failBuild: true,
      })
    // The watch names one repository: the other, though vulnerable, has none.
    expect((await violations('resource=git://gh2/octo/ranges')).total).toBe(0)
    expect((await violations('watch=git-watch')).total).toBe(findings.length)

    const one = await get<{
      id: number
      advisory: { id: string } | null
      finding: { componentVersion: string }
    }>(`/xray/api/v1/violations/${locked.rows[0]!.id}`, user)
    expect(one).toMatchObject({
      id: locked.rows[0]!.id,
      advisory: { id: locked.rows[0]!.issue },
      finding: { componentVersion: '0.0.8' },
    })

    // An ignore rule scoped to the repository lifts its violations.
    const rule = await send(
      'POST',
      '/xray/api/v1/ignore_rules',
      { version: 'git://gh2/octo/locked', reason: 'vendored fork' },
      admin,
    )
    expect(rule.status).toBe(201)
    expect((await violations('resource=octo/locked')).total).toBe(0)
    expect(await counted()).toContainEqual(['octo/locked', 0])
    const ruleId = ((await rule.json()) as { id: string }).id
    expect((await send('DELETE', `/xray/api/v1/ignore_rules/${ruleId}`, {}, admin)).status).toBe(204)
    expect((await violations('resource=octo/locked')).total).toBe(findings.length)

    // The watch moved to the other repository: the violations follow it from the stored scans.
    expect(
      (await send('PUT', '/xray/api/v1/watches/git-watch', watch(['git://gh2/octo/ranges']), admin)).status,
    ).toBe(200)
    expect((await violations('resource=octo/locked')).total).toBe(0)
    const ranges = await violations('resource=git://gh2/octo/ranges')
    expect(ranges.rows.map((v) => v.component)).toContain('lodash')
    expect((await send('DELETE', '/xray/api/v1/watches/git-watch', {}, admin)).status).toBe(204)
    expect((await violations('watch=git-watch')).total).toBe(0)
  })

  it('a scan now is for admins; unknown repositories are 404', async () => {
    expect((await send('POST', '/xray/api/v1/git_repositories/scan', {}, user)).status).toBe(403)
    expect((await send('POST', '/xray/api/v1/git_repositories/scan?wait=true', {}, admin)).status).toBe(202)
    const res = await fetch(
      api('/xray/api/v1/git_repositories/findings?integration_id=x&repository=octo/none'),
      {
        headers: { cookie: user.cookie },
      },
    )
    expect(res.status).toBe(404)
  })
  it('an advisory import matches the scanned repositories again, from what their reads kept', async () => {
    const key = await connected(1, vendor.githubUrl, 'gh3')
    const findingsOf = async (repository: string) =>
      (
        await get<{ findings: Finding[] }>(
          `/xray/api/v1/git_repositories/findings?integration_id=${key}&repository=${repository}`,
          user,
        )
      ).findings
    expect((await findingsOf('octo/locked')).map((f) => f.component)).not.toContain('lodash')
    const reads = vendor.requests.length
    // An advisory on the lodash the repository locks (4.17.21), published after its scan.
    const advisory = osvAdvisory('GHSA-gits-can0-late', 'lodash', {
      events: [{ introduced: '4.17.21' }, { fixed: '4.17.22' }],
      severity: 'HIGH',
      summary: 'lodash after 4.17.20 is unsafe',
      modified: '2026-11-01T00:00:00Z',
    })
    // Answered once stored; the rescan it starts is awaited below, not inside the request (on
    // PostgreSQL under load it outlasted the platform's 60 s bound on a quiet connection).
    const imported = await fetch(api('/xray/api/v1/advisories/import?name=late.json'), {
      method: 'POST',
      headers: { ...browserHeaders(server.url, admin.cookie), 'content-type': 'application/octet-stream' },
      body: JSON.stringify([advisory]),
    })
    expect(imported.status).toBe(200)
    expect(await imported.json()).toMatchObject({ ok: true, advisories: 1 })
    // The catalogue's rescan matches the git repositories again at its end.
    await xrayFor(server.ctx).idle()
    await gitScannerFor(server.ctx).idle()

    const locked = (await findingsOf('octo/locked')).filter((f) => f.issue === advisory.id)
    expect(locked.map((f) => [f.component, f.version, f.fixed])).toEqual([['lodash', '4.17.21', ['4.17.22']]])
    // Without a lockfile the declared ^4.17.0 may hold 4.17.21.
    expect((await findingsOf('octo/ranges')).map((f) => f.issue)).toContain(advisory.id)
    const repo = (
      await get<{ repositories: Repo[] }>('/xray/api/v1/git_repositories', user)
    ).repositories.find((r) => r.integration_id === key && r.repository === 'octo/locked')
    expect(repo?.vulnerabilities.high).toBeGreaterThanOrEqual(1)
    // Matched from the kept manifests: the vendor was not asked again.
    expect(vendor.requests.length).toBe(reads)
  })

  it('licence rules judge a repository’s own licence and those its lockfile records', async () => {
    interface Violation {
      type: string
      issue: string
      component: string
    }
    for (const policy of [
      licencePolicy('git-banned', ['GPL-3.0', 'WTFPL']),
      {
        name: 'git-unknown',
        description: '',
        type: 'license',
        rules: [
          {
            name: 'unknown',
            criteria: { kind: 'license', unknownViolates: true },
            actions: { blockDownload: false, failBuild: false, notify: true },
          },
        ],
      },
    ])
      expect((await send('POST', '/xray/api/v1/policies', policy, admin)).status).toBe(201)
    const watch = {
      name: 'git-licences',
      description: '',
      resources: { kind: 'repositories', repositories: ['git://gh4/octo/licensed', 'git://gh4/octo/ranges'] },
      policies: ['git-banned', 'git-unknown'],
    }
    expect((await send('POST', '/xray/api/v1/watches', watch, admin)).status).toBe(201)
    await connected(1, vendor.githubUrl, 'gh4')
    const of = async (resource: string) =>
      (
        await get<{ rows: Violation[] }>(`/xray/api/v1/violations?type=license&resource=${resource}`, user)
      ).rows
        .map((v) => `${v.component}: ${v.issue}`)
        .sort()

    // The repository's GPL-3.0 and left-pad's WTFPL are banned; ms's MIT is not.
    expect(await of('git://gh4/octo/licensed')).toEqual(['left-pad: WTFPL', 'octo/licensed: GPL-3.0'])
    // No lockfile: the dependencies' licences are not known, which is not "none"; the repository
    // itself declares none.
    expect(await of('git://gh4/octo/ranges')).toEqual(['octo/ranges: unknown'])

    expect((await send('DELETE', '/xray/api/v1/watches/git-licences', {}, admin)).status).toBe(204)
    expect(await of('git://gh4/octo/licensed')).toEqual([])
  })
})
