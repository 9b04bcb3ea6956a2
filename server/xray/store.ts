/**
 * Every SQL statement of security scanning: the advisory database, imports, scans and
 * findings, watches, policies, violations, ignore rules, indexed repositories and history.
 */
import { placeholders, type Sql, type SqlValue } from '../db/sql'
import type { RepositoryKind } from '../../domain/repositories/rules'
import type { Resolvable } from '../repositories/store'
import { imageStatements } from './imageStore'
import type {
  Advisory,
  AffectedVersions,
  IgnoreRule,
  Policy,
  PolicyRule,
  ScanSettings,
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
  /** The rescan the import asked for, as it goes; null where none was asked. */
  readonly rescan: ImportRescan | null
}

/**
 * An import's rescan: waiting behind a run already going, running (versions scanned so far of
 * those indexed when it began), done, or failed with why.
 */
/**
 * How long a waiting or running rescan stands without its node's heartbeat (renewed after every
 * batch of versions) before it reads as interrupted: its node died mid-run.
 */
export const RESCAN_LEASE_MS = 10 * 60_000
export const RESCAN_INTERRUPTED = 'interrupted: the node running the rescan stopped answering'

export interface ImportRescan {
  readonly status: 'waiting' | 'running' | 'done' | 'failed'
  readonly scanned: number
  readonly total: number | null
  readonly finished: string | null
  readonly error: string | null
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
  /** The repository's package type: `npm`, or `docker` for a container image's tag. */
  readonly type: string
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
  /** A build's violation: the version of the build it was found in, and that version's repository. */
  readonly foundIn?: { readonly versionId: string; readonly repo: string }
}

/** What a violation was found in: a version, a git repository, or a build a watch names. */
export type ViolationResourceType = 'version' | 'git' | 'build'

export interface ViolationFilter {
  readonly severity?: string
  readonly type?: string
  readonly watch?: string
  readonly policy?: string
  /** A package name or a version id. */
  readonly resource?: string
  /** Only violations of versions, of git repositories or of builds. */
  readonly resourceType?: ViolationResourceType
  readonly versionId?: string
  readonly limit: number
  readonly offset: number
}

const json = <T>(text: string): T => JSON.parse(text) as T
const nameOfPackage = (packageId: string) => packageId.replace(/^[a-z]+:\/\//, '')
const SEVERITY_COUNTS = ['critical', 'high', 'medium', 'low', 'unknown'] as const
type SeverityCounts = Record<(typeof SEVERITY_COUNTS)[number], number>
const noCounts = (): SeverityCounts => ({ critical: 0, high: 0, medium: 0, low: 0, unknown: 0 })

/** The notifications of one status due at a time, the first due first (the due index's order). */
const DUE_OF = (status: 'pending' | 'sending') =>
  `SELECT id, next_attempt FROM (SELECT id, next_attempt FROM xray_notifications
     WHERE status = '${status}' AND next_attempt <= ? ORDER BY next_attempt, id LIMIT ?) AS ${status}`

const Q = {
  /** The notifications due at a time, at most a number, the first due first. */
  dueNotifications: `SELECT id FROM (${DUE_OF('pending')} UNION ALL ${DUE_OF('sending')}) AS due
     ORDER BY next_attempt, id LIMIT ?`,
  repositoryKinds: 'SELECT key, kind FROM repositories',
  repositoryMembers: 'SELECT virtual_key, member_key FROM repository_members ORDER BY virtual_key, position',
  insertAdvisory: `INSERT INTO xray_advisories (id, summary, details, severity, cvss_score, cvss_vector, aliases_json,
       references_json, cwes_json, published, modified)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET summary = excluded.summary, details = excluded.details,
       severity = excluded.severity, cvss_score = excluded.cvss_score, cvss_vector = excluded.cvss_vector,
       aliases_json = excluded.aliases_json, references_json = excluded.references_json,
       cwes_json = excluded.cwes_json, published = excluded.published, modified = excluded.modified`,
  deleteAffected: 'DELETE FROM xray_affected WHERE advisory_id = ?',
  deleteAdvisory: 'DELETE FROM xray_advisories WHERE id = ?',
  insertAffected: `INSERT INTO xray_affected (advisory_id, position, ecosystem, package, ranges_json, versions_json)
     VALUES (?, ?, ?, ?, ?, ?)`,
  insertImport: `INSERT INTO xray_imports (source, started, finished, ok, files, advisories, report_json, rescan_status,
       rescan_scanned, rescan_heartbeat) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  imports: 'SELECT * FROM xray_imports ORDER BY id DESC LIMIT ?',
  importById: 'SELECT * FROM xray_imports WHERE id = ?',
  setImportRescan: `UPDATE xray_imports SET rescan_status = ?, rescan_scanned = ?, rescan_total = ?, rescan_finished = ?,
       rescan_error = ?, rescan_heartbeat = ? WHERE id = ?`,
  renewWaitingRescan: `UPDATE xray_imports SET rescan_heartbeat = ? WHERE id = ? AND rescan_status = 'waiting'`,
  indexedVersionCount: `SELECT COUNT(*) AS n FROM catalog_versions v JOIN xray_indexed_repos r ON r.repo = v.repo
     WHERE v.repo_type IN ('npm', 'docker')`,
  advisoryCount: 'SELECT COUNT(*) AS n FROM xray_advisories',
  advisoryCountsBySeverity: 'SELECT severity, COUNT(*) AS n FROM xray_advisories GROUP BY severity',
  affectedOf: `SELECT f.advisory_id, f.ranges_json, f.versions_json, a.severity, a.cvss_score
     FROM xray_affected f JOIN xray_advisories a ON a.id = f.advisory_id
     WHERE f.ecosystem = ? AND f.package = ? ORDER BY f.advisory_id, f.position`,
  advisory: 'SELECT * FROM xray_advisories WHERE id = ?',
  advisories: (n: number) => `SELECT * FROM xray_advisories WHERE id IN (${placeholders(n)})`,
  affectedRowsOf:
    'SELECT ecosystem, package, ranges_json, versions_json FROM xray_affected WHERE advisory_id = ? ORDER BY position',
  versionToScan:
    'SELECT v.id, v.package_id, v.name, v.repo, v.repo_type, v.licenses_json FROM catalog_versions v WHERE v.id = ?',
  versionsToScan: (n: number) =>
    `SELECT v.id, v.package_id, v.name, v.repo, v.repo_type, v.licenses_json FROM catalog_versions v
     WHERE v.id IN (${placeholders(n)})`,
  indexedVersionIds: `SELECT v.id FROM catalog_versions v JOIN xray_indexed_repos r ON r.repo = v.repo
     WHERE v.repo_type IN ('npm', 'docker') AND v.id > ? ORDER BY v.id LIMIT ?`,
  isIndexed: 'SELECT 1 AS found FROM xray_indexed_repos WHERE repo = ?',
  dependenciesOf: `SELECT name, version FROM catalog_dependencies WHERE version_id = ? AND scope IN ('prod', 'optional', 'peer')
     ORDER BY position`,
  dependenciesOfVersions: (n: number) => `SELECT version_id, name, version FROM catalog_dependencies
     WHERE version_id IN (${placeholders(n)}) AND scope IN ('prod', 'optional', 'peer') ORDER BY version_id, position`,
  affectedOfPackages: (
    n: number,
  ) => `SELECT f.package, f.advisory_id, f.ranges_json, f.versions_json, a.severity,
       a.cvss_score
     FROM xray_affected f JOIN xray_advisories a ON a.id = f.advisory_id
     WHERE f.ecosystem = ? AND f.package IN (${placeholders(n)}) ORDER BY f.package, f.advisory_id, f.position`,
  upsertScan: `INSERT INTO xray_scans (version_id, status, scanned_at, error, critical, high, medium, low, unknown)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (version_id) DO UPDATE SET status = excluded.status, scanned_at = excluded.scanned_at,
       error = excluded.error, critical = excluded.critical, high = excluded.high, medium = excluded.medium,
       low = excluded.low, unknown = excluded.unknown`,
  findingsOf: 'SELECT * FROM xray_findings WHERE version_id = ? ORDER BY advisory_id, component',
  findingsOfVersions: (n: number) =>
    `SELECT * FROM xray_findings WHERE version_id IN (${placeholders(n)}) ORDER BY version_id, advisory_id, component`,
  scanOf: 'SELECT * FROM xray_scans WHERE version_id = ?',
  scanStatusesOf: (n: number) =>
    `SELECT version_id, status FROM xray_scans WHERE version_id IN (${placeholders(n)})`,
  scanStatusCounts: 'SELECT status, COUNT(*) AS n FROM xray_scans GROUP BY status',
  versionsOfPackage: 'SELECT id, package_id, name FROM catalog_versions WHERE package_id = ? ORDER BY id',
  versionOfPackage: 'SELECT id, package_id, name FROM catalog_versions WHERE package_id = ? AND name = ?',
  repositoryKeys: 'SELECT key FROM repositories ORDER BY key',
  policies: 'SELECT * FROM xray_policies ORDER BY name',
  policy: 'SELECT * FROM xray_policies WHERE name = ?',
  insertPolicy:
    'INSERT INTO xray_policies (name, description, type, rules_json, created, modified) VALUES (?, ?, ?, ?, ?, ?)',
  updatePolicy:
    'UPDATE xray_policies SET description = ?, type = ?, rules_json = ?, modified = ? WHERE name = ?',
  deletePolicy: 'DELETE FROM xray_policies WHERE name = ?',
  watchesUsingPolicy: 'SELECT watch_name FROM xray_watch_policies WHERE policy_name = ? ORDER BY watch_name',
  watches: 'SELECT * FROM xray_watches ORDER BY name',
  watch: 'SELECT * FROM xray_watches WHERE name = ?',
  watchPolicies: 'SELECT policy_name FROM xray_watch_policies WHERE watch_name = ? ORDER BY policy_name',
  allWatchPolicies:
    'SELECT watch_name, policy_name FROM xray_watch_policies ORDER BY watch_name, policy_name',
  insertWatch:
    'INSERT INTO xray_watches (name, description, resources_json, created, modified) VALUES (?, ?, ?, ?, ?)',
  updateWatch: 'UPDATE xray_watches SET description = ?, resources_json = ?, modified = ? WHERE name = ?',
  deleteWatch: 'DELETE FROM xray_watches WHERE name = ?',
  clearWatchPolicies: 'DELETE FROM xray_watch_policies WHERE watch_name = ?',
  addWatchPolicy: 'INSERT INTO xray_watch_policies (watch_name, policy_name) VALUES (?, ?)',
  storedViolations: (
    n: number,
  ) => `SELECT version_id, id, watch_name, policy_name, rule_name, type, issue, component,
       severity, block_download, fail_build, notify, created FROM xray_violations WHERE version_id IN (${placeholders(n)})
     ORDER BY version_id, id`,
  ignoreRules: 'SELECT * FROM xray_ignore_rules ORDER BY created DESC, id',
  insertIgnore: `INSERT INTO xray_ignore_rules (id, issue, component, version, watch_name, policy_name, reason, expires,
       created_by, created)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  deleteIgnore: 'DELETE FROM xray_ignore_rules WHERE id = ?',
  indexedRepos: 'SELECT repo FROM xray_indexed_repos ORDER BY repo',
  clearIndexed: 'DELETE FROM xray_indexed_repos',
  addIndexed: 'INSERT INTO xray_indexed_repos (repo) VALUES (?)',
  setting: 'SELECT value FROM xray_settings WHERE key = ?',
  setSetting:
    'INSERT INTO xray_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  totals: `SELECT COALESCE(SUM(critical), 0) AS critical, COALESCE(SUM(high), 0) AS high,
       COALESCE(SUM(medium), 0) AS medium, COALESCE(SUM(low), 0) AS low, COALESCE(SUM(unknown), 0) AS unknown
     FROM xray_scans`,
  violationCount: 'SELECT COALESCE(SUM(n), 0) AS n FROM xray_violation_counts',
  countsByWatch: 'SELECT watch_name, SUM(n) AS n FROM xray_violation_counts GROUP BY watch_name',
  insertHistory: `INSERT INTO xray_history (at, critical, high, medium, low, unknown, violations)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (at) DO UPDATE SET critical = excluded.critical, high = excluded.high, medium = excluded.medium,
       low = excluded.low, unknown = excluded.unknown, violations = excluded.violations`,
  history: 'SELECT * FROM xray_history WHERE at >= ? ORDER BY at',
  forgetHistory: 'DELETE FROM xray_history WHERE at < ?',
}

/**
 * The scans settings as the platform keeps them, the webhook's whole address with them: a secret
 * (its path or query may be the token that lets anyone post), answered only as its target.
 */
export type StoredScanSettings = Omit<ScanSettings, 'notifyTarget'> & { readonly notifyUrl: string | null }

/** The scans settings until an admin changes them. */
export const SCAN_SETTINGS_DEFAULT: StoredScanSettings = {
  scanDependencies: true,
  rescanAfterImport: true,
  retentionDays: 90,
  notifyUrl: null,
}

/**
 * Violations (`x`) not lifted by an ignore rule in force at the time bound to its one parameter;
 * an ignore rule matches when each of its fields is unset or equal, its version to `resource`
 * (a version's id, or a git repository's `git://` name).
 */
export const notIgnored = (resource = 'x.version_id') =>
  `NOT EXISTS (SELECT 1 FROM xray_ignore_rules i WHERE (i.expires IS NULL OR i.expires > ?)
    AND (i.issue IS NULL OR i.issue = x.issue) AND (i.component IS NULL OR i.component = x.component)
    AND (i.version IS NULL OR i.version = ${resource}) AND (i.watch_name IS NULL OR i.watch_name = x.watch_name)
    AND (i.policy_name IS NULL OR i.policy_name = x.policy_name))`
const ACTIVE = notIgnored()
/** A git repository's violations stand for it under this name, where a version's id would be. */
const GIT_RESOURCE = `'git://' || g.integration_name || '/' || x.repository`
/** A git repository's violation (`x`, its integration `g`) not lifted by an ignore rule in force. */
export const GIT_ACTIVE = notIgnored(GIT_RESOURCE)
const RULE_COLUMNS = `x.watch_name, x.policy_name, x.rule_name, x.type, x.issue, x.component, x.severity,
   x.block_download, x.fail_build, x.notify, x.created`
/** Where a build's violation was found, which the other kinds have none of (their resource is it). */
const NOT_FOUND_IN = 'CAST(NULL AS TEXT) AS found_in, CAST(NULL AS TEXT) AS found_in_repo'
const VIOLATIONS = `SELECT x.id, x.version_id, v.package_id, v.name AS version, v.repo, ${RULE_COLUMNS}, ${NOT_FOUND_IN}
   FROM xray_violations x JOIN catalog_versions v ON v.id = x.version_id`
/**
 * A git repository's violations in a version's shape: numbered below zero (their own sequence),
 * the repository as the package, its integration as the repository, no version.
 */
/** A git repository's violations (`x`) with their integrations (`g`). */
const GIT_FROM = 'xray_git_violations x JOIN git_integrations g ON g.integration_key = x.integration_key'
const GIT_VIOLATIONS = `SELECT -x.id AS id, ${GIT_RESOURCE} AS version_id, x.repository AS package_id, '' AS version,
     g.integration_name AS repo, ${RULE_COLUMNS}, ${NOT_FOUND_IN}
   FROM xray_git_violations x JOIN git_integrations g ON g.integration_key = x.integration_key`
/** A build's violations stand for it under this name (`build://name/number`), where a version's id would be. */
export const BUILD_RESOURCE = `'build://' || b.name || '/' || b.number`
/** A build's violation (`x`, its run `b`) not lifted by an ignore rule in force. */
const BUILD_ACTIVE = notIgnored(BUILD_RESOURCE)
/** A build's violations (`x`) with their runs (`b`). */
const BUILD_FROM = 'xray_build_violations x JOIN catalog_builds b ON b.id = x.build_id'
/**
 * Build violations' ids in the console are their own negated past this, below every git
 * violation's (their own negated): one number names a violation of any of the three tables.
 */
export const BUILD_ID_OFFSET = 2 ** 40
/**
 * A build's violations in a version's shape: the build as the package, its number as the version,
 * with the version of the build each was found in and that version's repository (if still there).
 */
const BUILD_VIOLATIONS = `SELECT -(x.id + ${BUILD_ID_OFFSET}) AS id, ${BUILD_RESOURCE} AS version_id, b.name AS package_id,
     b.number AS version, '' AS repo, ${RULE_COLUMNS}, x.found_in, f.repo AS found_in_repo
   FROM ${BUILD_FROM} LEFT JOIN catalog_versions f ON f.id = x.found_in`
/** Each kind's violations in a version's shape, the condition keeping those in force, and the order of their ids. */
const KIND_SELECT: Record<ViolationResourceType, readonly [string, string, 'ASC' | 'DESC']> = {
  version: [VIOLATIONS, ACTIVE, 'DESC'],
  git: [GIT_VIOLATIONS, GIT_ACTIVE, 'ASC'],
  build: [BUILD_VIOLATIONS, BUILD_ACTIVE, 'ASC'],
}
const RESOURCE_KINDS: readonly ViolationResourceType[] = ['version', 'git', 'build']
/** Each kind's violations (`x`) with what names their resource. */
const KIND_FROM: Record<ViolationResourceType, string> = {
  version: 'xray_violations x',
  git: GIT_FROM,
  build: BUILD_FROM,
}
/** The name an ignore rule's version is compared with, for each kind. */
const KIND_RESOURCE: Record<ViolationResourceType, string> = {
  version: 'x.version_id',
  git: GIT_RESOURCE,
  build: BUILD_RESOURCE,
}
const BLOCKING = `${VIOLATIONS} WHERE x.version_id = ? AND x.block_download = 1 AND ${ACTIVE}
   ORDER BY CASE x.severity WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 WHEN 'low' THEN 3 ELSE 4 END,
     x.id LIMIT 1`

/**
 * Whether an ignore rule of these (those in force) lifts a violation `x`, as one condition;
 * undefined when there are none. A rule matches where each field it sets is equal, its version
 * to `resource` (a version's id, or a git repository's name with its integration `g`).
 */
function liftedBy(
  rules: readonly IgnoreDbRow[],
  resource = 'x.version_id',
): { where: string; params: SqlValue[] } | undefined {
  if (rules.length === 0) return undefined
  const params: SqlValue[] = []
  const ors = rules.map((r) => {
    const parts: string[] = []
    for (const [column, value] of [
      ['x.issue', r.issue],
      ['x.component', r.component],
      [resource, r.version],
      ['x.watch_name', r.watch_name],
      ['x.policy_name', r.policy_name],
    ] as const)
      if (value !== null) {
        parts.push(`${column} = ?`)
        params.push(value)
      }
    return parts.length === 0 ? '1 = 1' : `(${parts.join(' AND ')})`
  })
  return { where: ors.join(' OR '), params }
}

/**
 * A filter's conditions, only those it sets: each a fixed text with its parameters, so that
 * neither engine has to type a parameter compared only with NULL. `git` gives them for the git
 * repositories' violations, where the resource is the repository.
 */
function violationConditions(
  f: Partial<ViolationFilter>,
  kind: ViolationResourceType = 'version',
): { where: string; params: SqlValue[] } | undefined {
  if (f.resourceType !== undefined && f.resourceType !== kind) return undefined
  const git = kind === 'git'
  const parts: Array<[string, SqlValue[]]> = []
  if (f.severity !== undefined) parts.push(['x.severity = ?', [f.severity]])
  if (f.type !== undefined) parts.push(['x.type = ?', [f.type]])
  if (f.watch !== undefined) parts.push(['x.watch_name = ?', [f.watch]])
  if (f.policy !== undefined) parts.push(['x.policy_name = ?', [f.policy]])
  if (f.versionId !== undefined) parts.push([`${KIND_RESOURCE[kind]} = ?`, [f.versionId]])
  if (f.resource !== undefined)
    parts.push(
      kind === 'build'
        ? [`(b.name = ? OR ${BUILD_RESOURCE} = ? OR x.component = ?)`, [f.resource, f.resource, f.resource]]
        : git
          ? [
              `(x.repository = ? OR ${GIT_RESOURCE} = ? OR x.component = ?)`,
              [f.resource, f.resource, f.resource],
            ]
          : [
              `(x.version_id IN (SELECT id FROM catalog_versions WHERE package_id = ?) OR x.version_id = ?
              OR x.component = ?)`,
              [`npm://${f.resource}`, f.resource, f.resource],
            ],
    )
  return { where: parts.map(([text]) => ` AND ${text}`).join(''), params: parts.flatMap(([, p]) => p) }
}

/** A resource's violation as stored: its rule and issue, what it says, when it was first seen. */
export type StoredViolationRow = {
  id: number
  watch_name: string
  policy_name: string
  rule_name: string
  type: string
  issue: string
  component: string
  severity: string
  block_download: number
  fail_build: number
  notify: number
  created: string
}
const violationKey = (r: { watch: string; policy: string; rule: string; issue: string; component: string }) =>
  `${r.watch}\n${r.policy}\n${r.rule}\n${r.issue}\n${r.component}`
const storedKey = (r: StoredViolationRow) =>
  violationKey({
    watch: r.watch_name,
    policy: r.policy_name,
    rule: r.rule_name,
    issue: r.issue,
    component: r.component,
  })
/** The key of a row violationWrites adds (watch_name … created). */
const addedKey = (row: readonly SqlValue[]) =>
  violationKey({
    watch: String(row[0]),
    policy: String(row[1]),
    rule: String(row[2]),
    issue: String(row[4]),
    component: String(row[5]),
  })

/**
 * What replacing a resource's violations (`stored`) with `drafts` writes: those no longer found
 * go, new ones come (first seen `at`), and one found again stays as it is, its id and the date it
 * was first seen kept, changed only where its severity, type or actions did. A re-evaluation that
 * finds what it found before writes nothing, so the counts kept per watch (and the rows other
 * transactions read) are touched only by what changed.
 */
export function violationWrites(
  stored: readonly StoredViolationRow[],
  drafts: readonly ViolationDraft[],
  at: string,
): {
  remove: number[]
  /** type, severity, block_download, fail_build, notify, then the id. */
  change: SqlValue[][]
  /** The columns from watch_name to created, in the tables' order. */
  add: SqlValue[][]
  /** Those kept that gained the notify action, as `add` has them (created when first seen). */
  notifyGained: SqlValue[][]
} {
  const byKey = new Map(stored.map((r) => [storedKey(r), r]))
  const seen = new Set<string>()
  const change: SqlValue[][] = []
  const add: SqlValue[][] = []
  const notifyGained: SqlValue[][] = []
  for (const d of drafts) {
    const key = violationKey(d)
    // The first of two drafts of one violation stands, as the tables' uniqueness would have it.
    if (seen.has(key)) continue
    seen.add(key)
    const said = [
      d.type,
      d.severity,
      d.actions.blockDownload ? 1 : 0,
      d.actions.failBuild ? 1 : 0,
      d.actions.notify ? 1 : 0,
    ] as const
    const old = byKey.get(key)
    const row = (created: string) => [
      d.watch,
      d.policy,
      d.rule,
      d.type,
      d.issue,
      d.component,
      ...said.slice(1),
      created,
    ]
    if (!old) add.push(row(at))
    else if (
      old.type !== said[0] ||
      old.severity !== said[1] ||
      Number(old.block_download) !== said[2] ||
      Number(old.fail_build) !== said[3] ||
      Number(old.notify) !== said[4]
    ) {
      change.push([...said, old.id])
      if (Number(old.notify) === 0 && said[4] === 1) notifyGained.push(row(old.created))
    }
  }
  const remove = [...byKey].filter(([key]) => !seen.has(key)).map(([, r]) => r.id)
  return { remove, change, add, notifyGained }
}

/** The tables violations are stored in: versions', git repositories' and builds'. */
type ViolationTable = 'xray_violations' | 'xray_git_violations' | 'xray_build_violations'
/** The columns before watch_name that name a violation's resource in each table. */
const RESOURCE_COLUMNS: Record<ViolationTable, string[]> = {
  xray_violations: ['version_id'],
  xray_git_violations: ['integration_key', 'repository'],
  xray_build_violations: ['build_id'],
}
/** The columns after created an added row carries values for, in each table. */
const TRAILING_COLUMNS: Record<ViolationTable, string[]> = {
  xray_violations: [],
  xray_git_violations: [],
  xray_build_violations: ['found_in'],
}

/** Rows a statement writes at most: 13 parameters each, within either engine's limit. */
const ROWS_PER_INSERT = 500

/** What violationWrites decided for one resource, named by its columns before watch_name in its table. */
export interface ResourceWrites {
  readonly resource: readonly SqlValue[]
  readonly writes: ReturnType<typeof violationWrites>
}

/** `values` in slices of at most ROWS_PER_INSERT. */
const slices = <T>(values: readonly T[]): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < values.length; i += ROWS_PER_INSERT) out.push(values.slice(i, i + ROWS_PER_INSERT))
  return out
}

/**
 * Writes what violationWrites decided for each resource in `all`, in as few statements as it
 * takes however many resources there are: the removed in one, the changed in one per values they
 * take (a rule's new actions change its violations alike), the added in one (each up to
 * ROWS_PER_INSERT rows). A statement per resource was a round trip per version on PostgreSQL: a
 * new watch over 600 versions ran 3,400 statements. The counts kept per watch follow each
 * statement (on PostgreSQL, once per statement). Answers how many notifications the writes owe.
 */
export async function writeViolations(
  sql: Sql,
  table: ViolationTable,
  all: readonly ResourceWrites[],
): Promise<number> {
  for (const ids of slices(all.flatMap((r) => r.writes.remove)))
    await sql.run(`DELETE FROM ${table} WHERE id IN (${placeholders(ids.length)})`, ids)
  const changes = new Map<string, { values: SqlValue[]; ids: SqlValue[] }>()
  for (const change of all.flatMap((r) => r.writes.change)) {
    const values = change.slice(0, 5)
    const key = JSON.stringify(values)
    const same = changes.get(key) ?? { values, ids: [] }
    same.ids.push(change[5]!)
    changes.set(key, same)
  }
  for (const { values, ids } of changes.values())
    for (const some of slices(ids))
      await sql.run(
        `UPDATE ${table} SET type = ?, severity = ?, block_download = ?, fail_build = ?, notify = ?
         WHERE id IN (${placeholders(some.length)})`,
        [...values, ...some],
      )
  const resourceColumns = RESOURCE_COLUMNS[table].join(', ')
  const trailing = TRAILING_COLUMNS[table].map((c) => `, ${c}`).join('')
  const row = `(${placeholders(RESOURCE_COLUMNS[table].length + 11 + TRAILING_COLUMNS[table].length)})`
  for (const rows of slices(all.flatMap((r) => r.writes.add.map((values) => [...r.resource, ...values]))))
    await sql.run(
      `INSERT INTO ${table} (${resourceColumns}, watch_name, policy_name, rule_name, type, issue, component,
         severity, block_download, fail_build, notify, created${trailing})
       VALUES ${rows.map(() => row).join(', ')}`,
      rows.flat(),
    )
  return oweNotifications(sql, table, all)
}

/**
 * Sets the counts the catalogue shows (critical … unknown, in SEVERITY_COUNTS' order) of these
 * rows of `table`: one statement for the rows whose counts are alike (most have none).
 */
async function setCountsAlike(
  sql: Sql,
  table: 'catalog_versions' | 'catalog_packages',
  rows: ReadonlyArray<{ id: string; ordered: number[] }>,
): Promise<void> {
  const alike = new Map<string, { ordered: number[]; ids: string[] }>()
  for (const r of rows) {
    const key = r.ordered.join(',')
    const same = alike.get(key) ?? { ordered: r.ordered, ids: [] }
    same.ids.push(r.id)
    alike.set(key, same)
  }
  for (const { ordered, ids } of alike.values())
    for (const some of slices(ids))
      await sql.run(
        `UPDATE ${table} SET vuln_critical = ?, vuln_high = ?, vuln_medium = ?, vuln_low = ?, vuln_unknown = ?,
           vuln_info = 0 WHERE id IN (${placeholders(some.length)})`,
        [...ordered, ...some],
      )
}

/** The columns of a notification a new violation owes, from created to next_attempt. */
const NOTIFICATION_ROW = `(${placeholders(11)})`

/**
 * The names notifications give these resources: a version's id, a git repository's
 * `git://integration/owner/name` (its integration's name read once for all of them), a build's
 * `build://name/number`.
 */
async function resourceNames(
  sql: Sql,
  table: ViolationTable,
  resources: readonly (readonly SqlValue[])[],
): Promise<string[]> {
  if (table === 'xray_violations') return resources.map((r) => String(r[0]))
  if (table === 'xray_build_violations') {
    const ids = [...new Set(resources.map((r) => r[0]!))]
    const names = new Map(
      (
        await sql.all<{ id: number; resource: string }>(
          `SELECT b.id, ${BUILD_RESOURCE} AS resource FROM catalog_builds b WHERE b.id IN (${placeholders(ids.length)})`,
          ids,
        )
      ).map((b) => [Number(b.id), b.resource]),
    )
    return resources.map((r) => names.get(Number(r[0])) ?? `build://${String(r[0])}`)
  }
  const keys = [...new Set(resources.map((r) => r[0]!))]
  const names = new Map(
    (
      await sql.all<{ integration_key: string; integration_name: string }>(
        `SELECT integration_key, integration_name FROM git_integrations
         WHERE integration_key IN (${placeholders(keys.length)})`,
        keys,
      )
    ).map((g) => [g.integration_key, g.integration_name]),
  )
  return resources.map((r) => `git://${names.get(String(r[0])) ?? String(r[0])}/${String(r[1])}`)
}

/**
 * The notifications the new violations (`add`, in violationWrites' order) under a rule with the
 * notify action owe, written with them: sent once the transaction is committed, whoever sends
 * them, and never for a violation that was not stored. A violation kept that gained the notify
 * action (`notifyGained`: its rule was changed) owes one too, unless it was notified before (its
 * rule had notify, lost it and got it back): one notification per violation. Reads and writes
 * for all the resources at once. Answers how many it wrote.
 */
async function oweNotifications(
  sql: Sql,
  table: ViolationTable,
  all: readonly ResourceWrites[],
): Promise<number> {
  // watch_name … severity, then block_download, fail_build, notify and created.
  const owing = all
    .map((r) => ({ ...r, owedNew: r.writes.add.filter((values) => values[9] === 1) }))
    .filter((r) => r.owedNew.length > 0 || r.writes.notifyGained.length > 0)
  if (owing.length === 0) return 0
  const names = await resourceNames(
    sql,
    table,
    owing.map((r) => r.resource),
  )
  const keyOf = (name: string, v: readonly unknown[]) =>
    [name, ...[0, 1, 2, 4, 5].map((i) => String(v[i]))].join('\n')
  const gaining = [...new Set(names.filter((_, i) => owing[i]!.writes.notifyGained.length > 0))]
  const notified = new Set(
    gaining.length === 0
      ? []
      : (
          await sql.rows(
            `SELECT resource, watch_name, policy_name, rule_name, type, issue, component FROM xray_notifications
             WHERE resource IN (${placeholders(gaining.length)})`,
            gaining,
          )
        ).map(([resource, ...v]) => keyOf(String(resource), v)),
  )
  const owed = owing.flatMap((r, i) =>
    [...r.owedNew, ...r.writes.notifyGained.filter((v) => !notified.has(keyOf(names[i]!, v)))].map((v) => [
      v[10]!,
      names[i]!,
      ...v.slice(0, 7),
      'pending',
      v[10]!,
    ]),
  )
  for (const rows of slices(owed))
    await sql.run(
      `INSERT INTO xray_notifications (created, resource, watch_name, policy_name, rule_name, type, issue,
         component, severity, status, next_attempt)
       VALUES ${rows.map(() => NOTIFICATION_ROW).join(', ')}`,
      rows.flat(),
    )
  return owed.length
}

/** A notification as it is sent and listed: what was found where, and how its sending went. */
export interface NotificationRow {
  readonly id: number
  readonly created: string
  readonly resource: string
  /** The version's package, version and repository; null for a git repository (or a version gone). */
  readonly packageId: string | null
  readonly version: string | null
  readonly repo: string | null
  readonly watch: string
  readonly policy: string
  readonly rule: string
  readonly type: string
  readonly issue: string
  readonly component: string
  readonly severity: string
  readonly status: string
  readonly attempts: number
  readonly lastError: string | null
  readonly sentAt: string | null
}
type NotificationDbRow = {
  id: number
  created: string
  resource: string
  package_id: string | null
  version: string | null
  repo: string | null
  watch_name: string
  policy_name: string
  rule_name: string
  type: string
  issue: string
  component: string
  severity: string
  status: string
  attempts: number
  last_error: string | null
  sent_at: string | null
  lifted?: number
}
const toNotification = (r: NotificationDbRow): NotificationRow => ({
  id: Number(r.id),
  created: r.created,
  resource: r.resource,
  packageId: r.package_id,
  version: r.version,
  repo: r.repo,
  watch: r.watch_name,
  policy: r.policy_name,
  rule: r.rule_name,
  type: r.type,
  issue: r.issue,
  component: r.component,
  severity: r.severity,
  status: r.status,
  attempts: Number(r.attempts),
  lastError: r.last_error,
  sentAt: r.sent_at,
})
const NOTIFICATION_COLUMNS = `x.id, x.created, x.resource, v.package_id, v.name AS version, v.repo, x.watch_name,
   x.policy_name, x.rule_name, x.type, x.issue, x.component, x.severity, x.status, x.attempts, x.last_error,
   x.sent_at`
const NOTIFICATIONS_FROM = 'xray_notifications x LEFT JOIN catalog_versions v ON v.id = x.resource'

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
  found_in: string | null
  found_in_repo: string | null
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
  ...(r.found_in === null ? {} : { foundIn: { versionId: r.found_in, repo: r.found_in_repo ?? '' } }),
})

type AffectedDbRow = {
  advisory_id: string
  ranges_json: string
  versions_json: string
  severity: XraySeverity
  cvss_score: number | null
}
const toAffected = (r: AffectedDbRow): AffectedRow => ({
  advisoryId: r.advisory_id,
  ranges: json(r.ranges_json),
  versions: json(r.versions_json),
  severity: r.severity,
  cvssScore: r.cvss_score,
})

type VersionToScanDbRow = {
  id: string
  package_id: string
  name: string
  repo: string
  repo_type: string
  licenses_json: string
}
const toVersionToScan = (r: VersionToScanDbRow): VersionToScan => ({
  id: r.id,
  type: r.repo_type,
  packageId: r.package_id,
  name: nameOfPackage(r.package_id),
  version: r.name,
  repo: r.repo,
  licences: json<Array<{ name: string }>>(r.licenses_json).map((l) => l.name),
})

type PolicyDbRow = { name: string; description: string; type: 'security' | 'license'; rules_json: string }
const toPolicy = (r: PolicyDbRow): Policy => ({
  name: r.name,
  description: r.description,
  type: r.type,
  rules: json<PolicyRule[]>(r.rules_json),
})
type WatchDbRow = { name: string; description: string; resources_json: string }
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
type IgnoreDbRow = {
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
}
type ImportDbRow = {
  id: number
  source: string
  started: string
  finished: string
  ok: number
  files: number
  advisories: number
  report_json: string
  rescan_status: ImportRescan['status'] | null
  rescan_scanned: number | null
  rescan_total: number | null
  rescan_finished: string | null
  rescan_error: string | null
  rescan_heartbeat: string | null
}

/**
 * The rescan as it reads at `now` (the platform's clock): one waiting or running whose heartbeat
 * lapsed (or never beat: written before the heartbeat was kept) failed, interrupted.
 */
function rescanOf(r: ImportDbRow, now: string): ImportRescan | null {
  if (r.rescan_status === null) return null
  const rescan: ImportRescan = {
    status: r.rescan_status,
    scanned: Number(r.rescan_scanned ?? 0),
    total: r.rescan_total === null ? null : Number(r.rescan_total),
    finished: r.rescan_finished,
    error: r.rescan_error,
  }
  if (rescan.status !== 'waiting' && rescan.status !== 'running') return rescan
  const lapses = r.rescan_heartbeat === null ? -Infinity : Date.parse(r.rescan_heartbeat) + RESCAN_LEASE_MS
  if (lapses >= Date.parse(now)) return rescan
  const finished = Number.isFinite(lapses) ? new Date(lapses).toISOString() : now
  return { ...rescan, status: 'failed', finished, error: RESCAN_INTERRUPTED }
}

const importOf = (r: ImportDbRow, now: string): ImportRecord => ({
  id: Number(r.id),
  source: r.source,
  started: r.started,
  finished: r.finished,
  ok: r.ok === 1,
  files: r.files,
  advisories: r.advisories,
  report: json(r.report_json),
  rescan: rescanOf(r, now),
})
export type HistoryRow = SeverityCounts & { readonly at: string; readonly violations: number }
export type StoredAdvisoryWithAffected = StoredAdvisory & {
  affected: Array<{ ecosystem: string; package: string } & AffectedVersions>
}

/**
 * Security scanning's store over `sql`. Writes that belong together run in `transaction`, whose
 * work gets the store on the transaction's handle; `within(tx)` gives it on a handle a caller
 * already holds (the catalogue's arrival hook).
 */
export function xrayStore(sql: Sql): XrayStore {
  return on(sql)
}

export type XrayStore = ReturnType<typeof statements> &
  ReturnType<typeof imageStatements> & {
    /** `work` all or nothing, given the store on the transaction's handle (use only that one inside). */
    transaction<T>(work: (store: XrayStore) => Promise<T>): Promise<T>
    /** The store on a handle the caller holds, a transaction's. */
    within(tx: Sql): XrayStore
  }

function on(sql: Sql): XrayStore {
  return {
    ...statements(sql),
    ...imageStatements(sql),
    transaction: (work) => sql.transaction((tx) => work(on(tx))),
    within: (tx) => on(tx),
  }
}

function statements(sql: Sql) {
  const count = async (text: string, params: SqlValue[] = []) =>
    (await sql.one<{ n: number }>(text, params))?.n ?? 0
  const toWatch = (r: WatchDbRow, policies: readonly string[]): Watch => ({
    name: r.name,
    description: r.description,
    resources: json<WatchResources>(r.resources_json),
    policies: [...policies],
  })
  /** The scans settings in force: the admin's over the defaults. */
  const scanSettings = async (): Promise<StoredScanSettings> => {
    const r = await sql.one<{ value: string }>(Q.setting, ['scans'])
    return { ...SCAN_SETTINGS_DEFAULT, ...(r ? json<Partial<StoredScanSettings>>(r.value) : {}) }
  }
  const ignoreRulesInForce = async (now: string) =>
    (await sql.all<IgnoreDbRow>(Q.ignoreRules)).filter((r) => r.expires === null || r.expires > now)
  /**
   * How many violations in force a filter matches. By watch, severity and type alone: the counts
   * kept per watch less what the ignore rules in force lift (the rules become plain conditions an
   * index can serve, instead of a look-up per violation, which at 100,000 violations was most of
   * the page's time). Filtered by policy or resource: those that match counted, less those lifted.
   */
  const violationTotal = async (filter: Partial<ViolationFilter>, now: string): Promise<number> => {
    const rules = await ignoreRulesInForce(now)
    const kept =
      filter.policy === undefined &&
      filter.resource === undefined &&
      filter.versionId === undefined &&
      filter.resourceType === undefined
    const sides = RESOURCE_KINDS.flatMap((kind) => {
      const c = violationConditions(filter, kind)
      return c
        ? [
            {
              ...c,
              from: `FROM ${KIND_FROM[kind]} WHERE 1 = 1${c.where}`,
              lifted: liftedBy(rules, KIND_RESOURCE[kind]),
            },
          ]
        : []
    })
    let total = 0
    if (kept) {
      const c = violationConditions(filter)!
      total += Number(
        await count(`SELECT COALESCE(SUM(x.n), 0) AS n FROM xray_violation_counts x WHERE 1 = 1${c.where}`, [
          ...c.params,
        ]),
      )
    } else
      for (const side of sides) total += Number(await count(`SELECT COUNT(*) AS n ${side.from}`, side.params))
    for (const { from, params, lifted } of sides)
      if (lifted)
        total -= Number(
          await count(`SELECT COUNT(*) AS n ${from} AND (${lifted.where})`, [...params, ...lifted.params]),
        )
    return total
  }
  const addWatchPolicies = async (w: Watch) => {
    for (const p of new Set(w.policies)) await sql.run(Q.addWatchPolicy, [w.name, p])
  }
  /**
   * Replaces these versions' findings and scans and the counts the catalogue shows, in a few
   * statements for all of them (at most a scan batch's); the caller holds the transaction.
   */
  const putScans = async (
    scans: ReadonlyArray<{ v: VersionToScan; findings: readonly Omit<FindingRow, 'versionId'>[] }>,
    at: string,
  ): Promise<void> => {
    if (scans.length === 0) return
    const ids = scans.map(({ v }) => v.id)
    for (const some of slices(ids))
      await sql.run(`DELETE FROM xray_findings WHERE version_id IN (${placeholders(some.length)})`, some)
    const findingRows = scans.flatMap(({ v, findings }) =>
      findings.map((f) => [
        v.id,
        f.advisoryId,
        f.component,
        f.componentVersion,
        f.direct ? 1 : 0,
        f.severity,
        f.cvssScore,
        f.vulnerableRange,
        JSON.stringify(f.fixed),
      ]),
    )
    for (const rows of slices(findingRows))
      await sql.run(
        `INSERT INTO xray_findings (version_id, advisory_id, component, component_version, direct, severity,
             cvss_score, vulnerable_range, fixed_json)
           VALUES ${rows.map(() => `(${placeholders(9)})`).join(', ')}
           ON CONFLICT (version_id, advisory_id, component) DO NOTHING`,
        rows.flat(),
      )
    const counted = scans.map(({ v, findings }) => {
      const counts = noCounts()
      for (const id of new Set(findings.map((f) => f.advisoryId)))
        counts[findings.find((f) => f.advisoryId === id)!.severity]++
      return { id: v.id, ordered: SEVERITY_COUNTS.map((s) => counts[s]) }
    })
    for (const rows of slices(counted))
      await sql.run(
        `INSERT INTO xray_scans (version_id, status, scanned_at, error, critical, high, medium, low, unknown)
           VALUES ${rows.map(() => `(${placeholders(9)})`).join(', ')}
           ON CONFLICT (version_id) DO UPDATE SET status = excluded.status, scanned_at = excluded.scanned_at,
             error = excluded.error, critical = excluded.critical, high = excluded.high, medium = excluded.medium,
             low = excluded.low, unknown = excluded.unknown`,
        rows.flatMap((r) => [r.id, 'scanned', at, null, ...r.ordered]),
      )
    await setCountsAlike(sql, 'catalog_versions', counted)
    // A package's counts are its distinct advisories over its versions.
    const packageIds = [...new Set(scans.map(({ v }) => v.packageId))]
    const byPackage = new Map(packageIds.map((id) => [id, noCounts()]))
    for (const some of slices(packageIds))
      for (const r of await sql.all<{ package_id: string; severity: XraySeverity; n: number }>(
        `SELECT v.package_id, f.severity, COUNT(DISTINCT f.advisory_id) AS n FROM xray_findings f
           JOIN catalog_versions v ON v.id = f.version_id WHERE v.package_id IN (${placeholders(some.length)})
           GROUP BY v.package_id, f.severity`,
        some,
      )) {
        const counts = byPackage.get(r.package_id)
        if (counts && r.severity in counts) counts[r.severity as keyof SeverityCounts] = Number(r.n)
      }
    await setCountsAlike(
      sql,
      'catalog_packages',
      [...byPackage].map(([id, counts]) => ({ id, ordered: SEVERITY_COUNTS.map((s) => counts[s]) })),
    )
  }

  return {
    /** Every repository's kind and members, read on this handle (inside the caller's transaction). */
    async repositories(): Promise<Resolvable[]> {
      const members = new Map<string, string[]>()
      for (const m of await sql.all<{ virtual_key: string; member_key: string }>(Q.repositoryMembers))
        members.set(m.virtual_key, [...(members.get(m.virtual_key) ?? []), m.member_key])
      return (await sql.all<{ key: string; kind: RepositoryKind }>(Q.repositoryKinds)).map((r) => ({
        key: r.key,
        kind: r.kind,
        members: members.get(r.key) ?? [],
      }))
    },

    /** Replaces the advisories with these ids (others stay); the caller holds the transaction. */
    async putAdvisory(a: Advisory): Promise<void> {
      await sql.run(Q.deleteAffected, [a.id])
      await sql.run(Q.insertAdvisory, [
        a.id,
        a.summary,
        a.details,
        a.severity,
        a.cvssScore ?? null,
        a.cvssVector ?? null,
        JSON.stringify(a.aliases),
        JSON.stringify(a.references),
        JSON.stringify(a.cwes),
        a.published ?? null,
        a.modified,
      ])
      for (const [i, p] of a.affected.entries())
        await sql.run(Q.insertAffected, [
          a.id,
          i,
          p.ecosystem,
          p.name,
          JSON.stringify(p.ranges),
          JSON.stringify(p.versions),
        ])
    },
    /** A withdrawn advisory leaves the database. */
    removeAdvisory: async (id: string) => (await sql.run(Q.deleteAdvisory, [id])).changes > 0,
    async recordImport(r: Omit<ImportRecord, 'id'>): Promise<number> {
      const row = await sql.one<{ id: number }>(Q.insertImport, [
        r.source,
        r.started,
        r.finished,
        r.ok ? 1 : 0,
        r.files,
        r.advisories,
        JSON.stringify(r.report),
        r.rescan?.status ?? null,
        r.rescan ? r.rescan.scanned : null,
        // The rescan's first heartbeat: the import's record is written when it finishes.
        r.rescan ? r.finished : null,
      ])
      return Number(row!.id)
    },
    /** The last imports, their rescans as they read at `now` (the platform's clock). */
    imports: async (limit: number, now: string): Promise<ImportRecord[]> =>
      (await sql.all<ImportDbRow>(Q.imports, [limit])).map((r) => importOf(r, now)),
    importById: async (id: number, now: string): Promise<ImportRecord | undefined> => {
      const row = await sql.one<ImportDbRow>(Q.importById, [id])
      return row && importOf(row, now)
    },
    /** Records where the rescan of each of these imports stands, at `now`: its heartbeat. */
    async setImportRescan(ids: readonly number[], r: ImportRescan, now: string): Promise<void> {
      const heartbeat = r.status === 'waiting' || r.status === 'running' ? now : null
      for (const id of ids)
        await sql.run(Q.setImportRescan, [r.status, r.scanned, r.total, r.finished, r.error, heartbeat, id])
    },
    /** The heartbeat of these imports' rescans still waiting (behind a run this node is making). */
    async renewWaitingRescans(ids: readonly number[], now: string): Promise<void> {
      for (const id of ids) await sql.run(Q.renewWaitingRescan, [now, id])
    },
    indexedVersionCount: () => count(Q.indexedVersionCount),
    advisoryCount: () => count(Q.advisoryCount),
    advisoryCountsBySeverity: async () =>
      Object.fromEntries(
        (await sql.all<{ severity: string; n: number }>(Q.advisoryCountsBySeverity)).map((r) => [
          r.severity,
          r.n,
        ]),
      ) as Partial<Record<XraySeverity, number>>,
    async advisory(id: string): Promise<StoredAdvisoryWithAffected | undefined> {
      const row = await sql.one<AdvisoryDbRow>(Q.advisory, [id])
      if (!row) return undefined
      const affected = (
        await sql.all<{ ecosystem: string; package: string; ranges_json: string; versions_json: string }>(
          Q.affectedRowsOf,
          [id],
        )
      ).map((a) => ({
        ecosystem: a.ecosystem,
        package: a.package,
        ranges: json<AffectedVersions['ranges']>(a.ranges_json),
        versions: json<AffectedVersions['versions']>(a.versions_json),
      }))
      return { ...toAdvisory(row), affected }
    },
    /** These advisories (without their affected versions) by id, in one statement. */
    advisoriesOf: async (ids: readonly string[]): Promise<Map<string, StoredAdvisory>> =>
      ids.length === 0
        ? new Map()
        : new Map(
            (await sql.all<AdvisoryDbRow>(Q.advisories(ids.length), ids)).map((r) => [r.id, toAdvisory(r)]),
          ),
    /** The affected ranges of each of these packages in an ecosystem that has any, by package. */
    async affectedOfPackages(
      ecosystem: string,
      names: readonly string[],
    ): Promise<Map<string, AffectedRow[]>> {
      const by = new Map<string, AffectedRow[]>()
      for (const some of slices(names))
        for (const r of await sql.all<AffectedDbRow & { package: string }>(
          Q.affectedOfPackages(some.length),
          [ecosystem, ...some],
        ))
          by.set(r.package, [...(by.get(r.package) ?? []), toAffected(r)])
      return by
    },
    affectedOf: async (ecosystem: string, name: string): Promise<AffectedRow[]> =>
      (await sql.all<AffectedDbRow>(Q.affectedOf, [ecosystem, name])).map(toAffected),
    async versionToScan(id: string): Promise<VersionToScan | undefined> {
      const r = await sql.one<VersionToScanDbRow>(Q.versionToScan, [id])
      return r && toVersionToScan(r)
    },
    /** Those of these versions that stand, by id, in one statement (at most a scan batch's ids). */
    versionsToScan: async (ids: readonly string[]): Promise<Map<string, VersionToScan>> =>
      ids.length === 0
        ? new Map()
        : new Map(
            (await sql.all<VersionToScanDbRow>(Q.versionsToScan(ids.length), ids)).map((r) => [
              r.id,
              toVersionToScan(r),
            ]),
          ),
    /** Ids of npm versions and container image tags in indexed repositories after `after`, in id order. */
    indexedVersionIds: async (after: string, limit: number) =>
      (await sql.all<{ id: string }>(Q.indexedVersionIds, [after, limit])).map((r) => r.id),
    isIndexed: async (repo: string) => (await sql.one(Q.isIndexed, [repo])) !== undefined,
    dependenciesOf: (versionId: string) =>
      sql.all<{ name: string; version: string }>(Q.dependenciesOf, [versionId]),
    /** The declared dependencies of each of these versions that has any, in one statement. */
    async dependenciesOfVersions(
      versionIds: readonly string[],
    ): Promise<Map<string, Array<{ name: string; version: string }>>> {
      const by = new Map<string, Array<{ name: string; version: string }>>()
      if (versionIds.length === 0) return by
      for (const { version_id, ...d } of await sql.all<{ version_id: string; name: string; version: string }>(
        Q.dependenciesOfVersions(versionIds.length),
        versionIds,
      ))
        by.set(version_id, [...(by.get(version_id) ?? []), d])
      return by
    },
    /** Replaces a version's findings and scan and the counts the catalogue shows (see putScans). */
    putScan: (v: VersionToScan, findings: readonly Omit<FindingRow, 'versionId'>[], at: string) =>
      putScans([{ v, findings }], at),
    putScans,
    async markScan(
      versionId: string,
      status: 'not_scanned' | 'scanning' | 'failed',
      at: string | null,
      error: string | null,
    ): Promise<void> {
      await sql.run(Q.upsertScan, [versionId, status, at, error, 0, 0, 0, 0, 0])
    },
    findingsOf: async (versionId: string) =>
      (await sql.all<FindingDbRow>(Q.findingsOf, [versionId])).map(toFinding),
    /** The findings of each of these versions that has any, in one statement. */
    async findingsOfVersions(versionIds: readonly string[]): Promise<Map<string, FindingRow[]>> {
      const by = new Map<string, FindingRow[]>()
      if (versionIds.length === 0) return by
      for (const r of await sql.all<FindingDbRow>(Q.findingsOfVersions(versionIds.length), versionIds))
        by.set(r.version_id, [...(by.get(r.version_id) ?? []), toFinding(r)])
      return by
    },
    scanOf: (versionId: string) => sql.one<ScanRow>(Q.scanOf, [versionId]),
    /** The scan status of each of these versions that has a scan (a page of versions at once). */
    scanStatusesOf: async (versionIds: ReadonlyArray<string>): Promise<Map<string, string>> =>
      versionIds.length === 0
        ? new Map()
        : new Map(
            (
              await sql.all<{ version_id: string; status: string }>(
                Q.scanStatusesOf(versionIds.length),
                versionIds,
              )
            ).map((r) => [r.version_id, r.status]),
          ),
    scanStatusCounts: async (): Promise<Record<string, number>> =>
      Object.fromEntries(
        (await sql.all<{ status: string; n: number }>(Q.scanStatusCounts)).map((r) => [r.status, r.n]),
      ),
    async scansPage(filter: {
      status?: string
      q?: string
      issuesOnly: boolean
      order: 'last_updated' | 'name'
      direction: 'asc' | 'desc'
      limit: number
      offset: number
    }) {
      const params: SqlValue[] = []
      let where = 'WHERE 1 = 1'
      if (filter.status !== undefined) {
        where += ' AND s.status = ?'
        params.push(filter.status)
      }
      if (filter.q) {
        where += ' AND LOWER(v.package_id) LIKE ?'
        params.push(`%://%${filter.q.toLowerCase()}%`)
      }
      if (filter.issuesOnly) where += ' AND (s.critical + s.high + s.medium + s.low + s.unknown) > 0'
      // The order is one of four fixed texts, never the caller's.
      const dir = filter.direction === 'asc' ? 'ASC' : 'DESC'
      const order =
        filter.order === 'name' ? `v.package_id ${dir}, v.name ${dir}` : `s.scanned_at ${dir}, s.version_id`
      return {
        total: await count(
          `SELECT COUNT(*) AS n FROM xray_scans s JOIN catalog_versions v ON v.id = s.version_id ${where}`,
          params,
        ),
        rows: await sql.all<
          ScanRow & { version_id: string; package_id: string; version: string; repo: string }
        >(
          `SELECT s.*, v.package_id, v.name AS version, v.repo FROM xray_scans s
           JOIN catalog_versions v ON v.id = s.version_id ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
          [...params, filter.limit, filter.offset],
        ),
      }
    },
    versionsOfPackage: (packageId: string, version: string | undefined) =>
      sql.all<{ id: string; package_id: string; name: string }>(
        version === undefined ? Q.versionsOfPackage : Q.versionOfPackage,
        version === undefined ? [packageId] : [packageId, version],
      ),
    repositoryKeys: async () => (await sql.all<{ key: string }>(Q.repositoryKeys)).map((r) => r.key),

    policies: async () => (await sql.all<PolicyDbRow>(Q.policies)).map(toPolicy),
    policy: async (name: string) => {
      const r = await sql.one<PolicyDbRow>(Q.policy, [name])
      return r && toPolicy(r)
    },
    createPolicy: async (p: Policy, at: string): Promise<void> => {
      await sql.run(Q.insertPolicy, [p.name, p.description, p.type, JSON.stringify(p.rules), at, at])
    },
    updatePolicy: async (p: Policy, at: string) =>
      (await sql.run(Q.updatePolicy, [p.description, p.type, JSON.stringify(p.rules), at, p.name])).changes >
      0,
    deletePolicy: async (name: string) => (await sql.run(Q.deletePolicy, [name])).changes > 0,
    watchesUsingPolicy: async (name: string) =>
      (await sql.all<{ watch_name: string }>(Q.watchesUsingPolicy, [name])).map((r) => r.watch_name),
    /** The watches using each policy that some watch uses, by policy, in one statement. */
    async watchesByPolicy(): Promise<Map<string, string[]>> {
      const by = new Map<string, string[]>()
      for (const p of await sql.all<{ watch_name: string; policy_name: string }>(Q.allWatchPolicies))
        by.set(p.policy_name, [...(by.get(p.policy_name) ?? []), p.watch_name])
      return by
    },
    /** Every watch with its policies, in two statements however many there are. */
    watches: async () => {
      const policies = new Map<string, string[]>()
      for (const p of await sql.all<{ watch_name: string; policy_name: string }>(Q.allWatchPolicies))
        policies.set(p.watch_name, [...(policies.get(p.watch_name) ?? []), p.policy_name])
      return (await sql.all<WatchDbRow>(Q.watches)).map((r) => toWatch(r, policies.get(r.name) ?? []))
    },
    watch: async (name: string) => {
      const r = await sql.one<WatchDbRow>(Q.watch, [name])
      return (
        r &&
        toWatch(
          r,
          (await sql.all<{ policy_name: string }>(Q.watchPolicies, [name])).map((p) => p.policy_name),
        )
      )
    },
    /** A watch and its policies; the caller holds the transaction. */
    async createWatch(w: Watch, at: string): Promise<void> {
      await sql.run(Q.insertWatch, [w.name, w.description, JSON.stringify(w.resources), at, at])
      await addWatchPolicies(w)
    },
    /** The caller holds the transaction. */
    async updateWatch(w: Watch, at: string): Promise<boolean> {
      if (
        (await sql.run(Q.updateWatch, [w.description, JSON.stringify(w.resources), at, w.name])).changes === 0
      )
        return false
      await sql.run(Q.clearWatchPolicies, [w.name])
      await addWatchPolicies(w)
      return true
    },
    deleteWatch: async (name: string) => (await sql.run(Q.deleteWatch, [name])).changes > 0,

    /**
     * Replaces each of these versions' violations (see violationWrites), reading and writing
     * them all in a few statements (at most a scan batch's versions); the caller holds the
     * transaction.
     */
    async putViolations(
      versions: ReadonlyArray<{ readonly versionId: string; readonly drafts: readonly ViolationDraft[] }>,
      at: string,
    ): Promise<void> {
      if (versions.length === 0) return
      const stored = new Map<string, StoredViolationRow[]>()
      const ids = versions.map((v) => v.versionId)
      for (const r of await sql.all<StoredViolationRow & { version_id: string }>(
        Q.storedViolations(ids.length),
        ids,
      ))
        stored.set(r.version_id, [...(stored.get(r.version_id) ?? []), r])
      await writeViolations(
        sql,
        'xray_violations',
        versions.map((v) => ({
          resource: [v.versionId],
          writes: violationWrites(stored.get(v.versionId) ?? [], v.drafts, at),
        })),
      )
    },
    /** Violations in force of versions and git repositories, newest first. */
    async violations(filter: ViolationFilter, now: string) {
      const total = await violationTotal(filter, now)
      // Each side is cut to the page's end before the two are merged: PostgreSQL then reads each
      // newest first by its index and stops, where the ordered union alone made it join, filter
      // and sort all 100,000 (0.4 s). A git violation's id is its own negated, so its side's
      // order is by its stored id ascending.
      // A build's likewise.
      const end = filter.offset + filter.limit
      const sides = RESOURCE_KINDS.flatMap((kind) => {
        const c = violationConditions(filter, kind)
        if (!c) return []
        const [select, active, order] = KIND_SELECT[kind]
        return [
          {
            text: `SELECT * FROM (${select} WHERE ${active}${c.where} ORDER BY x.created DESC, x.id ${order} LIMIT ?) ${kind}s`,
            params: [now, ...c.params, end],
          },
        ]
      })
      return {
        total,
        rows: (
          await sql.all<ViolationDbRow>(
            `${sides.map((side) => side.text).join(' UNION ALL ')} ORDER BY created DESC, id DESC LIMIT ? OFFSET ?`,
            [...sides.flatMap((side) => side.params), filter.limit, filter.offset],
          )
        ).map(toViolation),
      }
    },
    /**
     * Each watch's violations in force, versions' and git repositories' together (a watch with
     * none is absent): the counts kept per watch less what the ignore rules in force lift.
     */
    async violationCountsByWatch(now: string): Promise<Map<string, number>> {
      const counts = new Map<string, number>()
      const add = (rows: ReadonlyArray<{ watch_name: string; n: number | string }>, sign: number) => {
        for (const r of rows) counts.set(r.watch_name, (counts.get(r.watch_name) ?? 0) + sign * Number(r.n))
      }
      add(await sql.all(Q.countsByWatch), 1)
      const rules = await ignoreRulesInForce(now)
      for (const kind of RESOURCE_KINDS) {
        const lifted = liftedBy(rules, KIND_RESOURCE[kind])
        if (lifted)
          add(
            await sql.all(
              `SELECT x.watch_name, COUNT(*) AS n FROM ${KIND_FROM[kind]} WHERE ${lifted.where} GROUP BY x.watch_name`,
              lifted.params,
            ),
            -1,
          )
      }
      for (const [watch, n] of counts) if (n === 0) counts.delete(watch)
      return counts
    },
    /** The violations in force of each of these versions that has any, by version, in one statement. */
    async violationsInForceOf(
      versionIds: readonly string[],
      now: string,
    ): Promise<Map<string, ViolationRow[]>> {
      const by = new Map<string, ViolationRow[]>()
      if (versionIds.length === 0) return by
      for (const r of await sql.all<ViolationDbRow>(
        `${VIOLATIONS} WHERE x.version_id IN (${placeholders(versionIds.length)}) AND ${ACTIVE} ORDER BY x.id`,
        [...versionIds, now],
      ))
        by.set(r.version_id, [...(by.get(r.version_id) ?? []), toViolation(r)])
      return by
    },
    /** One violation, of a version, (below zero) of a git repository or (further below) of a build. */
    violation: async (id: number) => {
      const r = await sql.one<ViolationDbRow>(
        ...((id <= -BUILD_ID_OFFSET
          ? [`${BUILD_VIOLATIONS} WHERE x.id = ?`, [-id - BUILD_ID_OFFSET]]
          : [
              id < 0 ? `${GIT_VIOLATIONS} WHERE x.id = ?` : `${VIOLATIONS} WHERE x.id = ?`,
              [Math.abs(id)],
            ]) as [string, SqlValue[]]),
      )
      return r && toViolation(r)
    },
    /**
     * Replaces a build's violations, those the watches naming it find in the versions it holds
     * (see violationWrites), each with the version it was found in (the first, when found in
     * several); the caller holds the transaction. Answers whether they owe notifications.
     */
    async putBuildViolations(
      buildId: number,
      found: ReadonlyArray<{ readonly versionId: string; readonly draft: ViolationDraft }>,
      at: string,
    ): Promise<boolean> {
      const stored = await sql.all<StoredViolationRow & { found_in: string | null }>(
        `SELECT id, watch_name, policy_name, rule_name, type, issue, component, severity, block_download,
           fail_build, notify, created, found_in FROM xray_build_violations WHERE build_id = ?`,
        [buildId],
      )
      const foundIn = new Map<string, string>()
      for (const f of found)
        if (!foundIn.has(violationKey(f.draft))) foundIn.set(violationKey(f.draft), f.versionId)
      // One kept says where it is found now: the build's versions changed, or it was stored without.
      for (const r of stored) {
        const versionId = foundIn.get(storedKey(r))
        if (versionId !== undefined && r.found_in !== versionId)
          await sql.run('UPDATE xray_build_violations SET found_in = ? WHERE id = ?', [versionId, r.id])
      }
      const writes = violationWrites(
        stored,
        found.map((f) => f.draft),
        at,
      )
      const add = writes.add.map((row) => [...row, foundIn.get(addedKey(row)) ?? null])
      return (
        (await writeViolations(sql, 'xray_build_violations', [
          { resource: [buildId], writes: { ...writes, add } },
        ])) > 0
      )
    },
    /** Drops the violations of every build whose name is not among these (no watch names it any more). */
    async dropBuildViolationsExcept(names: readonly string[]): Promise<void> {
      await sql.run(
        names.length === 0
          ? 'DELETE FROM xray_build_violations'
          : `DELETE FROM xray_build_violations WHERE build_id IN
               (SELECT id FROM catalog_builds WHERE name NOT IN (${placeholders(names.length)}))`,
        [...names],
      )
    },
    /** A build's violations in force, by its `build://name/number`. */
    buildViolationsInForce: async (resource: string, now: string): Promise<ViolationRow[]> =>
      (
        await sql.all<ViolationDbRow>(
          `${BUILD_VIOLATIONS} WHERE ${BUILD_RESOURCE} = ? AND ${BUILD_ACTIVE} ORDER BY x.id`,
          [resource, now],
        )
      ).map(toViolation),
    /** The worst violation in force that blocks downloading this version, if any. */
    blockingViolation: async (versionId: string, now: string) => {
      const r = await sql.one<ViolationDbRow>(BLOCKING, [versionId, now])
      return r && toViolation(r)
    },

    ignoreRules: async (): Promise<Array<IgnoreRule & { createdBy: string; created: string }>> =>
      (await sql.all<IgnoreDbRow>(Q.ignoreRules)).map((r) => ({
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
    addIgnoreRule: async (r: IgnoreRule, createdBy: string, created: string): Promise<void> => {
      await sql.run(Q.insertIgnore, [
        r.id,
        r.issue ?? null,
        r.component ?? null,
        r.version ?? null,
        r.watch ?? null,
        r.policy ?? null,
        r.reason,
        r.expires ?? null,
        createdBy,
        created,
      ])
    },
    deleteIgnoreRule: async (id: string) => (await sql.run(Q.deleteIgnore, [id])).changes > 0,

    indexedRepos: async () => (await sql.all<{ repo: string }>(Q.indexedRepos)).map((r) => r.repo),
    /** The caller holds the transaction. */
    async setIndexedRepos(repos: readonly string[]): Promise<void> {
      await sql.run(Q.clearIndexed)
      for (const r of new Set(repos)) await sql.run(Q.addIndexed, [r])
    },
    setting: async <T>(key: string): Promise<T | undefined> => {
      const r = await sql.one<{ value: string }>(Q.setting, [key])
      return r ? json<T>(r.value) : undefined
    },
    setSetting: async (key: string, value: unknown): Promise<void> => {
      await sql.run(Q.setSetting, [key, JSON.stringify(value)])
    },
    scanSettings,

    /**
     * Claims (as `claim`, until `until`) the notifications due at `now`, at most `limit`, those due
     * first: those waiting, and those another node claimed and did not finish by their claim's
     * end. Answers them, each with whether an ignore rule in force lifts its violation now. The
     * caller holds the transaction.
     */
    async claimNotifications(claim: string, now: string, until: string, limit: number) {
      // Each status's first due read in the index's order: never every due row sorted.
      const picked = (await sql.all<{ id: number }>(Q.dueNotifications, [now, limit, now, limit, limit])).map(
        (r) => Number(r.id),
      )
      if (picked.length === 0) return []
      // Checked again as they are claimed (on PostgreSQL another node may have claimed some since).
      // In a CASE, so that SQLite finds them by their ids, not by the due index's every due row.
      await sql.run(
        `UPDATE xray_notifications SET status = 'sending', claim = ?, next_attempt = ?
         WHERE id IN (${placeholders(picked.length)})
           AND CASE WHEN status IN ('pending', 'sending') THEN next_attempt <= ? ELSE FALSE END`,
        [claim, until, ...picked, now],
      )
      const rows = await sql.all<NotificationDbRow>(
        `SELECT ${NOTIFICATION_COLUMNS}, CASE WHEN ${notIgnored('x.resource')} THEN 0 ELSE 1 END AS lifted
         FROM ${NOTIFICATIONS_FROM} WHERE x.claim = ? AND x.status = 'sending' ORDER BY x.id`,
        [now, claim],
      )
      return rows.map((r) => ({ ...toNotification(r), lifted: Number(r.lifted) === 1 }))
    },
    /**
     * Ends a claim's notifications `ids`: sent, ignored, unsent or failed as `status` says, or
     * (`pending`) to be tried again at `next`, one attempt more.
     */
    async finishNotifications(
      claim: string,
      ids: readonly number[],
      outcome: { status: string; at: string; next?: string; error?: string; attempted: boolean },
    ): Promise<void> {
      if (ids.length === 0) return
      await sql.run(
        `UPDATE xray_notifications SET status = ?, claim = NULL, next_attempt = ?, last_error = ?,
           sent_at = ?, attempts = attempts + ?
         WHERE claim = ? AND id IN (${placeholders(ids.length)})`,
        [
          outcome.status,
          outcome.next ?? outcome.at,
          outcome.error ?? null,
          outcome.status === 'sent' ? outcome.at : null,
          outcome.attempted ? 1 : 0,
          claim,
          ...ids,
        ],
      )
    },
    /** Whether a notification of `resource`'s violations waits to be sent. */
    owesNotifications: async (resource: string): Promise<boolean> =>
      (await sql.one(
        "SELECT 1 AS owed FROM xray_notifications WHERE resource = ? AND status = 'pending' LIMIT 1",
        [resource],
      )) !== undefined,
    /** The latest notifications, newest first. */
    notifications: async (limit: number): Promise<NotificationRow[]> =>
      (
        await sql.all<NotificationDbRow>(
          `SELECT ${NOTIFICATION_COLUMNS} FROM ${NOTIFICATIONS_FROM} ORDER BY x.id DESC LIMIT ?`,
          [limit],
        )
      ).map(toNotification),
    /** A scan run's totals, and the history older than the settings keep goes. */
    async recordHistory(at: string): Promise<void> {
      const totals = (await sql.one<SeverityCounts>(Q.totals)) ?? noCounts()
      await sql.run(Q.insertHistory, [
        at,
        ...SEVERITY_COUNTS.map((s) => totals[s]),
        await count(Q.violationCount),
      ])
      const { retentionDays } = await scanSettings()
      await sql.run(Q.forgetHistory, [new Date(Date.parse(at) - retentionDays * 86_400_000).toISOString()])
    },
    history: (since: string) => sql.all<HistoryRow>(Q.history, [since]),
    /**
     * After a scan run: SQLite's planner statistics for the violations, taken again when they are
     * missing or the table has grown or shrunk twofold since. Without them SQLite takes a
     * filter's index (a severity's 20,000 of 100,000 rows) over the ignore rules' issues (a few
     * hundred) to count what the rules lift: 5 to 25 ms a page instead of 1. PostgreSQL keeps its
     * own statistics. Not in a transaction: ANALYZE reads the whole table (0.1 to 0.2 s at
     * 100,000), which a sample would misjudge (a severity's rows sit together in its index).
     */
    async refreshPlannerStatistics(): Promise<boolean> {
      if (sql.engine !== 'sqlite') return false
      const rows = await count('SELECT COUNT(*) AS n FROM xray_violations')
      const stat = await sql
        .one<{ stat: string }>("SELECT stat FROM sqlite_stat1 WHERE tbl = 'xray_violations' LIMIT 1")
        .catch(() => undefined)
      const analyzed = stat ? Number(stat.stat.split(' ')[0]) : undefined
      if (analyzed !== undefined && rows <= analyzed * 2 && rows * 2 >= analyzed) return false
      await sql.run('ANALYZE xray_violations')
      return true
    },
  }
}
