/**
 * Builds: the seeded runs (whose artifacts are real catalogue files) listed and detailed with
 * their artifacts and dependencies resolved by checksum; a build-info document deployed with
 * PUT /artifactory/api/build as a client would, by token, stored, linked to the files it names
 * (so the package's Builds call lists it) and refused when malformed or anonymous.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDeveloper } from './helpers/permissions'

let server: TestServer
let user: string

const api = (path: string) => fetch(`${server.url}/ui/api/v1${path}`, { headers: { cookie: user } })

beforeAll(async () => {
  server = await startTestServer()
  user = await signInDeveloper(server)
})
afterAll(async () => server?.stop())

interface Resolved {
  repoKey: string | null
  path: string | null
  packageId: string | null
  version: string | null
  sha256: string
}
interface Detail {
  name: string
  number: string
  status: string
  agent: string | null
  durationMillis: number | null
  modules: Array<{
    id: string
    artifacts: Array<Resolved & { name: string }>
    dependencies: Array<Resolved & { id: string }>
  }>
}

describe('builds', () => {
  it('lists the seeded runs newest first, and details one with real catalogue files', async () => {
    const list = (await (await api('/builds')).json()) as {
      builds: Array<{ name: string; number: string; status: string }>
    }
    expect(list.builds.map((b) => `${b.name}#${b.number}:${b.status}`)).toEqual([
      'platform-api#17:in progress',
      'console-web#42:failure',
      'console-web#41:success',
    ])
    const detail = (await (await api('/builds/console-web/41')).json()) as Detail
    const artifacts = detail.modules[0]!.artifacts
    const react = artifacts.find((a) => a.packageId === 'npm://react')
    expect(react).toBeDefined()
    const stored = (await server.ctx.sql.one<{ sha256: string }>(
      'SELECT sha256 FROM catalog_files WHERE repo = ? AND path = ?',
      [react!.repoKey, react!.path],
    ))!
    expect(react!.sha256).toBe(stored.sha256)
    // react-dom depends on scheduler (and react): resolved to the catalogue's newest version.
    const deps = detail.modules[0]!.dependencies
    expect(deps.length).toBeGreaterThan(0)
    expect(deps.every((d) => d.sha256 === '' || /^[0-9a-f]{64}$/.test(d.sha256))).toBe(true)
    expect(deps.some((d) => d.packageId !== null && d.repoKey !== null)).toBe(true)
    expect((await api('/builds/console-web/999')).status).toBe(404)
  })

  it('takes a build-info document by token and links the files it names', async () => {
    const { token } = (await (
      await fetch(`${server.url}/ui/api/v1/ui/npm/token`, {
        method: 'POST',
        headers: (() => {
          const h = browserHeaders(server.url, user)
          delete h['content-type']
          return h
        })(),
      })
    ).json()) as { token: string }
    const bytes = Buffer.from('a build output\n')
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const put = await fetch(`${server.url}/artifactory/generic-local/ci/app-1.0.bin`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: bytes,
    })
    expect(put.status).toBe(201)
    const lead = (await server.ctx.sql.one<{ repo: string; path: string; sha256: string; sha1: string }>(
      `SELECT f.repo, f.path, f.sha256, f.sha1 FROM catalog_files f JOIN catalog_versions v ON v.id = f.version_id
       WHERE v.package_id = 'npm://rxjs' AND f.path = v.lead_file_path LIMIT 1`,
    ))!
    const doc = {
      name: 'ci-app',
      number: '7',
      started: '2026-11-25T10:00:00.000+0000',
      durationMillis: 95_000,
      agent: { name: 'GitHub Actions', version: '2.0' },
      modules: [
        {
          id: 'example:ci-app:1.0',
          artifacts: [{ name: 'app-1.0.bin', type: 'bin', sha256 }],
          dependencies: [{ id: 'rxjs:7', sha1: lead.sha1, scopes: ['runtime'] }],
        },
      ],
    }
    const deploy = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
      fetch(`${server.url}/artifactory/api/build`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect((await deploy(doc, {})).status).toBe(401)
    expect((await deploy({ ...doc, number: undefined })).status).toBe(400)
    expect((await deploy({ ...doc, started: 'yesterday' })).status).toBe(400)
    expect((await deploy(doc)).status).toBe(204)

    const detail = (await (await api('/builds/ci-app/7')).json()) as Detail
    expect(detail).toMatchObject({ status: 'success', agent: 'GitHub Actions 2.0', durationMillis: 95_000 })
    expect(detail.modules[0]!.artifacts[0]).toMatchObject({
      repoKey: 'generic-local',
      path: 'ci/app-1.0.bin',
      sha256,
    })
    expect(detail.modules[0]!.dependencies[0]).toMatchObject({
      repoKey: lead.repo,
      path: lead.path,
      packageId: 'npm://rxjs',
      sha256: lead.sha256,
    })
    const list = (await (await api('/builds')).json()) as { builds: Array<{ name: string }> }
    expect(list.builds[0]!.name).toBe('ci-app')

    // A run that names a catalogue file shows on that package's Builds tab.
    expect(
      (
        await deploy({
          ...doc,
          number: '8',
          modules: [{ id: 'm', artifacts: [{ name: 'x', sha1: lead.sha1 }] }],
        })
      ).status,
    ).toBe(204)
    const tab = (await (
      await api(`/ui/artifactbuilds?repoKey=${lead.repo}&path=${encodeURIComponent(lead.path)}`)
    ).json()) as { builds: Array<{ name: string; number: string }> }
    expect(tab.builds.map((b) => `${b.name}#${b.number}`)).toContain('ci-app#8')
  })
})
