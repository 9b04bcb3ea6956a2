/**
 * A CycloneDX 1.5 JSON SBOM of one build run: the build, its modules with the artifacts they
 * produced, the dependencies they resolved (a package URL where the platform stores the version,
 * otherwise the file by its checksums), the licences of the stored versions, and the
 * vulnerabilities their scans found.
 */
import { createHash } from 'node:crypto'
import type { ServerContext } from '../context'
import { buildStore, type ResolvedFile } from '../builds/store'
import { cycloneVulnerability } from './sbom'
import { imageComponentPurl, npmPurl, purlOf } from './purls'
import { SbomStore, type SbomFinding } from './sbomStore'
import { imageStatements } from './imageStore'

const SPDX_ID = /^[A-Za-z0-9.+-]+$/

const hashesOf = (f: ResolvedFile) =>
  [
    { alg: 'SHA-256', content: f.sha256 },
    { alg: 'SHA-1', content: f.sha1 },
    { alg: 'MD5', content: f.md5 },
  ].filter((h) => h.content !== '')

const list = <T>(json: string | null): T[] => (json ? (JSON.parse(json) as T[]) : [])

/** One finding as a CycloneDX vulnerability affecting `ref`. */
const vulnerabilityOf = (f: SbomFinding, ref: string) =>
  cycloneVulnerability({
    bomRef: `${f.advisory_id}:${ref}`,
    advisoryId: f.advisory_id,
    component: f.component,
    severity: f.severity,
    cvssScore: f.cvss_score,
    cvssVector: f.cvss_vector,
    aliases: list<string>(f.aliases_json),
    cwes: list<string>(f.cwes_json),
    summary: f.summary ?? '',
    fixed: list<string>(f.fixed_json),
    references: list<{ type: string; url: string }>(f.references_json),
    affects: ref,
  })

interface Component {
  readonly type: 'application' | 'library' | 'file'
  readonly 'bom-ref': string
  readonly name: string
  readonly version?: string
  readonly purl?: string
  readonly hashes?: ReadonlyArray<{ alg: string; content: string }>
  licenses?: ReadonlyArray<object>
  readonly properties?: ReadonlyArray<{ name: string; value: string }>
  readonly components?: Component[]
}

/** The SBOM of a build run, or undefined when the platform has no such run. */
export async function buildSbomOf(
  ctx: Pick<ServerContext, 'sql'>,
  name: string,
  number: string,
  now: string,
) {
  const run = await buildStore(ctx.sql).detail(name, number)
  if (!run) return undefined
  const store = new SbomStore(ctx.sql)
  const root = `build:${name}:${number}`
  // Stored versions by their bom-ref (their purl), to add licences and vulnerabilities.
  const versions = new Map<string, { ref: string; name: string }>()
  const flat = new Map<string, Component>()

  const componentOf = (
    f: ResolvedFile,
    fileName: string,
    property: { name: string; value: string },
  ): Component => {
    if (f.packageId && f.version) {
      const ref = purlOf(f.packageId, f.version)
      versions.set(`${f.packageId}@${f.version}`, { ref, name: f.packageId.replace(/^[a-z0-9]+:\/\//, '') })
      return {
        type: 'library',
        'bom-ref': ref,
        name: f.packageId.replace(/^[a-z0-9]+:\/\//, ''),
        version: f.version,
        purl: ref,
        hashes: hashesOf(f),
        properties: [property],
      }
    }
    return {
      type: 'file',
      'bom-ref': `file:${f.sha256 || f.sha1 || f.md5 || fileName}`,
      name: fileName,
      hashes: hashesOf(f),
      properties: [property],
    }
  }

  const modules: Component[] = []
  const graph: Array<{ ref: string; dependsOn: string[] }> = []
  for (const m of run.modules) {
    const moduleRef = `module:${m.id}`
    const artifacts = m.artifacts.map((a) =>
      componentOf(a, a.name, { name: 'build:artifact', value: a.path ?? a.name }),
    )
    const dependsOn: string[] = []
    for (const d of m.dependencies) {
      const c = componentOf(d, d.id, { name: 'build:scope', value: d.scope })
      if (!flat.has(c['bom-ref'])) flat.set(c['bom-ref'], c)
      if (!dependsOn.includes(c['bom-ref'])) dependsOn.push(c['bom-ref'])
    }
    modules.push({ type: 'application', 'bom-ref': moduleRef, name: m.id, components: artifacts })
    graph.push({ ref: moduleRef, dependsOn })
  }

  const ids = [...versions.keys()]
  const licences = await store.licencesOf(ids)
  for (const c of [...flat.values(), ...modules.flatMap((m) => m.components ?? [])]) {
    const id = [...versions.entries()].find(([, v]) => v.ref === c['bom-ref'])?.[0]
    const names = id ? licences.get(id) : undefined
    if (names && names.length > 0)
      c.licenses = names.map((l) => (SPDX_ID.test(l) ? { license: { id: l } } : { license: { name: l } }))
  }

  // A container image's findings are in the packages its layers hold, named by their purls.
  const images = imageStatements(ctx.sql)
  const imagePurls = new Map<string, string>()
  for (const id of ids.filter((i) => i.startsWith('docker://'))) {
    const inventory = await images.inventoryOf(id)
    for (const c of inventory?.components ?? [])
      imagePurls.set(`${id}\n${c.name}\n${c.version}`, imageComponentPurl(c, inventory!.ecosystems))
  }

  // A finding in a declared dependency (or an image's package) affects that dependency; it is
  // listed if the build did not.
  const vulnerabilities = []
  const seen = new Set<string>()
  for (const f of await store.findingsOf(ids)) {
    const v = versions.get(f.version_id)!
    let ref = v.ref
    if (Number(f.direct) !== 1) {
      const inImage = imagePurls.get(`${f.version_id}\n${f.component}\n${f.component_version}`)
      ref = inImage ?? npmPurl(f.component)
      if (!flat.has(ref))
        flat.set(ref, {
          type: 'library',
          'bom-ref': ref,
          name: f.component,
          ...(inImage ? { version: f.component_version } : {}),
          purl: ref,
          properties: [{ name: inImage ? 'image:in' : 'npm:declaredBy', value: v.ref }],
        })
    }
    // Two versions declaring the same vulnerable dependency make one entry.
    if (seen.has(`${f.advisory_id}:${ref}`)) continue
    seen.add(`${f.advisory_id}:${ref}`)
    vulnerabilities.push(vulnerabilityOf(f, ref))
  }

  const digest = createHash('sha256')
    .update(`${root}\n${JSON.stringify(run)}`)
    .digest('hex')
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${digest.slice(0, 8)}-${digest.slice(8, 12)}-5${digest.slice(13, 16)}-a${digest.slice(17, 20)}-${digest.slice(20, 32)}`,
    version: 1,
    metadata: {
      timestamp: now,
      tools: { components: [{ type: 'application', name: 'platform-xray' }] },
      component: {
        type: 'application',
        'bom-ref': root,
        name,
        version: number,
        properties: [
          { name: 'build:status', value: run.status },
          { name: 'build:started', value: run.started },
          ...(run.agent ? [{ name: 'build:agent', value: run.agent }] : []),
        ],
      },
    },
    components: [...modules, ...flat.values()],
    dependencies: [
      { ref: root, dependsOn: modules.map((m) => m['bom-ref']) },
      ...graph,
      ...[...flat.keys()].map((ref) => ({ ref, dependsOn: [] })),
    ],
    vulnerabilities,
  }
}
