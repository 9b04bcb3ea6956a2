/** The overview's figures as stored: the catalogue's packages and vulnerabilities, the latest deployments, what the storage cache counts. */
import type { Sql } from '../db/sql'
import { DAY_MS, STORAGE_SAMPLES_KEPT_DAYS, type StorageSample } from './storageHistory'

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'unknown'] as const
export type Severity = (typeof SEVERITIES)[number]

export interface Deployment {
  readonly repo: string
  readonly path: string
  readonly size: number
  readonly deployedBy: string
  readonly created: string
}

const BY_TYPE =
  'SELECT package_type AS type, COUNT(*) AS count FROM catalog_packages GROUP BY package_type ORDER BY count DESC, type'
const VULNERABILITIES = `SELECT ${SEVERITIES.map((s) => `COALESCE(SUM(vuln_${s}), 0) AS ${s}`).join(', ')} FROM catalog_packages`
// Quoted aliases keep their case on PostgreSQL, which folds unquoted names to lower case.
// Every deployment: a stored file, or a package version's lead file that someone deployed.
const DEPLOYMENTS = `SELECT repo, path, size, deployed_by AS "deployedBy", modified AS created FROM artifacts
    UNION ALL
    SELECT f.repo, f.path, f.size, f.deployed_by, v.created
    FROM catalog_files f JOIN catalog_versions v ON v.id = f.version_id
    WHERE f.deployed_by IS NOT NULL AND f.lead = 1`
const RECENT = `SELECT repo, path, size, "deployedBy", created FROM (${DEPLOYMENTS}) deployments
    ORDER BY created DESC, path LIMIT ?`
// Deployments a UTC day (created is an ISO text: its first ten characters are the day).
const PER_DAY = `SELECT substr(created, 1, 10) AS day, COUNT(*) AS count FROM (${DEPLOYMENTS}) deployments
    WHERE created >= ? GROUP BY substr(created, 1, 10)`
// Index-only reads: counts and maxima over primary keys and indexes, no file contents.
const CHANGES = `SELECT (SELECT COUNT(*) FROM blobs) AS blobs, (SELECT COALESCE(MAX(created), '') FROM blobs) AS latest,
    (SELECT COUNT(*) FROM catalog_files) AS files, (SELECT COALESCE(MAX(id), 0) FROM catalog_files) AS "lastFile"`
// Distinct contents with their sizes; length() of a blob reads its header, not its bytes.
const TOTALS = `SELECT COUNT(*) AS files, COALESCE(SUM(size), 0) AS bytes FROM (
    SELECT sha256, size FROM blobs
    UNION
    SELECT sha256, length(content) FROM catalog_files WHERE content IS NOT NULL
  ) contents`

export function overviewStore(sql: Sql) {
  return {
    packagesByType: () => sql.all<{ type: string; count: number }>(BY_TYPE),
    async vulnerabilities(): Promise<Record<Severity, number>> {
      return (await sql.one<Record<Severity, number>>(VULNERABILITIES))!
    },
    recentDeployments: (limit: number) => sql.all<Deployment>(RECENT, [limit]),
    /** Deployments on each UTC day from `day` (YYYY-MM-DD) on; days without any are absent. */
    deploymentsSince: (day: string) => sql.all<{ day: string; count: number }>(PER_DAY, [day]),
    /** Changes whenever a stored file is added or removed. */
    async storageFingerprint(): Promise<string> {
      const row = (await sql.one<{ blobs: number; latest: string; files: number; lastFile: number }>(
        CHANGES,
      ))!
      return `${row.blobs}|${row.latest}|${row.files}|${row.lastFile}`
    },
    async storageTotals(): Promise<{ files: number; bytes: number }> {
      return (await sql.one<{ files: number; bytes: number }>(TOTALS))!
    },
  }
}

/** Storage used over time: a sample an hour (./storageHistory.ts). */
export function storageHistory(sql: Sql) {
  return {
    /** Keeps the sample as its hour's, replacing an earlier one of the same hour. */
    async record(sample: StorageSample): Promise<void> {
      await sql.run(
        `INSERT INTO storage_samples (hour, sampled_at, artifact_bytes, files) VALUES (?, ?, ?, ?)
         ON CONFLICT (hour) DO UPDATE SET sampled_at = excluded.sampled_at,
           artifact_bytes = excluded.artifact_bytes, files = excluded.files
         WHERE excluded.sampled_at >= storage_samples.sampled_at`,
        [sample.sampledAt.slice(0, 13), sample.sampledAt, sample.artifactBytes, sample.files],
      )
    },
    /** Every sample from `day` (YYYY-MM-DD) on, oldest first. */
    since: (day: string) =>
      sql.all<StorageSample>(
        `SELECT sampled_at AS "sampledAt", artifact_bytes AS "artifactBytes", files FROM storage_samples
         WHERE hour >= ? ORDER BY hour`,
        [day],
      ),
    /** Deletes the samples of the hours before `sampledAt` less the days kept. */
    async prune(sampledAt: string): Promise<void> {
      const oldest = new Date(Date.parse(sampledAt) - STORAGE_SAMPLES_KEPT_DAYS * DAY_MS).toISOString()
      await sql.run('DELETE FROM storage_samples WHERE hour < ?', [oldest.slice(0, 13)])
    },
  }
}
