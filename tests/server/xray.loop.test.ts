/**
 * The scanning loop over real HTTP with the npm CLI: the shipped advisories found in the
 * catalogue at start; an import refused whole with a report; an admin's watch and policy; an
 * affected and a fixed version published; the violation; the 403 npm prints on install; an
 * ignore rule lifting it; `npm audit` naming the advisory.
 *
 * On PostgreSQL (the server-postgres project) the same loop, lean: the affected version alone
 * published and refused with the npm CLI, where the engines differ (the scan inside the publish's
 * transaction, the block read at install); the lifted block and the audit asked over HTTP as npm
 * asks, instead of four more runs of the CLI (each seconds) that the SQLite run already makes.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { zipSync, strToU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../support/apiCalls'
import { browserHeaders, startTestServer, testDatabaseEngine, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { npmCli } from '../support/npmCli'

let server: TestServer
let admin: string
let developer: string
let work: string
let token: string
let host: string
let npm: ReturnType<typeof npmCli>['npm']

const MINIMIST = 'GHSA-xvch-5gv4-984h'
const lean = testDatabaseEngine() === 'postgres'
const shipped = (id: string) => readFileSync(join('server/xray/advisories', `${id}.json`), 'utf8')

const api = <T>(method: string, path: string, cookie: string, body?: unknown) =>
  call<T>(server, method, path, { cookie, body })

async function upload(name: string, bytes: Uint8Array, type: string) {
  const res = await fetch(`${server.url}/ui/api/v1/xray/api/v1/advisories/import?wait=true&name=${name}`, {
    method: 'POST',
    headers: { ...browserHeaders(server.url, admin), 'content-type': type },
    body: Buffer.from(bytes),
  })
  return {
    status: res.status,
    body: (await res.json()) as {
      ok: boolean
      advisories: number
      report: Array<{ file: string; reason: string }>
    },
  }
}

const registryOf = (repo: string) => `${server.url}/artifactory/api/npm/${repo}/`
function userconfigFor(repo: string): string {
  const path = join(work, `npmrc-${repo}-${Math.random().toString(36).slice(2)}`)
  writeFileSync(
    path,
    `registry=${registryOf(repo)}\n//${host}/artifactory/api/npm/${repo}/:_authToken=${token}\n`,
  )
  return path
}

beforeAll(async () => {
  server = await startTestServer()
  host = new URL(server.url).host
  admin = signInDirectly(server, { admin: true })
  developer = signInDirectly(server)
  work = mkdtempSync(join(tmpdir(), 'xray-loop-'))
  npm = npmCli(work).npm
  const res = await fetch(`${server.url}/ui/api/v1/ui/npm/token`, {
    method: 'POST',
    headers: browserHeaders(server.url, admin),
    body: '{}',
  })
  token = ((await res.json()) as { token: string }).token
})

afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('a fresh start', () => {
  it('imports the shipped advisories and finds them in the catalogue', async () => {
    const status = await api<{ advisories: number; imports: Array<{ ok: boolean; source: string }> }>(
      'GET',
      '/xray/api/v1/advisories/status',
      developer,
    )
    expect(status.body.advisories).toBe(8)
    expect(status.body.imports[0]).toMatchObject({ ok: true, source: 'shipped advisories' })
    const lodash = await api<{
      data: Array<{ issue_id: string; fixed_versions: string[]; cvss_score: number; cves: string[] }>
    }>(
      'GET',
      `/xray/ui/unified/artifactViolationsByPackage?package_id=${encodeURIComponent('npm://lodash')}&version=4.17.15`,
      developer,
    )
    expect(lodash.body.data).toEqual([
      expect.objectContaining({
        issue_id: 'GHSA-p6mc-m468-83gw',
        cves: ['CVE-2020-8203'],
        cvss_score: 7.4,
        fixed_versions: ['4.17.20'],
      }),
    ])
  })
})

describe('an import', () => {
  it('is refused whole when one file is bad, each bad file named with its reason', async () => {
    const good = JSON.parse(shipped(MINIMIST)) as Record<string, unknown>
    const zip = zipSync({
      'npm/GOOD-1.json': strToU8(JSON.stringify({ ...good, id: 'GOOD-1' })),
      'npm/broken.json': strToU8('{"id": '),
      'npm/elsewhere.json': strToU8(
        JSON.stringify({
          id: 'X-1',
          modified: '2024-01-01T00:00:00Z',
          affected: [{ package: { ecosystem: 'Nowhere', name: 'a' } }],
        }),
      ),
      'npm/badrange.json': strToU8(
        JSON.stringify({
          id: 'X-2',
          modified: '2024-01-01T00:00:00Z',
          affected: [
            {
              package: { ecosystem: 'npm', name: 'a' },
              ranges: [{ type: 'SEMVER', events: [{ introduced: 'one' }] }],
            },
          ],
        }),
      ),
      'npm/noid.json': strToU8(JSON.stringify({ modified: '2024-01-01T00:00:00Z' })),
    })
    const answer = await upload('bad.zip', zip, 'application/zip')
    expect(answer.body.ok).toBe(false)
    expect(answer.body.report.map((p) => p.file).sort()).toEqual(
      ['npm/badrange.json', 'npm/broken.json', 'npm/elsewhere.json', 'npm/noid.json'].sort(),
    )
    expect(answer.body.report.find((p) => p.file === 'npm/broken.json')?.reason).toBe('not JSON')
    expect(answer.body.report.find((p) => p.file === 'npm/elsewhere.json')?.reason).toMatch(
      /unknown ecosystem "Nowhere"/,
    )
    expect(answer.body.report.find((p) => p.file === 'npm/badrange.json')?.reason).toMatch(
      /"one", not a version/,
    )
    // Nothing of it was stored, not even the good file.
    expect((await api('GET', '/xray/api/v1/advisories/GOOD-1', developer)).status).toBe(404)
    expect(
      (await api<{ advisories: number }>('GET', '/xray/api/v1/advisories/status', developer)).body.advisories,
    ).toBe(8)
  })

  it('is for admins only', async () => {
    const res = await fetch(`${server.url}/ui/api/v1/xray/api/v1/advisories/import`, {
      method: 'POST',
      headers: { ...browserHeaders(server.url, developer), 'content-type': 'application/json' },
      body: shipped(MINIMIST),
    })
    expect(res.status).toBe(403)
  })
})

// The loop in steps, each proving its own state and each within the test bound: as one test it
// was six runs of the npm CLI (each 2-4 s at load 8, more under CI's load) and once ran past 30 s.
// Each step needs the ones before it (vitest runs a file's tests in order).
describe('the loop: watch and policy, publish, violation, blocked install, ignore, audit', () => {
  const app = () => join(work, 'app')
  // Its own cache: publishing left the tarballs in the publisher's, and npm would not ask.
  const install = (spec: string) =>
    npm(
      ['install', spec, '--registry', registryOf('npm'), '--cache', join(work, 'install-cache')],
      app(),
      userconfigFor('npm'),
    )

  it('takes a policy and a watch from an admin only', async () => {
    const policy = {
      name: 'no-critical',
      description: 'Critical advisories block downloads',
      type: 'security',
      rules: [
        {
          name: 'critical',
          criteria: { kind: 'security', minSeverity: 'critical' },
          actions: { blockDownload: true, failBuild: true, notify: false },
        },
      ],
    }
    expect((await api('POST', '/xray/api/v1/policies', developer, policy)).status).toBe(403)
    expect((await api('POST', '/xray/api/v1/policies', admin, policy)).status).toBe(201)
    const watch = {
      name: 'npm-local-watch',
      description: '',
      resources: { kind: 'repositories', repositories: ['npm-local'] },
      policies: ['no-critical'],
    }
    expect((await api('POST', '/xray/api/v1/watches', admin, watch)).status).toBe(201)
  })

  it('makes a blocking violation of the affected version published with the npm CLI', async () => {
    // One affected version (1.0.0 ≤ 1.2.1 < 1.2.6), one fixed.
    const make = (v: string) => npmCli(work).makePackage('minimist', v, '# minimist (test copy)\n')
    for (const v of lean ? ['1.2.1'] : ['1.2.1', '1.2.7']) {
      const out = await npm(
        ['publish', '--registry', registryOf('npm-local')],
        make(v),
        userconfigFor('npm-local'),
      )
      expect(out, JSON.stringify(out)).not.toHaveProperty('failed')
    }
    const violations = await api<{
      total: number
      rows: Array<{ id: number; version: string; issue: string; policy: string; blockDownload: boolean }>
    }>('GET', '/xray/api/v1/violations?resource=minimist', developer)
    expect(violations.body.rows.map((r) => [r.version, r.issue, r.policy, r.blockDownload])).toEqual([
      ['1.2.1', MINIMIST, 'no-critical', true],
    ])
  })

  it('refuses npm install of the affected version with a 403 naming policy and advisory', async () => {
    mkdirSync(app())
    writeFileSync(
      join(app(), 'package.json'),
      JSON.stringify({ name: 'app', version: '1.0.0', private: true }),
    )
    const refused = await install('minimist@1.2.1')
    expect(refused.failed).toBe(true)
    expect(refused.stderr).toMatch(/403/)
    expect(refused.stderr).toContain('no-critical')
    expect(refused.stderr).toContain(MINIMIST)
    if (lean) return
    const fixed = await install('minimist@1.2.7')
    expect(fixed, JSON.stringify(fixed)).not.toHaveProperty('failed')
  })

  it('lifts the violation by an ignore rule an admin gives with a reason', async () => {
    const ignore = {
      issue: MINIMIST,
      component: 'minimist',
      reason: 'Only parses our own arguments',
      expires: '2999-01-01T00:00:00Z',
    }
    expect((await api('POST', '/xray/api/v1/ignore_rules', developer, ignore)).status).toBe(403)
    expect((await api('POST', '/xray/api/v1/ignore_rules', admin, { ...ignore, reason: ' ' })).status).toBe(
      400,
    )
    expect((await api('POST', '/xray/api/v1/ignore_rules', admin, ignore)).status).toBe(201)
    expect(
      (await api<{ total: number }>('GET', '/xray/api/v1/violations?resource=minimist', developer)).body
        .total,
    ).toBe(0)
  })

  it('then installs the version, and npm audit names the advisory', async () => {
    if (lean) {
      // As npm asks: the tarball, then the bulk advisories of what it installed.
      const tarball = await fetch(`${registryOf('npm')}minimist/-/minimist-1.2.1.tgz`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(tarball.status).toBe(200)
      await tarball.arrayBuffer()
      const bulk = await fetch(`${registryOf('npm')}-/npm/v1/security/advisories/bulk`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ minimist: ['1.2.1'] }),
      })
      expect(bulk.status).toBe(200)
      const advisories = (await bulk.json()) as Record<string, Array<{ url: string; severity: string }>>
      expect(advisories.minimist).toContainEqual(
        expect.objectContaining({ url: `https://github.com/advisories/${MINIMIST}`, severity: 'critical' }),
      )
      return
    }
    const allowed = await install('minimist@1.2.1')
    expect(allowed, JSON.stringify(allowed)).not.toHaveProperty('failed')
    expect(JSON.parse(readFileSync(join(app(), 'node_modules/minimist/package.json'), 'utf8')).version).toBe(
      '1.2.1',
    )

    const audit = await npm(
      ['audit', '--json', '--registry', registryOf('npm'), '--cache', join(work, 'install-cache')],
      app(),
      userconfigFor('npm'),
    )
    // npm audit exits non-zero when it finds something; its report is on stdout.
    const report = JSON.parse(audit.stdout) as {
      vulnerabilities: Record<string, { severity: string; via: Array<{ url?: string; title?: string }> }>
    }
    expect(report.vulnerabilities.minimist?.severity).toBe('critical')
    expect(report.vulnerabilities.minimist?.via.map((v) => v.url)).toContain(
      `https://github.com/advisories/${MINIMIST}`,
    )
  })
})

describe('the quick audit (what npm falls back to when the bulk endpoint fails)', () => {
  it('answers the advisories of the tree it is sent from the same database, counted by severity', async () => {
    const res = await fetch(`${registryOf('npm')}-/npm/v1/security/audits/quick`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'app',
        version: '1.0.0',
        requires: { minimist: '0.0.8', lodash: '4.17.21' },
        dependencies: {
          minimist: { version: '0.0.8' },
          lodash: { version: '4.17.21', dev: true },
        },
      }),
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      advisories: Record<
        string,
        {
          github_advisory_id: string
          module_name: string
          severity: string
          findings: Array<{ version: string }>
        }
      >
      metadata: { vulnerabilities: Record<string, number>; dependencies: number; devDependencies: number }
    }
    const found = Object.values(body.advisories)
    expect(found.find((a) => a.github_advisory_id === MINIMIST)).toMatchObject({
      module_name: 'minimist',
      severity: 'critical',
      findings: [{ version: '0.0.8' }],
    })
    // lodash 4.17.21 is the fixed version of the shipped lodash advisories: nothing for it.
    expect(found.filter((a) => a.module_name === 'lodash')).toEqual([])
    expect(body.metadata.vulnerabilities.critical).toBe(found.filter((a) => a.severity === 'critical').length)
    expect(body.metadata).toMatchObject({ dependencies: 1, devDependencies: 1 })
  })
})
