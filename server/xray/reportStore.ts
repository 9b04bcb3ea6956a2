/**
 * Every SQL statement of the scanner's reports: the reports with their progress and rows, and
 * what a report reads of the scans (versions in scope, their findings, licences and violations
 * in force). On the asynchronous interface, so a report reads the same on both engines.
 */
import { placeholders, type Sql, type SqlValue } from '../db/sql'
import { BUILD_RESOURCE, notIgnored } from './store'

export const REPORT_KINDS = ['vulnerabilities', 'licenses', 'violations'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]
export type ReportStatus = 'queued' | 'running' | 'done' | 'failed'
export type Cell = string | number | boolean

export interface ReportRecord {
  readonly id: string
  readonly name: string
  readonly kind: ReportKind
  readonly repositories: string[]
  /** The builds chosen, by name: a violations report holds what the watches naming them found in them. */
  readonly builds: string[]
  readonly status: ReportStatus
  readonly done: number
  readonly total: number
  readonly rows: number
  readonly error: string | null
  readonly createdBy: string
  readonly created: string
  readonly finished: string | null
}

interface ReportDbRow {
  id: string
  name: string
  kind: ReportKind
  repositories_json: string
  builds_json: string
  status: ReportStatus
  done: number
  total: number
  row_count: number
  error: string | null
  node_id: string
  created_by: string
  created: string
  finished: string | null
}

const toReport = (r: ReportDbRow): ReportRecord => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  repositories: JSON.parse(r.repositories_json) as string[],
  builds: JSON.parse(r.builds_json) as string[],
  status: r.status,
  done: Number(r.done),
  total: Number(r.total),
  rows: Number(r.row_count),
  error: r.error,
  createdBy: r.created_by,
  created: r.created,
  finished: r.finished,
})

export interface FindingOfVersion {
  readonly version_id: string
  readonly package_id: string
  readonly version: string
  readonly repo: string
  readonly advisory_id: string
  readonly severity: string
  readonly cvss_score: number | null
  readonly component: string
  readonly component_version: string
  readonly direct: number
  readonly fixed_json: string
  readonly summary: string | null
  readonly aliases_json: string | null
}

export interface LicencesOfVersion {
  readonly id: string
  readonly package_id: string
  readonly version: string
  readonly repo: string
  readonly licenses_json: string
  readonly status: string | null
  /** A container image's packages as its layers' inventory holds them (null for npm versions). */
  readonly components_json: string | null
}

/** A build's violation in force, with the version of the build it was found in. */
export interface ViolationOfBuild extends Omit<ViolationOfVersion, 'version_id' | 'package_id' | 'version'> {
  readonly build: string
  readonly number: string
  /** The version's id, and `repo` its repository ('' when it is gone). */
  readonly found_in: string | null
}

export interface ViolationOfVersion {
  readonly version_id: string
  readonly package_id: string
  readonly version: string
  readonly repo: string
  readonly watch_name: string
  readonly policy_name: string
  readonly rule_name: string
  readonly type: string
  readonly issue: string
  readonly component: string
  readonly severity: string
  readonly block_download: number
  readonly fail_build: number
  readonly created: string
}

/**
 * Versions in scope: npm versions and container images' tags of the indexed repositories, of the
 * chosen ones when some are.
 */
const scope = (repositories: readonly string[]) =>
  `v.repo_type IN ('npm', 'docker') AND v.repo IN (SELECT repo FROM xray_indexed_repos)${
    repositories.length > 0 ? ` AND v.repo IN (${placeholders(repositories.length)})` : ''
  }`

const ACTIVE = notIgnored()
const BUILD_ACTIVE = notIgnored(BUILD_RESOURCE)

export class ReportStore {
  constructor(private readonly sql: Sql) {}

  async create(r: {
    id: string
    name: string
    kind: ReportKind
    repositories: readonly string[]
    builds: readonly string[]
    nodeId: string
    createdBy: string
    created: string
  }): Promise<void> {
    await this.sql.run(
      `INSERT INTO xray_reports (id, name, kind, repositories_json, builds_json, status, node_id, created_by,
         created)
       VALUES (?, ?, ?, ?, ?, 'queued', ?, ?, ?)`,
      [
        r.id,
        r.name,
        r.kind,
        JSON.stringify(r.repositories),
        JSON.stringify(r.builds),
        r.nodeId,
        r.createdBy,
        r.created,
      ],
    )
  }

  async get(id: string): Promise<ReportRecord | undefined> {
    const row = await this.sql.one<ReportDbRow>('SELECT * FROM xray_reports WHERE id = ?', [id])
    return row && toReport(row)
  }

  async list(limit: number): Promise<ReportRecord[]> {
    const rows = await this.sql.all<ReportDbRow>(
      'SELECT * FROM xray_reports ORDER BY created DESC, id DESC LIMIT ?',
      [limit],
    )
    return rows.map(toReport)
  }

  async delete(id: string): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      await tx.run('DELETE FROM xray_report_rows WHERE report_id = ?', [id])
      return (await tx.run('DELETE FROM xray_reports WHERE id = ?', [id])).changes > 0
    })
  }

  async start(id: string, total: number): Promise<void> {
    await this.sql.run(`UPDATE xray_reports SET status = 'running', total = ?, done = 0 WHERE id = ?`, [
      total,
      id,
    ])
  }

  /** A batch of rows and the progress after it, together. */
  async append(id: string, from: number, rows: readonly Cell[][], done: number): Promise<void> {
    await this.sql.transaction(async (tx) => {
      let position = from
      for (const cells of rows)
        await tx.run('INSERT INTO xray_report_rows (report_id, position, cells_json) VALUES (?, ?, ?)', [
          id,
          position++,
          JSON.stringify(cells),
        ])
      await tx.run('UPDATE xray_reports SET done = ?, row_count = ? WHERE id = ?', [done, position, id])
    })
  }

  async finish(id: string, at: string): Promise<void> {
    await this.sql.run(`UPDATE xray_reports SET status = 'done', finished = ? WHERE id = ?`, [at, id])
  }

  /** A failed report keeps no rows: what it holds would read as the whole answer. */
  async fail(id: string, error: string, at: string): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.run('DELETE FROM xray_report_rows WHERE report_id = ?', [id])
      await tx.run(
        `UPDATE xray_reports SET status = 'failed', error = ?, finished = ?, row_count = 0 WHERE id = ?`,
        [error, at, id],
      )
    })
  }

  /** Reports a node left unfinished when it stopped: failed, since nothing runs them any more. */
  async failUnfinished(nodeId: string, error: string, at: string): Promise<number> {
    const unfinished = await this.sql.all<{ id: string }>(
      `SELECT id FROM xray_reports WHERE node_id = ? AND status IN ('queued', 'running')`,
      [nodeId],
    )
    for (const { id } of unfinished) await this.fail(id, error, at)
    return unfinished.length
  }

  async rows(id: string, offset: number, limit: number): Promise<Cell[][]> {
    const rows = await this.sql.all<{ cells_json: string }>(
      'SELECT cells_json FROM xray_report_rows WHERE report_id = ? AND position >= ? ORDER BY position LIMIT ?',
      [id, offset, limit],
    )
    return rows.map((r) => JSON.parse(r.cells_json) as Cell[])
  }

  // --- What a report reads ---

  /** Which of these names no build has a run of. */
  async unknownBuilds(names: readonly string[]): Promise<string[]> {
    if (names.length === 0) return []
    const known = new Set(
      (
        await this.sql.all<{ name: string }>(
          `SELECT DISTINCT name FROM catalog_builds WHERE name IN (${placeholders(names.length)})`,
          names,
        )
      ).map((b) => b.name),
    )
    return names.filter((n) => !known.has(n))
  }

  /** The runs of these builds, or of every build when none is named. */
  async buildRunsInScope(builds: readonly string[] | 'all'): Promise<number> {
    const all = builds === 'all'
    if (!all && builds.length === 0) return 0
    const row = await this.sql.one<{ n: number }>(
      `SELECT COUNT(*) AS n FROM catalog_builds${all ? '' : ` WHERE name IN (${placeholders(builds.length)})`}`,
      all ? [] : builds,
    )
    return Number(row?.n ?? 0)
  }

  /** Violations in force at `now` of the runs of these builds (or of every build), run by run. */
  async buildViolationsOf(builds: readonly string[] | 'all', now: string): Promise<ViolationOfBuild[]> {
    const all = builds === 'all'
    if (!all && builds.length === 0) return []
    return this.sql.all<ViolationOfBuild>(
      `SELECT b.name AS build, b.number, x.found_in, COALESCE(f.repo, '') AS repo, x.watch_name,
         x.policy_name, x.rule_name, x.type, x.issue, x.component, x.severity, x.block_download, x.fail_build,
         x.created
       FROM xray_build_violations x JOIN catalog_builds b ON b.id = x.build_id
         LEFT JOIN catalog_versions f ON f.id = x.found_in
       WHERE ${BUILD_ACTIVE}${all ? '' : ` AND b.name IN (${placeholders(builds.length)})`}
       ORDER BY b.name, b.number, x.id`,
      [now, ...(all ? [] : builds)],
    )
  }

  async indexedRepos(): Promise<string[]> {
    return (await this.sql.all<{ repo: string }>('SELECT repo FROM xray_indexed_repos ORDER BY repo')).map(
      (r) => r.repo,
    )
  }

  async versionsInScope(repositories: readonly string[]): Promise<number> {
    const row = await this.sql.one<{ n: number }>(
      `SELECT COUNT(*) AS n FROM catalog_versions v WHERE ${scope(repositories)}`,
      repositories,
    )
    return Number(row?.n ?? 0)
  }

  /** Which of these versions the chosen repositories' scope holds already. */
  async inScope(repositories: readonly string[], ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set()
    const rows = await this.sql.all<{ id: string }>(
      `SELECT v.id FROM catalog_versions v WHERE ${scope(repositories)} AND v.id IN (${placeholders(ids.length)})`,
      [...repositories, ...ids],
    )
    return new Set(rows.map((r) => r.id))
  }

  /** The next ids in scope after `after`, in id order. */
  async versionIds(repositories: readonly string[], after: string, limit: number): Promise<string[]> {
    const rows = await this.sql.all<{ id: string }>(
      `SELECT v.id FROM catalog_versions v WHERE ${scope(repositories)} AND v.id > ? ORDER BY v.id LIMIT ?`,
      [...repositories, after, limit],
    )
    return rows.map((r) => r.id)
  }

  async findingsOf(ids: readonly string[]): Promise<FindingOfVersion[]> {
    if (ids.length === 0) return []
    return this.sql.all<FindingOfVersion>(
      `SELECT f.version_id, v.package_id, v.name AS version, v.repo, f.advisory_id, f.severity, f.cvss_score,
         f.component, f.component_version, f.direct, f.fixed_json, a.summary, a.aliases_json
       FROM xray_findings f JOIN catalog_versions v ON v.id = f.version_id
       LEFT JOIN xray_advisories a ON a.id = f.advisory_id
       WHERE f.version_id IN (${placeholders(ids.length)}) ORDER BY f.version_id, f.advisory_id, f.component`,
      ids,
    )
  }

  async licencesOf(ids: readonly string[]): Promise<LicencesOfVersion[]> {
    if (ids.length === 0) return []
    return this.sql.all<LicencesOfVersion>(
      `SELECT v.id, v.package_id, v.name AS version, v.repo, v.licenses_json, s.status, i.components_json
       FROM catalog_versions v LEFT JOIN xray_scans s ON s.version_id = v.id
         LEFT JOIN xray_image_inventories i ON i.version_id = v.id
       WHERE v.id IN (${placeholders(ids.length)}) ORDER BY v.id`,
      ids,
    )
  }

  /** Violations in force at `now` of these versions. */
  async violationsOf(ids: readonly string[], now: string, type?: string): Promise<ViolationOfVersion[]> {
    if (ids.length === 0) return []
    const params: SqlValue[] = [now, ...ids]
    if (type) params.push(type)
    return this.sql.all<ViolationOfVersion>(
      `SELECT x.version_id, v.package_id, v.name AS version, v.repo, x.watch_name, x.policy_name, x.rule_name,
         x.type, x.issue, x.component, x.severity, x.block_download, x.fail_build, x.created
       FROM xray_violations x JOIN catalog_versions v ON v.id = x.version_id
       WHERE ${ACTIVE} AND x.version_id IN (${placeholders(ids.length)})${type ? ' AND x.type = ?' : ''}
       ORDER BY x.version_id, x.id`,
      params,
    )
  }
}
