/**
 * Every SQL statement of security scanning: the advisory database, imports, scans and
 * findings, watches, policies, violations, ignore rules, indexed repositories and history.
 */
import type { Db } from '../db'
import type { RepositoryKind } from '../../domain/repositories/rules'
import type { Resolvable } from '../repositories/store'
import type {
  Advisory,
  AffectedVersions,
  IgnoreRule,
  Policy,
  PolicyRule,
  ViolationDraft,
  Watch,
  WatchResources,
  XraySeverity,
} from '../../domain/xray'

export interface ImportRecord {
  readonly id: number
  readonly source: string
  readonly started: string
  readonly finished: string
  readonly ok: boolean
  readonly files: number
  readonly advisories: number
  readonly report: ReadonlyArray<{ file: string; reason: string }>
}

export interface StoredAdvisory {
  readonly id: string
  readonly summary: string
  readonly details: string
  readonly severity: XraySeverity
  readonly cvssScore: number | null
  readonly cvssVector: string | null
  readonly aliases: string[]
  readonly references: Array<{ type: string; url: string }>
  readonly cwes: string[]
  readonly published: string | null
  readonly modified: string
}

export interface AffectedRow extends AffectedVersions {
  readonly advisoryId: string
  readonly severity: XraySeverity
  readonly cvssScore: number | null
}

export interface VersionToScan {
  readonly id: string
  readonly packageId: string
  readonly name: string
  readonly version: string
  readonly repo: string
  readonly licences: string[]
}

/** A version's scan: its status and the distinct advisories it found by severity. */
export interface ScanRow {
  readonly status: string
  readonly scanned_at: string | null
  readonly error: string | null
  readonly critical: number
  readonly high: number
  readonly medium: number
  readonly low: number
  readonly unknown: number
}

export interface FindingRow {
  readonly versionId: string
  readonly advisoryId: string
  readonly component: string
  readonly componentVersion: string
  readonly direct: boolean
  readonly severity: XraySeverity
  readonly cvssScore: number | null
  readonly vulnerableRange: string
  readonly fixed: string[]
}

export interface ViolationRow {
  readonly id: number
  readonly versionId: string
  readonly packageName: string
  readonly version: string
  readonly repo: string
  readonly watch: string
  readonly policy: string
  readonly rule: string
  readonly type: 'security' | 'license'
  readonly issue: string
  readonly component: string
  readonly severity: XraySeverity
  readonly blockDownload: boolean
  readonly failBuild: boolean
  readonly notify: boolean
  readonly created: string
}

export interface ViolationFilter {
  readonly severity?: string
  readonly type?: string
  readonly watch?: string
  readonly policy?: string
  /** A package name or a version id. */
  readonly resource?: string
  readonly versionId?: string
  readonly limit: number
  readonly offset: number
}

const json = <T>(text: string): T => JSON.parse(text) as T
const nameOfPackage = (packageId: string) => packageId.replace(/^[a-z]+:\/\//, '')

export function xrayStore(db: Db) {
  const s = {
    repositoryKinds: db.prepare('SELECT key, kind FROM repositories'),
    repositoryMembers: db.prepare(
      'SELECT virtual_key, member_key FROM repository_members ORDER BY virtual_key, position',
    ),
    insertAdvisory: db.prepare(
      `INSERT INTO xray_advisories (id, summary, details, severity, cvss_score, cvss_vector, aliases_json,
         references_json, cwes_json, published, modified)
       VALUES (@id, @summary, @details, @severity, @cvssScore, @cvssVector, @aliases, @references, @cwes, @published,
         @modified)
       ON CONFLICT (id) DO UPDATE SET summary = excluded.summary, details = excluded.details,
         severity = excluded.severity, cvss_score = excluded.cvss_score, cvss_vector = excluded.cvss_vector,
         aliases_json = excluded.aliases_json, references_json = excluded.references_json,
         cwes_json = excluded.cwes_json, published = excluded.published, modified = excluded.modified`,
    ),
    deleteAffected: db.prepare('DELETE FROM xray_affected WHERE advisory_id = ?'),
    deleteAdvisory: db.prepare('DELETE FROM xray_advisories WHERE id = ?'),
    insertAffected: db.prepare(
      `INSERT INTO xray_affected (advisory_id, position, ecosystem, package, ranges_json, versions_json)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    insertImport: db.prepare(
      `INSERT INTO xray_imports (source, started, finished, ok, files, advisories, report_json)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    imports: db.prepare('SELECT * FROM xray_imports ORDER BY id DESC LIMIT ?'),
    advisoryCount: db.prepare('SELECT COUNT(*) AS n FROM xray_advisories'),
    advisoryCountsBySeverity: db.prepare(
      'SELECT severity, COUNT(*) AS n FROM xray_advisories GROUP BY severity',
    ),
    affectedOf: db.prepare(
      `SELECT f.advisory_id, f.ranges_json, f.versions_json, a.severity, a.cvss_score
       FROM xray_affected f JOIN xray_advisories a ON a.id = f.advisory_id
       WHERE f.ecosystem = ? AND f.package = ?`,
    ),
    advisory: db.prepare('SELECT * FROM xray_advisories WHERE id = ?'),
    affectedRowsOf: db.prepare(
      'SELECT ecosystem, package, ranges_json, versions_json FROM xray_affected WHERE advisory_id = ? ORDER BY position',
    ),
    versionToScan: db.prepare(
      `SELECT v.id, v.package_id, v.name, v.repo, v.licenses_json FROM catalog_versions v WHERE v.id = ?`,
    ),
    indexedVersionIds: db.prepare(
      `SELECT v.id FROM catalog_versions v JOIN xray_indexed_repos r ON r.repo = v.repo
       WHERE v.repo_type = 'npm' AND v.id > ? ORDER BY v.id LIMIT ?`,
    ),
    isIndexed: db.prepare('SELECT 1 FROM xray_indexed_repos WHERE repo = ?'),
    dependenciesOf: db.prepare(
      `SELECT name, version FROM catalog_dependencies WHERE version_id = ? AND scope IN ('prod', 'optional', 'peer')
       ORDER BY position`,
    ),
    deleteFindings: db.prepare('DELETE FROM xray_findings WHERE version_id = ?'),
    insertFinding: db.prepare(
      `INSERT INTO xray_findings (version_id, advisory_id, component, component_version, direct, severity, cvss_score,
         vulnerable_range, fixed_json)
       VALUES (@versionId, @advisoryId, @component, @componentVersion, @direct, @severity, @cvssScore,
         @vulnerableRange, @fixed)
       ON CONFLICT (version_id, advisory_id, component) DO NOTHING`,
    ),
    upsertScan: db.prepare(
      `INSERT INTO xray_scans (version_id, status, scanned_at, error, critical, high, medium, low, unknown)
       VALUES (@versionId, @status, @at, @error, @critical, @high, @medium, @low, @unknown)
       ON CONFLICT (version_id) DO UPDATE SET status = excluded.status, scanned_at = excluded.scanned_at,
         error = excluded.error, critical = excluded.critical, high = excluded.high, medium = excluded.medium,
         low = excluded.low, unknown = excluded.unknown`,
    ),
    setVersionCounts: db.prepare(
      `UPDATE catalog_versions SET vuln_critical = @critical, vuln_high = @high, vuln_medium = @medium,
         vuln_low = @low, vuln_unknown = @unknown, vuln_info = 0 WHERE id = @versionId`,
    ),
    // A package's counts are its distinct advisories over its versions.
    setPackageCounts: db.prepare(
      `UPDATE catalog_packages SET
         vuln_critical = (SELECT COUNT(DISTINCT f.advisory_id) FROM xray_findings f JOIN catalog_versions v
           ON v.id = f.version_id WHERE v.package_id = @packageId AND f.severity = 'critical'),
         vuln_high = (SELECT COUNT(DISTINCT f.advisory_id) FROM xray_findings f JOIN catalog_versions v
           ON v.id = f.version_id WHERE v.package_id = @packageId AND f.severity = 'high'),
         vuln_medium = (SELECT COUNT(DISTINCT f.advisory_id) FROM xray_findings f JOIN catalog_versions v
           ON v.id = f.version_id WHERE v.package_id = @packageId AND f.severity = 'medium'),
         vuln_low = (SELECT COUNT(DISTINCT f.advisory_id) FROM xray_findings f JOIN catalog_versions v
           ON v.id = f.version_id WHERE v.package_id = @packageId AND f.severity = 'low'),
         vuln_unknown = (SELECT COUNT(DISTINCT f.advisory_id) FROM xray_findings f JOIN catalog_versions v
           ON v.id = f.version_id WHERE v.package_id = @packageId AND f.severity = 'unknown'),
         vuln_info = 0
       WHERE id = @packageId`,
    ),
    findingsOf: db.prepare(
      'SELECT * FROM xray_findings WHERE version_id = ? ORDER BY advisory_id, component',
    ),
    scanOf: db.prepare('SELECT * FROM xray_scans WHERE version_id = ?'),
    scanStatusCounts: db.prepare('SELECT status, COUNT(*) AS n FROM xray_scans GROUP BY status'),
    versionsOfPackage: db.prepare(
      'SELECT id, package_id, name FROM catalog_versions WHERE package_id = ? AND (? IS NULL OR name = ?)',
    ),
    repositoryKeys: db.prepare('SELECT key FROM repositories ORDER BY key'),
    policies: db.prepare('SELECT * FROM xray_policies ORDER BY name'),
    policy: db.prepare('SELECT * FROM xray_policies WHERE name = ?'),
    insertPolicy: db.prepare(
      `INSERT INTO xray_policies (name, description, type, rules_json, created, modified) VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    updatePolicy: db.prepare(
      'UPDATE xray_policies SET description = ?, type = ?, rules_json = ?, modified = ? WHERE name = ?',
    ),
    deletePolicy: db.prepare('DELETE FROM xray_policies WHERE name = ?'),
    watchesUsingPolicy: db.prepare('SELECT watch_name FROM xray_watch_policies WHERE policy_name = ?'),
    watches: db.prepare('SELECT * FROM xray_watches ORDER BY name'),
    watch: db.prepare('SELECT * FROM xray_watches WHERE name = ?'),
    watchPolicies: db.prepare(
      'SELECT policy_name FROM xray_watch_policies WHERE watch_name = ? ORDER BY policy_name',
    ),
    insertWatch: db.prepare(
      'INSERT INTO xray_watches (name, description, resources_json, created, modified) VALUES (?, ?, ?, ?, ?)',
    ),
    updateWatch: db.prepare(
      'UPDATE xray_watches SET description = ?, resources_json = ?, modified = ? WHERE name = ?',
    ),
    deleteWatch: db.prepare('DELETE FROM xray_watches WHERE name = ?'),
    clearWatchPolicies: db.prepare('DELETE FROM xray_watch_policies WHERE watch_name = ?'),
    addWatchPolicy: db.prepare('INSERT INTO xray_watch_policies (watch_name, policy_name) VALUES (?, ?)'),
    deleteViolationsOf: db.prepare('DELETE FROM xray_violations WHERE version_id = ?'),
    existingViolations: db.prepare(
      `SELECT watch_name, policy_name, rule_name, issue, component, created FROM xray_violations WHERE version_id = ?`,
    ),
    insertViolation: db.prepare(
      `INSERT INTO xray_violations (version_id, watch_name, policy_name, rule_name, type, issue, component, severity,
         block_download, fail_build, notify, created)
       VALUES (@versionId, @watch, @policy, @rule, @type, @issue, @component, @severity, @block, @fail, @notify,
         @created)
       ON CONFLICT (version_id, watch_name, policy_name, rule_name, issue, component) DO NOTHING`,
    ),
    violationsWithIds: db.prepare('SELECT DISTINCT version_id FROM xray_violations'),
    ignoreRules: db.prepare('SELECT * FROM xray_ignore_rules ORDER BY created DESC, id'),
    insertIgnore: db.prepare(
      `INSERT INTO xray_ignore_rules (id, issue, component, version, watch_name, policy_name, reason, expires,
         created_by, created)
       VALUES (@id, @issue, @component, @version, @watch, @policy, @reason, @expires, @createdBy, @created)`,
    ),
    deleteIgnore: db.prepare('DELETE FROM xray_ignore_rules WHERE id = ?'),
    indexedRepos: db.prepare('SELECT repo FROM xray_indexed_repos ORDER BY repo'),
    clearIndexed: db.prepare('DELETE FROM xray_indexed_repos'),
    addIndexed: db.prepare('INSERT INTO xray_indexed_repos (repo) VALUES (?)'),
    setting: db.prepare('SELECT value FROM xray_settings WHERE key = ?'),
    setSetting: db.prepare(
      'INSERT INTO xray_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    totals: db.prepare(
      `SELECT COALESCE(SUM(critical), 0) AS critical, COALESCE(SUM(high), 0) AS high,
         COALESCE(SUM(medium), 0) AS medium, COALESCE(SUM(low), 0) AS low, COALESCE(SUM(unknown), 0) AS unknown
       FROM xray_scans`,
    ),
    violationCount: db.prepare('SELECT COUNT(*) AS n FROM xray_violations'),
    insertHistory: db.prepare(
      `INSERT INTO xray_history (at, critical, high, medium, low, unknown, violations)
       VALUES (@at, @critical, @high, @medium, @low, @unknown, @violations)
       ON CONFLICT (at) DO UPDATE SET critical = excluded.critical, high = excluded.high, medium = excluded.medium,
         low = excluded.low, unknown = excluded.unknown, violations = excluded.violations`,
    ),
    history: db.prepare('SELECT * FROM xray_history WHERE at >= ? ORDER BY at'),
    versionIdOfPath: db.prepare('SELECT version_id FROM catalog_files WHERE repo = ? AND path = ?'),
  }

  type ViolationDbRow = {
    id: number
    version_id: string
    package_id: string
    version: string
    repo: string
    watch_name: string
    policy_name: string
    rule_name: string
    type: 'security' | 'license'
    issue: string
    component: string
    severity: XraySeverity
    block_download: number
    fail_build: number
    notify: number
    created: string
  }
  const toViolation = (r: ViolationDbRow): ViolationRow => ({
    id: r.id,
    versionId: r.version_id,
    packageName: nameOfPackage(r.package_id),
    version: r.version,
    repo: r.repo,
    watch: r.watch_name,
    policy: r.policy_name,
    rule: r.rule_name,
    type: r.type,
    issue: r.issue,
    component: r.component,
    severity: r.severity,
    blockDownload: r.block_download === 1,
    failBuild: r.fail_build === 1,
    notify: r.notify === 1,
    created: r.created,
  })

  /**
   * Violations not lifted by an ignore rule in force at `now`, filtered; an ignore rule matches
   * when each of its fields is unset or equal.
   */
  const ACTIVE = `NOT EXISTS (SELECT 1 FROM xray_ignore_rules i WHERE (i.expires IS NULL OR i.expires > @now)
      AND (i.issue IS NULL OR i.issue = x.issue) AND (i.component IS NULL OR i.component = x.component)
      AND (i.version IS NULL OR i.version = x.version_id) AND (i.watch_name IS NULL OR i.watch_name = x.watch_name)
      AND (i.policy_name IS NULL OR i.policy_name = x.policy_name))`
  const FILTER = `(@severity IS NULL OR x.severity = @severity) AND (@type IS NULL OR x.type = @type)
      AND (@watch IS NULL OR x.watch_name = @watch) AND (@policy IS NULL OR x.policy_name = @policy)
      AND (@versionId IS NULL OR x.version_id = @versionId)
      AND (@resource IS NULL OR v.package_id = 'npm://' || @resource OR x.version_id = @resource
        OR x.component = @resource)`
  const violationsPage = db.prepare(
    `SELECT x.*, v.package_id, v.name AS version, v.repo FROM xray_violations x JOIN catalog_versions v ON v.id = x.version_id
     WHERE ${ACTIVE} AND ${FILTER} ORDER BY x.created DESC, x.id DESC LIMIT @limit OFFSET @offset`,
  )
  const violationsTotal = db.prepare(
    `SELECT COUNT(*) AS n FROM xray_violations x JOIN catalog_versions v ON v.id = x.version_id
     WHERE ${ACTIVE} AND ${FILTER}`,
  )
  const violationById = db.prepare(
    `SELECT x.*, v.package_id, v.name AS version, v.repo FROM xray_violations x JOIN catalog_versions v ON v.id = x.version_id
     WHERE x.id = ?`,
  )
  const blocking = db.prepare(
    `SELECT x.*, v.package_id, v.name AS version, v.repo FROM xray_violations x JOIN catalog_versions v ON v.id = x.version_id
     WHERE x.version_id = @versionId AND x.block_download = 1 AND ${ACTIVE}
     ORDER BY CASE x.severity WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 WHEN 'low' THEN 3 ELSE 4 END,
       x.id LIMIT 1`,
  )
  const filterParams = (f: Partial<ViolationFilter>) => ({
    severity: f.severity ?? null,
    type: f.type ?? null,
    watch: f.watch ?? null,
    policy: f.policy ?? null,
    resource: f.resource ?? null,
    versionId: f.versionId ?? null,
  })

  type PolicyDbRow = { name: string; description: string; type: 'security' | 'license'; rules_json: string }
  const toPolicy = (r: PolicyDbRow): Policy => ({
    name: r.name,
    description: r.description,
    type: r.type,
    rules: json<PolicyRule[]>(r.rules_json),
  })
  type WatchDbRow = { name: string; description: string; resources_json: string }
  const toWatch = (r: WatchDbRow): Watch => ({
    name: r.name,
    description: r.description,
    resources: json<WatchResources>(r.resources_json),
    policies: (s.watchPolicies.all(r.name) as Array<{ policy_name: string }>).map((p) => p.policy_name),
  })
  type AdvisoryDbRow = {
    id: string
    summary: string
    details: string
    severity: XraySeverity
    cvss_score: number | null
    cvss_vector: string | null
    aliases_json: string
    references_json: string
    cwes_json: string
    published: string | null
    modified: string
  }
  const toAdvisory = (r: AdvisoryDbRow): StoredAdvisory => ({
    id: r.id,
    summary: r.summary,
    details: r.details,
    severity: r.severity,
    cvssScore: r.cvss_score,
    cvssVector: r.cvss_vector,
    aliases: json(r.aliases_json),
    references: json(r.references_json),
    cwes: json(r.cwes_json),
    published: r.published,
    modified: r.modified,
  })
  type FindingDbRow = {
    version_id: string
    advisory_id: string
    component: string
    component_version: string
    direct: number
    severity: XraySeverity
    cvss_score: number | null
    vulnerable_range: string
    fixed_json: string
  }
  const toFinding = (r: FindingDbRow): FindingRow => ({
    versionId: r.version_id,
    advisoryId: r.advisory_id,
    component: r.component,
    componentVersion: r.component_version,
    direct: r.direct === 1,
    severity: r.severity,
    cvssScore: r.cvss_score,
    vulnerableRange: r.vulnerable_range,
    fixed: json(r.fixed_json),
  })

  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn).immediate(),

    /**
     * Every repository's kind and members, read here rather than through the repositories'
     * async store: a version is scanned inside the synchronous transaction that stores it.
     */
    repositories(): Resolvable[] {
      const members = new Map<string, string[]>()
      for (const m of s.repositoryMembers.all() as Array<{ virtual_key: string; member_key: string }>)
        members.set(m.virtual_key, [...(members.get(m.virtual_key) ?? []), m.member_key])
      return (s.repositoryKinds.all() as Array<{ key: string; kind: RepositoryKind }>).map((r) => ({
        key: r.key,
        kind: r.kind,
        members: members.get(r.key) ?? [],
      }))
    },

    /** Replaces the advisories with these ids (others stay); the caller holds the transaction. */
    putAdvisory(a: Advisory): void {
      s.deleteAffected.run(a.id)
      s.insertAdvisory.run({
        id: a.id,
        summary: a.summary,
        details: a.details,
        severity: a.severity,
        cvssScore: a.cvssScore ?? null,
        cvssVector: a.cvssVector ?? null,
        aliases: JSON.stringify(a.aliases),
        references: JSON.stringify(a.references),
        cwes: JSON.stringify(a.cwes),
        published: a.published ?? null,
        modified: a.modified,
      })
      a.affected.forEach((p, i) =>
        s.insertAffected.run(
          a.id,
          i,
          p.ecosystem,
          p.name,
          JSON.stringify(p.ranges),
          JSON.stringify(p.versions),
        ),
      )
    },
    /** A withdrawn advisory leaves the database. */
    removeAdvisory: (id: string) => s.deleteAdvisory.run(id).changes > 0,
    recordImport(r: Omit<ImportRecord, 'id'>): number {
      return Number(
        s.insertImport.run(
          r.source,
          r.started,
          r.finished,
          r.ok ? 1 : 0,
          r.files,
          r.advisories,
          JSON.stringify(r.report),
        ).lastInsertRowid,
      )
    },
    imports(limit: number): ImportRecord[] {
      return (
        s.imports.all(limit) as Array<{
          id: number
          source: string
          started: string
          finished: string
          ok: number
          files: number
          advisories: number
          report_json: string
        }>
      ).map((r) => ({
        id: r.id,
        source: r.source,
        started: r.started,
        finished: r.finished,
        ok: r.ok === 1,
        files: r.files,
        advisories: r.advisories,
        report: json(r.report_json),
      }))
    },
    advisoryCount: () => (s.advisoryCount.get() as { n: number }).n,
    advisoryCountsBySeverity: () =>
      Object.fromEntries(
        (s.advisoryCountsBySeverity.all() as Array<{ severity: string; n: number }>).map((r) => [
          r.severity,
          r.n,
        ]),
      ) as Partial<Record<XraySeverity, number>>,
    advisory(
      id: string,
    ):
      | (StoredAdvisory & { affected: Array<{ ecosystem: string; package: string } & AffectedVersions> })
      | undefined {
      const row = s.advisory.get(id) as AdvisoryDbRow | undefined
      if (!row) return undefined
      const affected = (
        s.affectedRowsOf.all(id) as Array<{
          ecosystem: string
          package: string
          ranges_json: string
          versions_json: string
        }>
      ).map((a) => ({
        ecosystem: a.ecosystem,
        package: a.package,
        ranges: json(a.ranges_json),
        versions: json(a.versions_json),
      }))
      return { ...toAdvisory(row), affected } as StoredAdvisory & {
        affected: Array<{ ecosystem: string; package: string } & AffectedVersions>
      }
    },
    affectedOf(ecosystem: string, name: string): AffectedRow[] {
      return (
        s.affectedOf.all(ecosystem, name) as Array<{
          advisory_id: string
          ranges_json: string
          versions_json: string
          severity: XraySeverity
          cvss_score: number | null
        }>
      ).map((r) => ({
        advisoryId: r.advisory_id,
        ranges: json(r.ranges_json),
        versions: json(r.versions_json),
        severity: r.severity,
        cvssScore: r.cvss_score,
      }))
    },
    versionToScan(id: string): VersionToScan | undefined {
      const r = s.versionToScan.get(id) as
        { id: string; package_id: string; name: string; repo: string; licenses_json: string } | undefined
      if (!r) return undefined
      return {
        id: r.id,
        packageId: r.package_id,
        name: nameOfPackage(r.package_id),
        version: r.name,
        repo: r.repo,
        licences: json<Array<{ name: string }>>(r.licenses_json).map((l) => l.name),
      }
    },
    /** Ids of npm versions in indexed repositories after `after`, in id order. */
    indexedVersionIds: (after: string, limit: number) =>
      (s.indexedVersionIds.all(after, limit) as Array<{ id: string }>).map((r) => r.id),
    isIndexed: (repo: string) => s.isIndexed.get(repo) !== undefined,
    dependenciesOf: (versionId: string) =>
      s.dependenciesOf.all(versionId) as Array<{ name: string; version: string }>,
    /** Replaces a version's findings and scan and the counts the catalogue shows; the caller holds the transaction. */
    putScan(v: VersionToScan, findings: readonly Omit<FindingRow, 'versionId'>[], at: string): void {
      s.deleteFindings.run(v.id)
      for (const f of findings)
        s.insertFinding.run({
          versionId: v.id,
          advisoryId: f.advisoryId,
          component: f.component,
          componentVersion: f.componentVersion,
          direct: f.direct ? 1 : 0,
          severity: f.severity,
          cvssScore: f.cvssScore,
          vulnerableRange: f.vulnerableRange,
          fixed: JSON.stringify(f.fixed),
        })
      const counts = { critical: 0, high: 0, medium: 0, low: 0, unknown: 0 }
      for (const id of new Set(findings.map((f) => f.advisoryId)))
        counts[findings.find((f) => f.advisoryId === id)!.severity]++
      s.upsertScan.run({ versionId: v.id, status: 'scanned', at, error: null, ...counts })
      s.setVersionCounts.run({ versionId: v.id, ...counts })
      s.setPackageCounts.run({ packageId: v.packageId })
    },
    markScan(
      versionId: string,
      status: 'not_scanned' | 'scanning' | 'failed',
      at: string | null,
      error: string | null,
    ) {
      s.upsertScan.run({ versionId, status, at, error, critical: 0, high: 0, medium: 0, low: 0, unknown: 0 })
    },
    findingsOf: (versionId: string) => (s.findingsOf.all(versionId) as FindingDbRow[]).map(toFinding),
    scanOf: (versionId: string) => s.scanOf.get(versionId) as ScanRow | undefined,
    scanStatusCounts: () =>
      Object.fromEntries(
        (s.scanStatusCounts.all() as Array<{ status: string; n: number }>).map((r) => [r.status, r.n]),
      ),
    scansPage(filter: {
      status?: string
      q?: string
      issuesOnly: boolean
      order: 'last_updated' | 'name'
      direction: 'asc' | 'desc'
      limit: number
      offset: number
    }) {
      const params = {
        status: filter.status ?? null,
        q: filter.q ? `npm://%${filter.q.toLowerCase()}%` : null,
      }
      // The order is one of four fixed texts, never the caller's.
      const dir = filter.direction === 'asc' ? 'ASC' : 'DESC'
      const order =
        filter.order === 'name' ? `v.package_id ${dir}, v.name ${dir}` : `s.scanned_at ${dir}, s.version_id`
      const where = `WHERE (@status IS NULL OR s.status = @status) AND (@q IS NULL OR LOWER(v.package_id) LIKE @q)
        ${filter.issuesOnly ? 'AND (s.critical + s.high + s.medium + s.low + s.unknown) > 0' : ''}`
      return {
        total: (
          db
            .prepare(
              `SELECT COUNT(*) AS n FROM xray_scans s JOIN catalog_versions v ON v.id = s.version_id ${where}`,
            )
            .get(params) as { n: number }
        ).n,
        rows: db
          .prepare(
            `SELECT s.*, v.package_id, v.name AS version, v.repo FROM xray_scans s
             JOIN catalog_versions v ON v.id = s.version_id ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
          )
          .all({ ...params, limit: filter.limit, offset: filter.offset }) as Array<
          ScanRow & { version_id: string; package_id: string; version: string; repo: string }
        >,
      }
    },
    versionsOfPackage: (packageId: string, version: string | undefined) =>
      s.versionsOfPackage.all(packageId, version ?? null, version ?? null) as Array<{
        id: string
        package_id: string
        name: string
      }>,
    repositoryKeys: () => (s.repositoryKeys.all() as Array<{ key: string }>).map((r) => r.key),

    policies: () => (s.policies.all() as PolicyDbRow[]).map(toPolicy),
    policy: (name: string) => {
      const r = s.policy.get(name) as PolicyDbRow | undefined
      return r && toPolicy(r)
    },
    createPolicy: (p: Policy, at: string) =>
      s.insertPolicy.run(p.name, p.description, p.type, JSON.stringify(p.rules), at, at),
    updatePolicy: (p: Policy, at: string) =>
      s.updatePolicy.run(p.description, p.type, JSON.stringify(p.rules), at, p.name).changes > 0,
    deletePolicy: (name: string) => s.deletePolicy.run(name).changes > 0,
    watchesUsingPolicy: (name: string) =>
      (s.watchesUsingPolicy.all(name) as Array<{ watch_name: string }>).map((r) => r.watch_name),
    watches: () => (s.watches.all() as WatchDbRow[]).map(toWatch),
    watch: (name: string) => {
      const r = s.watch.get(name) as WatchDbRow | undefined
      return r && toWatch(r)
    },
    createWatch(w: Watch, at: string) {
      s.insertWatch.run(w.name, w.description, JSON.stringify(w.resources), at, at)
      for (const p of new Set(w.policies)) s.addWatchPolicy.run(w.name, p)
    },
    updateWatch(w: Watch, at: string): boolean {
      if (s.updateWatch.run(w.description, JSON.stringify(w.resources), at, w.name).changes === 0)
        return false
      s.clearWatchPolicies.run(w.name)
      for (const p of new Set(w.policies)) s.addWatchPolicy.run(w.name, p)
      return true
    },
    deleteWatch: (name: string) => s.deleteWatch.run(name).changes > 0,

    /** Replaces a version's violations; one that stays keeps the date it was first seen. */
    putViolations(versionId: string, drafts: readonly ViolationDraft[], at: string): void {
      const before = new Map(
        (
          s.existingViolations.all(versionId) as Array<{
            watch_name: string
            policy_name: string
            rule_name: string
            issue: string
            component: string
            created: string
          }>
        ).map((r) => [
          `${r.watch_name}\n${r.policy_name}\n${r.rule_name}\n${r.issue}\n${r.component}`,
          r.created,
        ]),
      )
      s.deleteViolationsOf.run(versionId)
      for (const d of drafts)
        s.insertViolation.run({
          versionId,
          watch: d.watch,
          policy: d.policy,
          rule: d.rule,
          type: d.type,
          issue: d.issue,
          component: d.component,
          severity: d.severity,
          block: d.actions.blockDownload ? 1 : 0,
          fail: d.actions.failBuild ? 1 : 0,
          notify: d.actions.notify ? 1 : 0,
          created: before.get(`${d.watch}\n${d.policy}\n${d.rule}\n${d.issue}\n${d.component}`) ?? at,
        })
    },
    versionsWithViolations: () =>
      (s.violationsWithIds.all() as Array<{ version_id: string }>).map((r) => r.version_id),
    violations(filter: ViolationFilter, now: string) {
      const params = { ...filterParams(filter), now }
      return {
        total: (violationsTotal.get(params) as { n: number }).n,
        rows: (
          violationsPage.all({ ...params, limit: filter.limit, offset: filter.offset }) as ViolationDbRow[]
        ).map(toViolation),
      }
    },
    violation: (id: number) => {
      const r = violationById.get(id) as ViolationDbRow | undefined
      return r && toViolation(r)
    },
    /** The worst violation in force that blocks downloading this version, if any. */
    blockingViolation: (versionId: string, now: string) => {
      const r = blocking.get({ versionId, now }) as ViolationDbRow | undefined
      return r && toViolation(r)
    },

    ignoreRules: (): Array<IgnoreRule & { createdBy: string; created: string }> =>
      (
        s.ignoreRules.all() as Array<{
          id: string
          issue: string | null
          component: string | null
          version: string | null
          watch_name: string | null
          policy_name: string | null
          reason: string
          expires: string | null
          created_by: string
          created: string
        }>
      ).map((r) => ({
        id: r.id,
        ...(r.issue !== null ? { issue: r.issue } : {}),
        ...(r.component !== null ? { component: r.component } : {}),
        ...(r.version !== null ? { version: r.version } : {}),
        ...(r.watch_name !== null ? { watch: r.watch_name } : {}),
        ...(r.policy_name !== null ? { policy: r.policy_name } : {}),
        reason: r.reason,
        ...(r.expires !== null ? { expires: r.expires } : {}),
        createdBy: r.created_by,
        created: r.created,
      })),
    addIgnoreRule: (r: IgnoreRule, createdBy: string, created: string) =>
      s.insertIgnore.run({
        id: r.id,
        issue: r.issue ?? null,
        component: r.component ?? null,
        version: r.version ?? null,
        watch: r.watch ?? null,
        policy: r.policy ?? null,
        reason: r.reason,
        expires: r.expires ?? null,
        createdBy,
        created,
      }),
    deleteIgnoreRule: (id: string) => s.deleteIgnore.run(id).changes > 0,

    indexedRepos: () => (s.indexedRepos.all() as Array<{ repo: string }>).map((r) => r.repo),
    setIndexedRepos(repos: readonly string[]) {
      s.clearIndexed.run()
      for (const r of new Set(repos)) s.addIndexed.run(r)
    },
    setting: <T>(key: string): T | undefined => {
      const r = s.setting.get(key) as { value: string } | undefined
      return r ? json<T>(r.value) : undefined
    },
    setSetting: (key: string, value: unknown) => s.setSetting.run(key, JSON.stringify(value)),
    recordHistory(at: string) {
      const totals = s.totals.get() as Record<'critical' | 'high' | 'medium' | 'low' | 'unknown', number>
      s.insertHistory.run({ at, ...totals, violations: (s.violationCount.get() as { n: number }).n })
    },
    history: (since: string) =>
      s.history.all(since) as Array<{
        at: string
        critical: number
        high: number
        medium: number
        low: number
        unknown: number
        violations: number
      }>,
    versionIdOfPath: (repo: string, path: string) =>
      (s.versionIdOfPath.get(repo, path) as { version_id: string } | undefined)?.version_id,
  }
}

export type XrayStore = ReturnType<typeof xrayStore>
