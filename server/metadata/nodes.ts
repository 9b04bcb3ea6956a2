/**
 * Catalogue rows as GraphQL objects. Fields that cost a query (a version's package and
 * files) are functions, which graphql-js's default resolver calls only when selected.
 */
import type { Sql } from '../db/sql'
import { placeholders } from '../db/sql'
import { systemClock, type Clock } from '../clock'
import { xrayStore } from '../xray/store'
import { provenanceReader, type Provenance } from '../remote/provenance'
import type { VersionSource } from '../remote/store'
import { versionSummary } from '../catalog/packageRefresh'

export interface PackageRow {
  id: string
  name: string
  description: string | null
  package_type: string
  created: string
  modified: string
  latest_version: string | null
  latest_release_version: string | null
  versions_count: number
  release_versions_count: number
  downloads: number
  followers: number
  licenses_json: string
  tags_json: string
  vuln_critical: number
  vuln_high: number
  vuln_medium: number
  vuln_low: number
  vuln_info: number
  vuln_unknown: number
  vuln_skipped: number
  operational_risk: string | null
  /** 'published' for packages deployed through the registry; the catalogue's own otherwise. */
  source?: string
}

/** A page row: the package's columns and the name's sort key. */
export type PackagePageRow = PackageRow & { name_lower: string }

/**
 * The columns of a page row, in the order `packagePageRow` reads them. A page is read as
 * arrays (better-sqlite3's `raw`) and made into objects here: better-sqlite3 builds each row
 * object through V8's C++ API, which for a page of 100 packages cost more than SQLite's own
 * work (about 0.3 of 0.5 ms on this machine); an object literal costs next to nothing. The
 * store interface's `rows` answers arrays on both engines.
 */
export const PACKAGE_PAGE_COLUMNS =
  'p.id, p.name, p.name_lower, p.description, p.package_type, p.created, p.modified, p.latest_version, ' +
  'p.latest_release_version, p.versions_count, p.release_versions_count, p.downloads, p.followers, ' +
  'p.licenses_json, p.tags_json, p.vuln_critical, p.vuln_high, p.vuln_medium, p.vuln_low, p.vuln_info, ' +
  'p.vuln_unknown, p.vuln_skipped, p.operational_risk, p.source'

export const packagePageRow = (r: ReadonlyArray<unknown>): PackagePageRow =>
  ({
    id: r[0],
    name: r[1],
    name_lower: r[2],
    description: r[3],
    package_type: r[4],
    created: r[5],
    modified: r[6],
    latest_version: r[7],
    latest_release_version: r[8],
    versions_count: r[9],
    release_versions_count: r[10],
    downloads: r[11],
    followers: r[12],
    licenses_json: r[13],
    tags_json: r[14],
    vuln_critical: r[15],
    vuln_high: r[16],
    vuln_medium: r[17],
    vuln_low: r[18],
    vuln_info: r[19],
    vuln_unknown: r[20],
    vuln_skipped: r[21],
    operational_risk: r[22],
    source: r[23],
  }) as PackagePageRow

/**
 * The platform's scanner (server/xray) scans npm versions of its indexed repositories: a
 * package of another type is never scanned; a version is scanned when its scan says so.
 */
export const SCANNED_TYPES: ReadonlySet<string> = new Set(['npm'])
const packageScanned = (r: Pick<PackageRow, 'package_type'>) => SCANNED_TYPES.has(r.package_type)

export interface VersionRow {
  id: string
  package_id: string
  name: string
  created: string
  modified: string
  prerelease: number
  size: number
  download_count: number
  licenses_json: string
  vuln_critical: number
  vuln_high: number
  vuln_medium: number
  vuln_low: number
  vuln_info: number
  vuln_unknown: number
  vuln_skipped: number
  digest: string | null
  repo: string
  repo_type: string
  lead_file_path: string
}

/** The columns of a `VersionRow`, in its order (not the README, which no version node shows). */
export const VERSION_COLUMNS =
  'id, package_id, name, created, modified, prerelease, size, download_count, licenses_json, ' +
  'vuln_critical, vuln_high, vuln_medium, vuln_low, vuln_info, vuln_unknown, vuln_skipped, digest, ' +
  'repo, repo_type, lead_file_path'

interface FileRow {
  name: string
  path: string
  lead: number
  size: number
  md5: string
  sha1: string
  sha256: string
  mime_type: string
}

type VulnRow = Pick<
  PackageRow,
  'vuln_critical' | 'vuln_high' | 'vuln_medium' | 'vuln_low' | 'vuln_info' | 'vuln_unknown' | 'vuln_skipped'
>

const vulnerabilitiesOf = (r: VulnRow) => ({
  critical: r.vuln_critical,
  high: r.vuln_high,
  medium: r.vuln_medium,
  low: r.vuln_low,
  info: r.vuln_info,
  unknown: r.vuln_unknown,
  skipped: r.vuln_skipped,
})

const parseList = <T>(json: string): T[] => {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? (value as T[]) : []
}

/** A package as the schema's `Package`; `releaseOnly` makes latestVersion/versionsCount ignore pre-releases. */
export function packageNode(r: PackageRow, releaseOnly = false) {
  return {
    id: r.id,
    name: r.name,
    packageType: r.package_type,
    description: r.description,
    created: r.created,
    modified: r.modified,
    latestVersion: releaseOnly ? r.latest_release_version : r.latest_version,
    versionsCount: releaseOnly ? r.release_versions_count : r.versions_count,
    stats: { downloads: r.downloads, followers: r.followers },
    licenses: parseList<{ name: string; source: string }>(r.licenses_json),
    tags: parseList<string>(r.tags_json),
    vulnerabilities: vulnerabilitiesOf(r),
    operationalRisk: r.operational_risk ? { riskLevel: r.operational_risk } : null,
    scanned: packageScanned(r),
  }
}

/**
 * The package as a caller who may read only `readable` repositories sees it: its latest
 * versions and counts over the versions in those alone (the row as stored when it may read
 * every repository, or every version is in one it may read).
 */
export async function seenBy(
  row: PackageRow,
  readable: ReadonlyArray<string> | undefined,
  versionsOf: (packageId: string) => Promise<ReadonlyArray<{ id: string; name: string; repo: string }>>,
  hidden?: ReadonlySet<string>,
): Promise<PackageRow> {
  if (!readable) return row
  const versions = await versionsOf(row.id)
  const shown = versions.filter((v) => readable.includes(v.repo) && !hidden?.has(v.id))
  if (shown.length === versions.length) return row
  const summary = versionSummary(shown.map((v) => v.name))
  return {
    ...row,
    latest_version: summary.latest,
    latest_release_version: summary.latestRelease,
    versions_count: summary.count,
    release_versions_count: summary.releaseCount,
  }
}

const Q = {
  packageById: 'SELECT * FROM catalog_packages WHERE id = ?',
  versionRepos: 'SELECT id, name, repo FROM catalog_versions WHERE package_id = ?',
  filesOf:
    'SELECT name, path, lead, size, md5, sha1, sha256, mime_type FROM catalog_files WHERE version_id = ? ORDER BY lead DESC, path',
  filesOfEach: (n: number) =>
    'SELECT version_id, name, path, lead, size, md5, sha1, sha256, mime_type FROM catalog_files ' +
    `WHERE version_id IN (${placeholders(n)}) ORDER BY version_id, lead DESC, path`,
}

/** Loads `load` once, on first use: a field asked of every node of a page costs one query. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => (loading ??= load())
}

/**
 * What the nodes of one page of versions share: their files, scans and provenance read in a
 * query or a few each when a node first asks, and their package row once (a page of 100
 * versions asked 400 queries, and 700 more for a remote's versions not cached).
 */
export interface PageLoaders {
  files(versionId: string): Promise<FileRow[]>
  scanStatus(versionId: string): Promise<string | undefined>
  packageRow(packageId: string): Promise<PackageRow | undefined>
  provenance(version: VersionRow): Promise<Provenance | null>
}

export function nodeLoaders(sql: Sql, clock: Clock = systemClock) {
  /** The package as a caller reading only `readable` (absent: every repository) sees it. */
  const packageFor = (row: PackageRow, readable?: ReadonlyArray<string>, hidden?: ReadonlySet<string>) =>
    seenBy(
      row,
      readable,
      (id) => sql.all<{ id: string; name: string; repo: string }>(Q.versionRepos, [id]),
      hidden,
    )
  const findPackage = (id: string) => sql.one<PackageRow>(Q.packageById, [id])
  const scans = xrayStore(sql)
  const provenanceOf = provenanceReader(sql, clock)

  /** The source provenance asks about: the version's repository, package name and lead file. */
  const sourceOf = (r: VersionRow, p: PackageRow): VersionSource => ({
    repo: r.repo,
    packageName: p.name,
    version: r.name,
    leadFilePath: r.lead_file_path,
  })

  const pageLoaders = (rows: ReadonlyArray<VersionRow>): PageLoaders => {
    const versionIds = rows.map((r) => r.id)
    const files = once(async () => {
      const byVersion = new Map<string, FileRow[]>()
      if (versionIds.length === 0) return byVersion
      for (const row of await sql.all<FileRow & { version_id: string }>(
        Q.filesOfEach(versionIds.length),
        versionIds,
      )) {
        const { version_id, ...file } = row
        const list = byVersion.get(version_id)
        if (list) list.push(file)
        else byVersion.set(version_id, [file])
      }
      return byVersion
    })
    const statuses = once(() => scans.scanStatusesOf(versionIds))
    const packages = new Map<string, Promise<PackageRow | undefined>>()
    const packageRow = (id: string) => {
      let row = packages.get(id)
      if (!row) packages.set(id, (row = findPackage(id)))
      return row
    }
    const provenances = once(async () => {
      const known: Array<{ id: string; source: VersionSource }> = []
      for (const r of rows) {
        const p = await packageRow(r.package_id)
        if (p) known.push({ id: r.id, source: sourceOf(r, p) })
      }
      const found = await provenanceOf.many(known.map((k) => k.source))
      return new Map(known.map((k, i) => [k.id, found[i]!]))
    })
    return {
      files: async (id) => (await files()).get(id) ?? [],
      scanStatus: async (id) => (await statuses()).get(id),
      packageRow,
      provenance: async (r) => (await provenances()).get(r.id) ?? null,
    }
  }
  // A node made alone (not from a page) reads its own rows.
  const alone: PageLoaders = {
    files: (id) => sql.all<FileRow>(Q.filesOf, [id]),
    scanStatus: async (id) => (await scans.scanOf(id))?.status,
    packageRow: findPackage,
    provenance: async (r) => {
      const p = await findPackage(r.package_id)
      return p ? provenanceOf(sourceOf(r, p)) : null
    },
  }

  const versionNode = (
    r: VersionRow,
    readable?: ReadonlyArray<string>,
    hidden?: ReadonlySet<string>,
    load: PageLoaders = alone,
  ) => ({
    id: r.id,
    name: r.name,
    created: r.created,
    modified: r.modified,
    package: async () => {
      const p = await load.packageRow(r.package_id)
      if (!p) throw new Error(`version ${r.id} has no package`)
      return packageNode(await packageFor(p, readable, hidden))
    },
    repos: [{ name: r.repo, type: r.repo_type, leadFilePath: r.lead_file_path }],
    licenses: parseList<{ name: string; source: string }>(r.licenses_json),
    size: r.size,
    stats: { downloadCount: r.download_count },
    vulnerabilities: vulnerabilitiesOf(r),
    files: async () =>
      (await load.files(r.id)).map((f) => ({
        name: f.name,
        path: f.path,
        lead: f.lead === 1,
        size: f.size,
        md5: f.md5,
        sha1: f.sha1,
        sha256: f.sha256,
        mimeType: f.mime_type,
      })),
    digest: r.digest,
    scanned: async () => (await load.scanStatus(r.id)) === 'scanned',
    provenance: () => load.provenance(r),
  })

  return { findPackage, packageFor, versionNode, pageLoaders }
}
