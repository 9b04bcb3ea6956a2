/**
 * A CycloneDX 1.5 JSON SBOM of one version. An npm version's: the package, the dependencies its
 * package.json declares (with the declared range, since no lockfile fixes them), its licences.
 * A container image's: the packages its layers hold (OS and npm, each where it was found). Both
 * with the vulnerabilities the scan found, each pointing at the component it affects.
 */
import { createHash } from 'node:crypto'
import type { StoredAdvisory, VersionToScan, XrayStore } from './store'
import { imageComponentPurl, npmPurl, purlOf } from './purls'

const SPDX_ID = /^[A-Za-z0-9.+-]+$/

const CVSS_METHOD: Record<string, string> = { 'CVSS:3.1': 'CVSSv31', 'CVSS:3.0': 'CVSSv3' }

/** An advisory found in a component as a CycloneDX 1.5 vulnerability (a version's SBOM and a build's). */
export function cycloneVulnerability(v: {
  readonly bomRef: string
  readonly advisoryId: string
  readonly component: string
  readonly severity: string
  readonly cvssScore: number | null
  readonly cvssVector: string | null
  readonly aliases: readonly string[]
  readonly cwes: readonly string[]
  readonly summary: string
  readonly fixed: readonly string[]
  readonly references: ReadonlyArray<{ type: string; url: string }>
  readonly affects: string
}) {
  const method = v.cvssVector ? CVSS_METHOD[v.cvssVector.split('/')[0]!] : undefined
  return {
    'bom-ref': v.bomRef,
    id: v.advisoryId,
    source: v.advisoryId.startsWith('GHSA-')
      ? { name: 'GitHub Advisory Database', url: `https://github.com/advisories/${v.advisoryId}` }
      : { name: 'OSV', url: `https://osv.dev/vulnerability/${v.advisoryId}` },
    references: v.aliases.map((id) => ({ id, source: { name: id.startsWith('CVE-') ? 'NVD' : 'OSV' } })),
    ratings: [
      {
        severity: v.severity,
        ...(v.cvssScore !== null ? { score: v.cvssScore } : {}),
        ...(method ? { method, vector: v.cvssVector } : {}),
      },
    ],
    cwes: v.cwes.map((c) => Number(c.replace(/^CWE-/, ''))).filter((n) => Number.isInteger(n)),
    description: v.summary,
    ...(v.fixed.length > 0 ? { recommendation: `Upgrade ${v.component} to ${v.fixed.join(' or ')}` } : {}),
    advisories: v.references.filter((r) => r.type === 'ADVISORY').map((r) => ({ url: r.url })),
    affects: [{ ref: v.affects }],
  }
}

const licencesOf = (names: readonly string[]) =>
  names.map((l) => (SPDX_ID.test(l) ? { license: { id: l } } : { license: { name: l } }))

interface SbomComponent {
  readonly type: 'library'
  readonly 'bom-ref': string
  readonly name: string
  readonly version: string
  readonly purl: string
  readonly licenses?: ReturnType<typeof licencesOf>
  readonly properties: ReadonlyArray<{ name: string; value: string }>
}

/**
 * What the version holds: an npm version's declared dependencies, or the packages an image's
 * layers hold (one component a purl, with every path it was found at); and the component a
 * finding in `component` at `componentVersion` affects.
 */
async function contentsOf(store: XrayStore, v: VersionToScan, main: string) {
  if (v.type !== 'docker') {
    const deps = await store.dependenciesOf(v.id)
    return {
      components: deps.map((d): SbomComponent => ({
        type: 'library',
        'bom-ref': npmPurl(d.name),
        name: d.name,
        version: d.version,
        purl: npmPurl(d.name),
        properties: [{ name: 'npm:declaredRange', value: d.version }],
      })),
      affected: (f: { component: string; direct: boolean }) => (f.direct ? main : npmPurl(f.component)),
    }
  }
  const inventory = await store.inventoryOf(v.id)
  const byRef = new Map<string, SbomComponent>()
  const refOf = new Map<string, string>()
  for (const c of inventory?.components ?? []) {
    const ref = imageComponentPurl(c, inventory!.ecosystems)
    refOf.set(`${c.name}\n${c.version}`, ref)
    const known = byRef.get(ref)
    const path = { name: 'image:path', value: c.path }
    byRef.set(
      ref,
      known
        ? { ...known, properties: [...known.properties, path] }
        : {
            type: 'library',
            'bom-ref': ref,
            name: c.name,
            version: c.version,
            purl: ref,
            ...(c.licences.length > 0 ? { licenses: licencesOf(c.licences) } : {}),
            properties: [path],
          },
    )
  }
  return {
    components: [...byRef.values()],
    affected: (f: { component: string; componentVersion: string }) =>
      refOf.get(`${f.component}\n${f.componentVersion}`) ?? main,
  }
}

export async function sbomOf(store: XrayStore, versionId: string, now: string) {
  const v = await store.versionToScan(versionId)
  if (!v) return undefined
  const image = v.type === 'docker'
  const main = image ? purlOf(v.packageId, v.version) : npmPurl(v.name, v.version)
  const { components, affected } = await contentsOf(store, v, main)
  const findings = await store.findingsOf(v.id)
  const advisories = new Map<string, StoredAdvisory | undefined>()
  for (const f of findings)
    if (!advisories.has(f.advisoryId)) advisories.set(f.advisoryId, await store.advisory(f.advisoryId))
  const scanned = (await store.scanOf(versionId))?.scanned_at ?? ''
  // Deterministic for the same version and scan.
  const digest = createHash('sha256').update(`${versionId}\n${scanned}`).digest('hex')
  const serial = `urn:uuid:${digest.slice(0, 8)}-${digest.slice(8, 12)}-5${digest.slice(13, 16)}-a${digest.slice(17, 20)}-${digest.slice(20, 32)}`
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: serial,
    version: 1,
    metadata: {
      timestamp: now,
      tools: { components: [{ type: 'application', name: 'platform-xray' }] },
      component: {
        type: image ? 'container' : 'library',
        'bom-ref': main,
        name: v.name,
        version: v.version,
        purl: main,
        licenses: licencesOf(v.licences),
      },
    },
    components,
    dependencies: [
      { ref: main, dependsOn: components.map((c) => c['bom-ref']) },
      ...components.map((c) => ({ ref: c['bom-ref'], dependsOn: [] })),
    ],
    vulnerabilities: findings.map((f) => {
      const a = advisories.get(f.advisoryId)
      const ref = affected(f)
      return cycloneVulnerability({
        bomRef: `${f.advisoryId}:${image ? ref : f.component}`,
        advisoryId: f.advisoryId,
        component: f.component,
        severity: f.severity,
        cvssScore: f.cvssScore,
        cvssVector: a?.cvssVector ?? null,
        aliases: a?.aliases ?? [],
        cwes: a?.cwes ?? [],
        summary: a?.summary ?? '',
        fixed: f.fixed,
        references: a?.references ?? [],
        affects: ref,
      })
    }),
  }
}
