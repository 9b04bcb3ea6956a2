/**
 * Catalogue rows as GraphQL objects. Fields that cost a query (a version's package and
 * files) are functions, which graphql-js's default resolver calls only when selected.
 */
import type { Sql } from '../db/sql'
import { systemClock, type Clock } from '../clock'
import { xrayStore } from '../xray/store'
import { provenanceReader, type Provenance } from '../remote/provenance'
import type { VersionSource } from '../remote/store'
import { versionSummary } from '../catalog/packageRefresh'
import {
  catalogueReads,
  type FileRow,
  type PackageRow,
  type VersionRepoRow,
  type VersionRow,
} from './catalogueStore'

export {
  packagePageRow,
  PACKAGE_PAGE_COLUMNS,
  VERSION_COLUMNS,
  type PackagePageRow,
  type PackageRow,
  type VersionRow,
} from './catalogueStore'

/**
 * The platform's scanner (server/xray) scans npm versions of its indexed repositories: a
 * package of another type is never scanned; a version is scanned when its scan says so.
 */
export const SCANNED_TYPES: ReadonlySet<string> = new Set(['npm'])
const packageScanned = (r: Pick<PackageRow, 'package_type'>) => SCANNED_TYPES.has(r.package_type)

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
  versionsOf: (packageId: string) => Promise<ReadonlyArray<VersionRepoRow>>,
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
  /** A package's versions and their repositories (a caller reading some repositories sees those). */
  versionRepos(packageId: string): Promise<ReadonlyArray<VersionRepoRow>>
  provenance(version: VersionRow): Promise<Provenance | null>
}

export function nodeLoaders(sql: Sql, clock: Clock = systemClock) {
  const reads = catalogueReads(sql)
  /**
   * The package as a caller reading only `readable` (absent: every repository) sees it, its
   * versions read through `versionsOf` (a page reads its packages' versions at once).
   */
  const packageFor = (
    row: PackageRow,
    readable?: ReadonlyArray<string>,
    hidden?: ReadonlySet<string>,
    versionsOf: (packageId: string) => Promise<ReadonlyArray<VersionRepoRow>> = reads.versionRepos,
  ) => seenBy(row, readable, versionsOf, hidden)
  const findPackage = (id: string) => reads.packageById(id)
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
    const files = once(() => reads.filesOfEach(versionIds))
    const statuses = once(() => scans.scanStatusesOf(versionIds))
    const packages = new Map<string, Promise<PackageRow | undefined>>()
    const packageRow = (id: string) => {
      let row = packages.get(id)
      if (!row) packages.set(id, (row = findPackage(id)))
      return row
    }
    // The page's versions are mostly of one package: its versions read once for all of them.
    const versionsOfPackage = new Map<string, Promise<ReadonlyArray<VersionRepoRow>>>()
    const versionRepos = (id: string) => {
      let versions = versionsOfPackage.get(id)
      if (!versions) versionsOfPackage.set(id, (versions = reads.versionRepos(id)))
      return versions
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
      versionRepos,
      provenance: async (r) => (await provenances()).get(r.id) ?? null,
    }
  }
  // A node made alone (not from a page) reads its own rows.
  const alone: PageLoaders = {
    files: (id) => reads.filesOf(id),
    scanStatus: async (id) => (await scans.scanOf(id))?.status,
    packageRow: findPackage,
    versionRepos: reads.versionRepos,
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
      return packageNode(await packageFor(p, readable, hidden, load.versionRepos))
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
