/**
 * Every SQL statement of git repository scanning: the repositories chosen for an integration
 * connected to the scanner, each one's last scan and findings, and the advisories of the npm
 * packages a manifest names. On the asynchronous interface, the same on both engines.
 */
import { placeholders, type Sql } from '../db/sql'
import type { ViolationDraft, XraySeverity } from '../../domain/xray'
import type { AdvisoryOfPackage, GitFinding, Manifests } from './gitManifest'
import { GIT_ACTIVE, violationWrites, writeViolations, type StoredViolationRow } from './store'

export interface GitRepositoryToScan {
  readonly integrationKey: string
  readonly integrationName: string
  readonly repository: string
  readonly vendorName: number
  readonly url: string
}

export interface GitScanRow {
  readonly integration_key: string
  readonly integration_name: string
  readonly vendor_name: number
  readonly repository: string
  readonly status: string
  readonly scanned_at: string | null
  readonly error: string | null
  readonly lockfile: number
  readonly dependencies: number
  readonly critical: number
  readonly high: number
  readonly medium: number
  readonly low: number
  readonly unknown: number
  readonly violations: number
}

/** Repositories scanned per integration: the first ones chosen, by name, as the vendors list them. */
export const GIT_SCAN_LIMIT = 100

export class GitScanStore {
  constructor(private readonly sql: Sql) {}

  /** Chosen repositories of the integrations the scanner is connected to (of one, when named), the first 100 of each. */
  async toScan(integrationKey?: string): Promise<GitRepositoryToScan[]> {
    const rows = await this.sql.all<{
      integration_key: string
      integration_name: string
      repository: string
      vendor_name: number
      url: string
    }>(
      `SELECT s.integration_key, g.integration_name, s.repository, g.vendor_name, g.url
       FROM git_repository_selections s
       JOIN git_integrations g ON g.integration_key = s.integration_key
       JOIN vcs_connections c ON c.integration_key = s.integration_key AND c.service = 'xray'
       ${integrationKey === undefined ? '' : 'WHERE s.integration_key = ?'}
       ORDER BY s.integration_key, s.repository`,
      // Only a condition that is set: PostgreSQL cannot type a parameter compared only with NULL.
      integrationKey === undefined ? [] : [integrationKey],
    )
    const taken = new Map<string, number>()
    return rows
      .filter((r) => {
        const n = (taken.get(r.integration_key) ?? 0) + 1
        taken.set(r.integration_key, n)
        return n <= GIT_SCAN_LIMIT
      })
      .map((r) => ({
        integrationKey: r.integration_key,
        integrationName: r.integration_name,
        repository: r.repository,
        vendorName: Number(r.vendor_name),
        url: r.url,
      }))
  }

  /** Scans of repositories no longer chosen, or of integrations the scanner left, go. */
  async forgetUnchosen(): Promise<void> {
    await this.sql.run(
      `DELETE FROM xray_git_scans WHERE NOT EXISTS (
         SELECT 1 FROM git_repository_selections s
         JOIN vcs_connections c ON c.integration_key = s.integration_key AND c.service = 'xray'
         WHERE s.integration_key = xray_git_scans.integration_key AND s.repository = xray_git_scans.repository)`,
    )
  }

  async markScanning(key: string, repository: string): Promise<void> {
    await this.sql.run(
      `INSERT INTO xray_git_scans (integration_key, repository, status) VALUES (?, ?, 'scanning')
       ON CONFLICT (integration_key, repository) DO UPDATE SET status = 'scanning', error = NULL`,
      [key, repository],
    )
  }

  async advisoriesOf(names: readonly string[]): Promise<Map<string, AdvisoryOfPackage[]>> {
    const out = new Map<string, AdvisoryOfPackage[]>()
    for (let i = 0; i < names.length; i += 500) {
      const chunk = names.slice(i, i + 500)
      const rows = await this.sql.all<{
        package: string
        advisory_id: string
        ranges_json: string
        versions_json: string
        severity: XraySeverity
        cvss_score: number | null
      }>(
        `SELECT f.package, f.advisory_id, f.ranges_json, f.versions_json, a.severity, a.cvss_score
         FROM xray_affected f JOIN xray_advisories a ON a.id = f.advisory_id
         WHERE f.ecosystem = 'npm' AND f.package IN (${placeholders(chunk.length)})`,
        chunk,
      )
      for (const r of rows)
        out.set(r.package, [
          ...(out.get(r.package) ?? []),
          {
            advisoryId: r.advisory_id,
            ranges: JSON.parse(r.ranges_json) as AdvisoryOfPackage['ranges'],
            versions: JSON.parse(r.versions_json) as string[],
            severity: r.severity,
            cvssScore: r.cvss_score,
          },
        ])
    }
    return out
  }

  /**
   * A finished scan: its findings replace the last ones, with counts of distinct advisories,
   * and what it read of the manifests is kept for the next match.
   */
  async putScan(
    key: string,
    repository: string,
    at: string,
    scan: { lockfile: boolean; manifests: Manifests; findings: readonly GitFinding[] },
  ): Promise<void> {
    const distinct = new Map<string, XraySeverity>()
    for (const f of scan.findings) distinct.set(f.advisoryId, f.severity)
    const count = (s: XraySeverity) => [...distinct.values()].filter((x) => x === s).length
    await this.sql.transaction(async (tx) => {
      await tx.run('DELETE FROM xray_git_findings WHERE integration_key = ? AND repository = ?', [
        key,
        repository,
      ])
      await tx.run(
        `UPDATE xray_git_scans SET status = 'scanned', scanned_at = ?, error = NULL, lockfile = ?, dependencies = ?,
           critical = ?, high = ?, medium = ?, low = ?, unknown = ?, manifest_json = ?
         WHERE integration_key = ? AND repository = ?`,
        [
          at,
          scan.lockfile ? 1 : 0,
          scan.manifests.dependencies.length,
          count('critical'),
          count('high'),
          count('medium'),
          count('low'),
          count('unknown'),
          JSON.stringify(scan.manifests),
          key,
          repository,
        ],
      )
      for (const f of scan.findings)
        await tx.run(
          `INSERT INTO xray_git_findings (integration_key, repository, advisory_id, component, version, direct, severity,
             cvss_score, vulnerable_range, fixed_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (integration_key, repository, advisory_id, component, version) DO NOTHING`,
          [
            key,
            repository,
            f.advisoryId,
            f.component,
            f.version,
            f.direct ? 1 : 0,
            f.severity,
            f.cvssScore,
            f.vulnerableRange,
            JSON.stringify(f.fixed),
          ],
        )
    })
  }

  async fail(key: string, repository: string, at: string, error: string): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.run('DELETE FROM xray_git_findings WHERE integration_key = ? AND repository = ?', [
        key,
        repository,
      ])
      await tx.run('DELETE FROM xray_git_violations WHERE integration_key = ? AND repository = ?', [
        key,
        repository,
      ])
      await tx.run(
        `UPDATE xray_git_scans SET status = 'failed', scanned_at = ?, error = ?, dependencies = 0, critical = 0,
           high = 0, medium = 0, low = 0, unknown = 0, manifest_json = NULL WHERE integration_key = ? AND repository = ?`,
        [at, error, key, repository],
      )
    })
  }

  /** The repositories whose last scan found their manifests, for their violations again. */
  async scanned(): Promise<Array<{ integrationKey: string; integrationName: string; repository: string }>> {
    const rows = await this.sql.all<{
      integration_key: string
      integration_name: string
      repository: string
    }>(
      `SELECT x.integration_key, g.integration_name, x.repository FROM xray_git_scans x
       JOIN git_integrations g ON g.integration_key = x.integration_key
       WHERE x.status = 'scanned' ORDER BY x.integration_key, x.repository`,
    )
    return rows.map((r) => ({
      integrationKey: r.integration_key,
      integrationName: r.integration_name,
      repository: r.repository,
    }))
  }

  /** What the repository's last scan read of its manifests (undefined: not kept, or no scan). */
  async manifestsOf(
    key: string,
    repository: string,
  ): Promise<{ lockfile: boolean; manifests: Manifests } | undefined> {
    const r = await this.sql.one<{ lockfile: number; manifest_json: string | null }>(
      `SELECT lockfile, manifest_json FROM xray_git_scans
       WHERE integration_key = ? AND repository = ? AND status = 'scanned'`,
      [key, repository],
    )
    return r?.manifest_json
      ? { lockfile: Number(r.lockfile) === 1, manifests: JSON.parse(r.manifest_json) as Manifests }
      : undefined
  }

  /** Replaces a repository's violations (see violationWrites); answers whether they owe notifications. */
  async putViolations(
    key: string,
    repository: string,
    drafts: readonly ViolationDraft[],
    at: string,
  ): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const writes = violationWrites(
        await tx.all<StoredViolationRow>(
          `SELECT id, watch_name, policy_name, rule_name, type, issue, component, severity, block_download,
             fail_build, notify, created FROM xray_git_violations WHERE integration_key = ? AND repository = ?`,
          [key, repository],
        ),
        drafts,
        at,
      )
      return (await writeViolations(tx, 'xray_git_violations', [{ resource: [key, repository], writes }])) > 0
    })
  }

  /** The finding a git repository's violation (by its own id) stands on, as a version's reads. */
  async findingOfViolation(id: number) {
    const r = await this.sql.one<{
      resource: string
      advisory_id: string
      component: string
      version: string
      direct: number
      severity: XraySeverity
      cvss_score: number | null
      vulnerable_range: string
      fixed_json: string
    }>(
      `SELECT 'git://' || g.integration_name || '/' || f.repository AS resource, f.advisory_id, f.component,
         f.version, f.direct, f.severity, f.cvss_score, f.vulnerable_range, f.fixed_json
       FROM xray_git_violations x
       JOIN xray_git_findings f ON f.integration_key = x.integration_key AND f.repository = x.repository
         AND f.advisory_id = x.issue AND f.component = x.component
       JOIN git_integrations g ON g.integration_key = x.integration_key
       WHERE x.id = ? ORDER BY f.version LIMIT 1`,
      [id],
    )
    return (
      r && {
        versionId: r.resource,
        advisoryId: r.advisory_id,
        component: r.component,
        componentVersion: r.version,
        direct: Number(r.direct) === 1,
        severity: r.severity,
        cvssScore: r.cvss_score,
        vulnerableRange: r.vulnerable_range,
        fixed: JSON.parse(r.fixed_json) as string[],
      }
    )
  }

  /** Every repository's last scan, with its violations in force at `now`. */
  async scans(now: string): Promise<GitScanRow[]> {
    return this.sql.all<GitScanRow>(
      `SELECT s.integration_key, s.repository, s.status, s.scanned_at, s.error, s.lockfile, s.dependencies,
         s.critical, s.high, s.medium, s.low, s.unknown, g.integration_name, g.vendor_name,
         (SELECT COUNT(*) FROM xray_git_violations x
          WHERE x.integration_key = s.integration_key AND x.repository = s.repository AND ${GIT_ACTIVE}) AS violations
       FROM xray_git_scans s
       JOIN git_integrations g ON g.integration_key = s.integration_key
       ORDER BY g.integration_name, s.repository`,
      [now],
    )
  }

  async findings(key: string, repository: string) {
    const rows = await this.sql.all<{
      advisory_id: string
      component: string
      version: string
      direct: number
      severity: XraySeverity
      cvss_score: number | null
      vulnerable_range: string
      fixed_json: string
      summary: string | null
    }>(
      `SELECT f.advisory_id, f.component, f.version, f.direct, f.severity, f.cvss_score, f.vulnerable_range,
         f.fixed_json, a.summary
       FROM xray_git_findings f LEFT JOIN xray_advisories a ON a.id = f.advisory_id
       WHERE f.integration_key = ? AND f.repository = ?
       ORDER BY CASE f.severity WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 WHEN 'low' THEN 3
         ELSE 4 END, f.component, f.advisory_id`,
      [key, repository],
    )
    return rows.map((r) => ({
      issue: r.advisory_id,
      summary: r.summary ?? r.advisory_id,
      component: r.component,
      version: r.version,
      direct: Number(r.direct) === 1,
      severity: r.severity,
      cvss: r.cvss_score,
      vulnerableRange: r.vulnerable_range,
      fixed: JSON.parse(r.fixed_json) as string[],
    }))
  }
}
