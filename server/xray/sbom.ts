/**
 * A CycloneDX 1.5 JSON SBOM of one npm version: the package, the dependencies its package.json
 * declares (with the declared range, since no lockfile fixes them), its licences, and the
 * vulnerabilities its scan found, each pointing at the component it affects.
 */
import { createHash } from 'node:crypto'
import type { StoredAdvisory, XrayStore } from './store'

/** A package URL (purl) for npm: the scope's @ is percent-encoded. */
export const npmPurl = (name: string, version?: string) =>
  `pkg:npm/${name.startsWith('@') ? `%40${name.slice(1)}` : name}${version ? `@${encodeURIComponent(version)}` : ''}`

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

export async function sbomOf(store: XrayStore, versionId: string, now: string) {
  const v = await store.versionToScan(versionId)
  if (!v) return undefined
  const main = npmPurl(v.name, v.version)
  const deps = await store.dependenciesOf(v.id)
  const depRef = (name: string) => npmPurl(name)
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
        type: 'library',
        'bom-ref': main,
        name: v.name,
        version: v.version,
        purl: main,
        licenses: v.licences.map((l) =>
          SPDX_ID.test(l) ? { license: { id: l } } : { license: { name: l } },
        ),
      },
    },
    components: deps.map((d) => ({
      type: 'library',
      'bom-ref': depRef(d.name),
      name: d.name,
      version: d.version,
      purl: depRef(d.name),
      properties: [{ name: 'npm:declaredRange', value: d.version }],
    })),
    dependencies: [
      { ref: main, dependsOn: deps.map((d) => depRef(d.name)) },
      ...deps.map((d) => ({ ref: depRef(d.name), dependsOn: [] })),
    ],
    vulnerabilities: findings.map((f) => {
      const a = advisories.get(f.advisoryId)
      return cycloneVulnerability({
        bomRef: `${f.advisoryId}:${f.component}`,
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
        affects: f.direct ? main : depRef(f.component),
      })
    }),
  }
}
