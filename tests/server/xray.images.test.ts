/**
 * Container images scanned for real: an image the test builds with tar (a Debian 12 rootfs's
 * package database, a distroless status file a later layer whites out, npm packages in a folder
 * an opaque whiteout empties and fills again) is pushed with skopeo into docker-local, which is
 * indexed; a Debian OSV fixture is imported through the console's API. The image's version then
 * shows the advisories of what the image really holds after its layers (a Debian source
 * package's, in Debian's version order, and an npm package's from the shipped advisories), a
 * violation of a watch over docker-local, and the Scans List names it as an image.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { importDebianFixture, pushDebianFixtureImage } from '../support/debianFixtureImage'
import { securityPolicy } from '../support/xrayPolicies'
import { xrayFor } from '../../server/xray/service'

const CREDS = 'developer:password'

let server: TestServer
let work: string
let admin: string

async function api<T>(method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(`${server.url}/ui/api/v1${path}`, {
    method,
    headers: browserHeaders(server.url, cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T }
}

beforeAll(async () => {
  server = await startTestServer()
  admin = signInDirectly(server, { admin: true })
  work = mkdtempSync(join(tmpdir(), 'xray-images-'))
})
afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('a container image pushed with skopeo', () => {
  it('is scanned from its layers against the Debian advisories of its release', async () => {
    // The watch and policy an admin sets up over the image repository.
    expect(
      (await api('POST', '/xray/api/v1/policies', admin, securityPolicy('images-high', 'high'))).status,
    ).toBe(201)
    expect(
      (
        await api('POST', '/xray/api/v1/watches', admin, {
          name: 'images',
          description: '',
          resources: { kind: 'repositories', repositories: ['docker-local'] },
          policies: ['images-high'],
        })
      ).status,
    ).toBe(201)
    expect(await importDebianFixture(server, admin)).toMatchObject({ ok: true, advisories: 4 })
    const pushed = await pushDebianFixtureImage(server, work, CREDS)
    expect(pushed, pushed.stderr).not.toHaveProperty('failed')
    await xrayFor(server.ctx).imagesScanned()

    const details = await api<Record<string, unknown>>('POST', '/xray/ui/component/details/general', admin, {
      package_id: 'docker://fixture/app',
      version: '1.0',
    })
    expect(details.body).toMatchObject({
      package_type: 'docker',
      indexed: true,
      scan_status: 'scanned',
      vulnerabilities: { critical: 2, high: 0, medium: 1 },
    })

    const found = await api<{
      data: Array<{
        issue_id: string
        component: string
        component_version: string
        fixed_versions: string[]
        policies: string[]
      }>
    }>(
      'GET',
      '/xray/ui/unified/artifactViolationsByPackage?package_id=docker://fixture/app&version=1.0',
      admin,
    )
    expect(
      found.body.data
        .map((f) => [f.issue_id, f.component, f.component_version, f.fixed_versions, f.policies])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      // The binary package, matched by its source's name and version.
      ['FIXTURE-DEB-0001', 'libfixture1', '1.2-3+b1', ['1.2-3+deb12u1'], ['images-high']],
      ['GHSA-vh95-rmgr-6w4m', 'minimist', '0.0.8', ['0.2.1'], []],
      ['GHSA-xvch-5gv4-984h', 'minimist', '0.0.8', ['0.2.4'], ['images-high']],
    ])

    const violations = await api<{ total: number; rows: Array<{ issue: string; component: string }> }>(
      'GET',
      '/xray/api/v1/violations?watch=images',
      admin,
    )
    expect(violations.body.rows.map((r) => r.issue).sort()).toEqual([
      'FIXTURE-DEB-0001',
      'GHSA-xvch-5gv4-984h',
    ])

    const scans = await api<{ data: Array<{ name: string; package_type: string; version: string }> }>(
      'POST',
      '/xray/ui/component/paginatedsearch?page_num=1',
      admin,
      { search: 'fixture/app' },
    )
    expect(scans.body.data).toEqual([
      expect.objectContaining({ name: 'fixture/app', package_type: 'docker', version: '1.0' }),
    ])
  })
})
