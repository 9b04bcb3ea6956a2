/**
 * What a build's SBOM reads of the scans: each stored version's licences, and its findings with
 * their advisories. On the asynchronous interface, so it reads the same on both engines.
 */
import { placeholders, type Sql } from '../db/sql'

export interface SbomFinding {
  readonly version_id: string
  readonly advisory_id: string
  readonly component: string
  readonly component_version: string
  readonly direct: number
  readonly severity: string
  readonly cvss_score: number | null
  readonly fixed_json: string
  readonly summary: string | null
  readonly cvss_vector: string | null
  readonly aliases_json: string | null
  readonly references_json: string | null
  readonly cwes_json: string | null
}

export class SbomStore {
  constructor(private readonly sql: Sql) {}

  /** Licence names of each of these versions the catalogue holds. */
  async licencesOf(ids: readonly string[]): Promise<Map<string, string[]>> {
    if (ids.length === 0) return new Map()
    const rows = await this.sql.all<{ id: string; licenses_json: string }>(
      `SELECT id, licenses_json FROM catalog_versions WHERE id IN (${placeholders(ids.length)})`,
      ids,
    )
    return new Map(
      rows.map((r) => [r.id, (JSON.parse(r.licenses_json) as Array<{ name: string }>).map((l) => l.name)]),
    )
  }

  async findingsOf(ids: readonly string[]): Promise<SbomFinding[]> {
    if (ids.length === 0) return []
    return this.sql.all<SbomFinding>(
      `SELECT f.version_id, f.advisory_id, f.component, f.component_version, f.direct, f.severity, f.cvss_score, f.fixed_json,
         a.summary, a.cvss_vector, a.aliases_json, a.references_json, a.cwes_json
       FROM xray_findings f LEFT JOIN xray_advisories a ON a.id = f.advisory_id
       WHERE f.version_id IN (${placeholders(ids.length)}) ORDER BY f.version_id, f.advisory_id, f.component`,
      ids,
    )
  }
}
