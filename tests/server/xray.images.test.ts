/**
 * Container images scanned for real: an image the test builds with tar (a Debian 12 rootfs's
 * package database, a distroless status file a later layer whites out, npm packages in a folder
 * an opaque whiteout empties and fills again) is pushed with skopeo into docker-local, which is
 * indexed; a Debian OSV fixture is imported through the console's API. The image's version then
 * shows the advisories of what the image really holds after its layers (a Debian source
 * package's, in Debian's version order, and an npm package's from the shipped advisories), a
 * violation of a watch over docker-local, and the Scans List names it as an image; pushed again
 * with its layers zstd-compressed it is scanned the same. It is in the
 * reports over docker-local and its SBOM lists its packages by purl. A policy that
 * blocks downloads then refuses skopeo's pull of it (manifest by tag or digest, its blobs) until
 * an ignore rule lifts the violation.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../support/apiCalls'
import { startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { importDebianFixture, pushDebianFixtureImage } from '../support/debianFixtureImage'
import { skopeoCli } from '../support/skopeo'
import { securityPolicy } from '../support/xrayPolicies'
import { xrayFor } from '../../server/xray/service'
import { reportsFor } from '../../server/xray/reports'
import type { Cell } from '../../server/xray/reportStore'

const CREDS = 'developer:password'

let server: TestServer
let work: string
let admin: string

const api = <T>(method: string, path: string, cookie: string, body?: unknown) =>
  call<T>(server, method, path, { cookie, body })

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

  it('is scanned the same when skopeo pushes its layers zstd-compressed', async () => {
    const pushed = await pushDebianFixtureImage(server, join(work, 'zstd'), CREDS, {
      zstd: true,
      image: 'fixture/zstd',
    })
    expect(pushed, pushed.stderr).not.toHaveProperty('failed')
    await xrayFor(server.ctx).imagesScanned()
    const manifest = await fetch(`${server.url}/v2/docker-local/fixture/zstd/manifests/1.0`, {
      headers: {
        authorization: `Basic ${Buffer.from(CREDS).toString('base64')}`,
        accept: 'application/vnd.oci.image.manifest.v1+json',
      },
    })
    expect(
      ((await manifest.json()) as { layers: Array<{ mediaType: string }> }).layers.map((l) => l.mediaType),
    ).toEqual(['application/vnd.oci.image.layer.v1.tar+zstd', 'application/vnd.oci.image.layer.v1.tar+zstd'])
    const details = await api<Record<string, unknown>>('POST', '/xray/ui/component/details/general', admin, {
      package_id: 'docker://fixture/zstd',
      version: '1.0',
    })
    expect(details.body).toMatchObject({
      scan_status: 'scanned',
      vulnerabilities: { critical: 2, high: 0, medium: 1 },
    })
  })

  it('is in the reports over its repository, and its SBOM lists the packages its layers hold', async () => {
    const report = async (kind: string) => {
      const asked = await api<{ id: string }>('POST', '/xray/api/v1/reports', admin, {
        kind,
        name: `${kind} of docker-local`,
        repositories: ['docker-local'],
      })
      expect(asked.status).toBe(202)
      await reportsFor(server.ctx).idle()
      const r = await api<{ status: string; page: Cell[][] }>(
        'GET',
        `/xray/api/v1/reports/${asked.body.id}?limit=1000`,
        admin,
      )
      expect(r.body.status).toBe('done')
      return r.body.page.filter((row) => row[0] === 'fixture/app' || row[4] === 'fixture/app')
    }
    // package, version, repository, issue, …, component, component version
    expect((await report('vulnerabilities')).map((r) => [r[0], r[1], r[2], r[3], r[7], r[8]]).sort()).toEqual(
      [
        ['fixture/app', '1.0', 'docker-local', 'FIXTURE-DEB-0001', 'libfixture1', '1.2-3+b1'],
        ['fixture/app', '1.0', 'docker-local', 'GHSA-vh95-rmgr-6w4m', 'minimist', '0.0.8'],
        ['fixture/app', '1.0', 'docker-local', 'GHSA-xvch-5gv4-984h', 'minimist', '0.0.8'],
      ],
    )
    // The licences its packages declare (lodash went with the opaque whiteout).
    expect(await report('licenses')).toEqual([['fixture/app', '1.0', 'docker-local', 'MIT', 'scanned', '']])
    expect((await report('violations')).map((r) => [r[1], r[3], r[7]]).sort()).toEqual([
      ['FIXTURE-DEB-0001', 'libfixture1', 'images'],
      ['GHSA-xvch-5gv4-984h', 'minimist', 'images'],
    ])

    const sbom = await api<{
      metadata: { component: Record<string, unknown> }
      components: Array<{ purl: string; licenses?: unknown[]; properties: Array<{ value: string }> }>
      dependencies: Array<{ ref: string; dependsOn: string[] }>
      vulnerabilities: Array<{ id: string; affects: Array<{ ref: string }> }>
    }>('GET', '/xray/api/v1/sbom?package_id=docker://fixture/app&version=1.0', admin)
    expect(sbom.status).toBe(200)
    const image = 'pkg:docker/fixture/app@1.0'
    const libfixture = 'pkg:deb/debian/libfixture1@1.2-3%2Bb1?distro=debian-12&upstream=fixturelib%401.2-3'
    const fixturetool = 'pkg:deb/debian/fixturetool@2.0-1?distro=debian-12'
    expect(sbom.body.metadata.component).toMatchObject({ type: 'container', purl: image })
    expect(sbom.body.components.map((c) => c.purl).sort()).toEqual(
      [fixturetool, libfixture, 'pkg:npm/minimist@0.0.8'].sort(),
    )
    expect(sbom.body.components.find((c) => c.purl === 'pkg:npm/minimist@0.0.8')).toMatchObject({
      licenses: [{ license: { id: 'MIT' } }],
      properties: [{ value: 'opt/app/node_modules/minimist/package.json' }],
    })
    expect(sbom.body.dependencies[0]).toEqual({ ref: image, dependsOn: expect.arrayContaining([libfixture]) })
    expect(
      sbom.body.vulnerabilities
        .map((v) => [v.id, v.affects[0]!.ref])
        .sort((a, b) => a[0]!.localeCompare(b[0]!)),
    ).toEqual([
      ['FIXTURE-DEB-0001', libfixture],
      ['GHSA-vh95-rmgr-6w4m', 'pkg:npm/minimist@0.0.8'],
      ['GHSA-xvch-5gv4-984h', 'pkg:npm/minimist@0.0.8'],
    ])

    // A build that resolved the image: the image's packages, by purl, carry its advisories.
    const lead = (await server.ctx.sql.one<{ sha1: string }>(
      `SELECT f.sha1 FROM catalog_files f JOIN catalog_versions v ON v.id = f.version_id
       WHERE v.id = 'docker://fixture/app@1.0' AND f.path = v.lead_file_path`,
    ))!
    const put = await fetch(`${server.url}/artifactory/api/build`, {
      method: 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from(CREDS).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        name: 'ships-app',
        number: '1',
        started: '2026-11-25T10:00:00.000+0000',
        modules: [{ id: 'example:app:1.0', dependencies: [{ id: 'fixture/app:1.0', sha1: lead.sha1 }] }],
      }),
    })
    expect(put.status).toBe(204)
    const build = await api<{
      components: Array<{ purl?: string }>
      vulnerabilities: Array<{ id: string; affects: Array<{ ref: string }> }>
    }>('GET', '/xray/api/v1/sbom/build?name=ships-app&number=1', admin)
    expect(build.body.components.map((c) => c.purl)).toEqual(
      expect.arrayContaining([image, libfixture, 'pkg:npm/minimist@0.0.8']),
    )
    expect(build.body.vulnerabilities.find((v) => v.id === 'FIXTURE-DEB-0001')?.affects).toEqual([
      { ref: libfixture },
    ])
  })

  it('is refused to a pull through /v2/ while a block-download policy holds, until ignored', async () => {
    // The manifest as the registry holds it (skopeo may have converted it on the way in).
    const basic = { authorization: `Basic ${Buffer.from(CREDS).toString('base64')}` }
    const byTag = await fetch(`${server.url}/v2/docker-local/fixture/app/manifests/1.0`, {
      headers: {
        ...basic,
        accept:
          'application/vnd.oci.image.manifest.v1+json, application/vnd.docker.distribution.manifest.v2+json',
      },
    })
    expect(byTag.status).toBe(200)
    const manifestDigest = byTag.headers.get('docker-content-digest')!
    const manifest = (await byTag.json()) as { config: { digest: string }; layers: Array<{ digest: string }> }

    const policy = securityPolicy('images-block', 'critical', { blockDownload: true })
    expect((await api('POST', '/xray/api/v1/policies', admin, policy)).status).toBe(201)
    const watch = {
      name: 'images-block',
      description: '',
      resources: { kind: 'repositories', repositories: ['docker-local'] },
      policies: ['images-block'],
    }
    expect((await api('POST', '/xray/api/v1/watches', admin, watch)).status).toBe(201)

    const skopeo = skopeoCli(work)
    const host = new URL(server.url).host
    const pull = () =>
      skopeo([
        'copy',
        '--src-tls-verify=false',
        '--src-creds',
        CREDS,
        `docker://${host}/docker-local/fixture/app:1.0`,
        `oci:${join(work, 'pulled')}:1.0`,
      ])
    const refused = await pull()
    expect(refused.failed).toBe(true)
    // skopeo prints the registry's message quoted, its quotes escaped.
    expect(refused.stderr.replaceAll('\\"', '"')).toContain(
      'denied: fixture/app:1.0 is blocked by policy "images-block" of watch "images-block"',
    )

    // By digest, and its blobs, the same answer in the distribution specification's shape.
    for (const path of [
      `manifests/${manifestDigest}`,
      `blobs/${manifest.config.digest}`,
      `blobs/${manifest.layers[0]!.digest}`,
    ]) {
      const res = await fetch(`${server.url}/v2/docker-local/fixture/app/${path}`, { headers: basic })
      expect(res.status, path).toBe(403)
      expect(await res.json(), path).toEqual({
        errors: [
          expect.objectContaining({ code: 'DENIED', message: expect.stringContaining('images-block') }),
        ],
      })
    }

    expect(
      (
        await api('POST', '/xray/api/v1/ignore_rules', admin, {
          watch: 'images-block',
          reason: 'The image is rebuilt this week',
          expires: '2999-01-01T00:00:00Z',
        })
      ).status,
    ).toBe(201)
    const pulled = await pull()
    expect(pulled, pulled.stderr).not.toHaveProperty('failed')
  })
})
