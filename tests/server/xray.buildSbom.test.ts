/**
 * A build run's CycloneDX 1.5 SBOM over real HTTP: the seeded run's modules, artifacts (real
 * catalogue files, by package URL and checksums) and licences; a build-info document that names
 * a vulnerable version lists the advisories the scanner found in it; who may read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { clientTokenOf, signInDeveloper } from './helpers/permissions'

let server: TestServer
let user: string

beforeAll(async () => {
  server = await startTestServer()
  user = await signInDeveloper(server)
})
afterAll(async () => server?.stop())

interface Component {
  type: string
  'bom-ref': string
  name: string
  version?: string
  purl?: string
  hashes?: Array<{ alg: string; content: string }>
  licenses?: Array<{ license: { id?: string; name?: string } }>
  components?: Component[]
}
interface Bom {
  bomFormat: string
  specVersion: string
  metadata: { component: { 'bom-ref': string; name: string; version: string } }
  components: Component[]
  dependencies: Array<{ ref: string; dependsOn: string[] }>
  vulnerabilities: Array<{ id: string; affects: Array<{ ref: string }> }>
}

const sbom = (name: string, number: string, cookie: string | undefined = user) =>
  fetch(
    `${server.url}/ui/api/v1/xray/api/v1/sbom/build?name=${encodeURIComponent(name)}&number=${encodeURIComponent(number)}`,
    { headers: cookie ? { cookie } : {} },
  )

const refsOf = (components: readonly Component[]): string[] =>
  components.flatMap((c) => [c['bom-ref'], ...refsOf(c.components ?? [])])

describe("a build run's SBOM", () => {
  it('the seeded run: its module, its artifacts by package URL and checksum, their licences', async () => {
    const res = await sbom('console-web', '41')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/vnd.cyclonedx+json')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="console-web-41.cdx.json"')
    const bom = (await res.json()) as Bom
    expect(bom).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.5' })
    expect(bom.metadata.component).toMatchObject({ name: 'console-web', version: '41' })
    const module = bom.components.find((c) => c.type === 'application')!
    const react = module.components!.find((c) => c.name === 'react')!
    expect(react.purl).toBe(`pkg:npm/react@${react.version}`)
    const stored = (await server.ctx.sql.one<{ sha256: string }>(
      `SELECT f.sha256 FROM catalog_files f JOIN catalog_versions v ON v.id = f.version_id
       WHERE v.id = ? AND f.path = v.lead_file_path`,
      [`npm://react@${react.version}`],
    ))!
    expect(react.hashes).toContainEqual({ alg: 'SHA-256', content: stored.sha256 })
    expect(react.licenses).toEqual([{ license: { id: 'MIT' } }])
    // Every reference in the graph names a component of the document.
    const refs = new Set([bom.metadata.component['bom-ref'], ...refsOf(bom.components)])
    expect(bom.dependencies[0]!.dependsOn).toEqual([module['bom-ref']])
    for (const d of bom.dependencies) {
      expect(refs.has(d.ref), d.ref).toBe(true)
      for (const on of d.dependsOn) expect(refs.has(on), on).toBe(true)
    }
    expect(new Set(refsOf(bom.components)).size).toBe(refsOf(bom.components).length)
  })

  it("a run that resolved a vulnerable version lists that version's advisories", async () => {
    const token = await clientTokenOf(server, user)
    const lead = (await server.ctx.sql.one<{ sha1: string }>(
      `SELECT f.sha1 FROM catalog_files f JOIN catalog_versions v ON v.id = f.version_id
       WHERE v.id = 'npm://minimist@0.0.8' AND f.path = v.lead_file_path`,
    ))!
    const doc = {
      name: 'uses-minimist',
      number: '3',
      started: '2026-11-25T10:00:00.000+0000',
      modules: [{ id: 'example:cli:1.0', dependencies: [{ id: 'minimist:0.0.8', sha1: lead.sha1 }] }],
    }
    const put = await fetch(`${server.url}/artifactory/api/build`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(doc),
    })
    expect(put.status).toBe(204)
    const bom = (await (await sbom('uses-minimist', '3')).json()) as Bom
    expect(bom.components.map((c) => c.purl)).toContain('pkg:npm/minimist@0.0.8')
    const found = (await (
      await fetch(`${server.url}/ui/api/v1/xray/ui/unified/artifactViolationsByPackage`, {
        method: 'POST',
        headers: browserHeaders(server.url, user),
        body: JSON.stringify({ package_id: 'npm://minimist', version: '0.0.8' }),
      })
    ).json()) as { data: Array<{ issue_id: string; direct: boolean }> }
    const direct = found.data.filter((v) => v.direct).map((v) => v.issue_id)
    expect(direct.length).toBeGreaterThan(0)
    const listed = bom.vulnerabilities.filter((v) => v.affects[0]!.ref === 'pkg:npm/minimist@0.0.8')
    expect(listed.map((v) => v.id).sort()).toEqual([...direct].sort())
  })

  it('needs a user, and answers 404 for a run the platform does not have', async () => {
    expect((await sbom('console-web', '41', '')).status).toBe(401)
    expect((await sbom('console-web', '999')).status).toBe(404)
  })
})
