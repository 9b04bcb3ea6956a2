/**
 * The catalogue as the metadata API reads it (portable SQL over server/db/sql.ts): a page of
 * packages filtered and ordered in SQL with keyset paging on (sort column, id), their count, a
 * package, its versions' keys and rows, and their files. The filters arrive checked (dates as ISO,
 * a checksum as its column): what is refused, and why, is the resolvers' (resolvers.ts).
 */
import type { Engine, Sql, SqlValue } from '../db/sql'
import { placeholders } from '../db/sql'
import { LATEST_VERSION_NAME } from '../db/sqlFunctions'
import { wildcardMatch } from './wildcard'
import { readOnce } from '../db/onePage'
import { CATALOGUE_READS } from '../catalog/store'

/** A row's vulnerability counts by severity, and its scans' skipped findings. */
export interface VulnerabilityCounts {
  vuln_critical: number
  vuln_high: number
  vuln_medium: number
  vuln_low: number
  vuln_info: number
  vuln_unknown: number
  vuln_skipped: number
}

export interface PackageRow extends VulnerabilityCounts {
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

export interface VersionRow extends VulnerabilityCounts {
  id: string
  package_id: string
  name: string
  created: string
  modified: string
  prerelease: number
  size: number
  download_count: number
  licenses_json: string
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

export interface FileRow {
  name: string
  path: string
  lead: number
  size: number
  md5: string
  sha1: string
  sha256: string
  mime_type: string
}

// No repository is named so (keys start with a letter or digit; PostgreSQL's text holds no NUL):
// a filter on it matches nothing (an empty list means no filter).
export const NO_REPOSITORY = ' '

/** The file column a checksum is looked up in, by its algorithm (each column has its index). */
export type ChecksumColumn = 'md5' | 'sha1' | 'sha256'

/** A packages query's filter, checked: its dates ISO, its checksum a column and lowercased value. */
export interface PackageWhere {
  readonly name?: string | null
  readonly description?: string | null
  readonly packageTypeIn?: readonly string[] | null
  readonly repositoriesIn?: readonly string[] | null
  readonly licensesIn?: readonly string[] | null
  readonly severitiesIn?: readonly string[] | null
  readonly createdMin?: string
  readonly createdMax?: string
  readonly modifiedMin?: string
  readonly modifiedMax?: string
  readonly latestVersion?: string | null
  readonly versionCountMin?: number | null
  readonly versionCountMax?: number | null
  readonly ignorePreRelease?: boolean | null
  readonly checksum?: { readonly column: ChecksumColumn; readonly value: string }
}

/** Who asks: the repositories it may read (absent: all) and the versions hidden from it there. */
export interface Reader {
  readonly readable?: ReadonlyArray<string>
  readonly hidden?: ReadonlySet<string>
}

export type PackageOrder = 'NAME' | 'CREATED' | 'MODIFIED' | 'DOWNLOADS'
type Direction = 'ASC' | 'DESC'

const inList = (values: readonly unknown[]) => placeholders(values.length)

const SEVERITY_COLUMNS: Record<string, string> = {
  CRITICAL: 'vuln_critical',
  HIGH: 'vuln_high',
  MEDIUM: 'vuln_medium',
  LOW: 'vuln_low',
  INFO: 'vuln_info',
  UNKNOWN: 'vuln_unknown',
}

const PACKAGE_ORDER_COLUMNS: Record<PackageOrder, string> = {
  NAME: 'name_lower',
  CREATED: 'created',
  MODIFIED: 'modified',
  DOWNLOADS: 'downloads',
}

/**
 * The SQL of a package's latest version and version count as the caller sees them: the stored
 * columns (every repository's versions) for a caller who may read every repository, otherwise
 * over the versions in the repositories it may read, as versionsCount and latestVersion show
 * them, so a filter tells nothing about versions it may not read.
 */
function seenColumns(
  engine: Engine,
  readable: ReadonlyArray<string> | undefined,
  releaseOnly: boolean,
  hidden: ReadonlySet<string> | undefined,
): { latest: string; count: string; params: SqlValue[] } {
  if (!readable)
    return releaseOnly
      ? { latest: 'p.latest_release_version', count: 'p.release_versions_count', params: [] }
      : { latest: 'p.latest_version', count: 'p.versions_count', params: [] }
  const repos = readable.length > 0 ? readable : [NO_REPOSITORY]
  const notHidden = hiddenCondition(engine, hidden)
  const over = `FROM catalog_versions v WHERE v.package_id = p.id AND v.repo IN (${inList(repos)})${
    releaseOnly ? ' AND v.prerelease = 0' : ''
  }${notHidden.sql}`
  return {
    latest: `(SELECT ${LATEST_VERSION_NAME}(v.name) ${over})`,
    count: `(SELECT COUNT(*) ${over})`,
    params: [...repos, ...notHidden.params],
  }
}

/**
 * ` AND v.id` is none of the hidden versions, as one JSON parameter however many they are
 * (nothing when none is hidden).
 */
function hiddenCondition(
  engine: Engine,
  hidden: ReadonlySet<string> | undefined,
): { sql: string; params: SqlValue[] } {
  if (!hidden?.size) return { sql: '', params: [] }
  return {
    sql:
      engine === 'sqlite'
        ? ' AND v.id NOT IN (SELECT value FROM json_each(?))'
        : ' AND v.id NOT IN (SELECT jsonb_array_elements_text(CAST(? AS jsonb)))',
    params: [JSON.stringify([...hidden])],
  }
}

/** The conditions of a packages query (none: every package) and their parameters. */
function packageWhere(
  engine: Engine,
  filter: PackageWhere,
  reader: Reader,
): { conditions: string[]; params: SqlValue[] } {
  const { readable, hidden } = reader
  const where: string[] = []
  const params: SqlValue[] = []
  const matching = (column: string, pattern: string) => {
    const match = wildcardMatch(engine, column, pattern)
    where.push(match.sql)
    return match.param
  }
  const releaseOnly = filter.ignorePreRelease === true
  const seen = seenColumns(engine, readable, releaseOnly, hidden)
  if (filter.name != null && filter.name !== '' && filter.name !== '*') {
    params.push(matching('p.name_lower', filter.name))
  }
  if (filter.description != null && filter.description !== '' && filter.description !== '*') {
    params.push(matching('p.description_lower', filter.description))
  }
  if (filter.packageTypeIn?.length && !filter.packageTypeIn.includes('*')) {
    where.push(`p.package_type IN (${inList(filter.packageTypeIn)})`)
    params.push(...filter.packageTypeIn.map((t) => t.toLowerCase()))
  }
  if (filter.repositoriesIn?.length) {
    const notHidden = hiddenCondition(engine, hidden)
    where.push(
      `EXISTS (SELECT 1 FROM catalog_versions v WHERE v.package_id = p.id AND v.repo IN (${inList(filter.repositoriesIn)})${notHidden.sql})`,
    )
    params.push(...filter.repositoriesIn, ...notHidden.params)
  }
  if (filter.licensesIn?.length) {
    where.push(
      `EXISTS (SELECT 1 FROM catalog_package_licenses l WHERE l.package_id = p.id AND l.name IN (${inList(filter.licensesIn)}))`,
    )
    params.push(...filter.licensesIn)
  }
  if (filter.checksum) {
    where.push(
      `p.id IN (SELECT v.package_id FROM catalog_files f JOIN catalog_versions v ON v.id = f.version_id WHERE f.${filter.checksum.column} = ?)`,
    )
    params.push(filter.checksum.value)
  }
  if (filter.severitiesIn?.length) {
    where.push(`(${filter.severitiesIn.map((s) => `p.${SEVERITY_COLUMNS[s]} > 0`).join(' OR ')})`)
  }
  const bounds: Array<[keyof PackageWhere, string, string]> = [
    ['createdMin', 'created', '>='],
    ['createdMax', 'created', '<='],
    ['modifiedMin', 'modified', '>='],
    ['modifiedMax', 'modified', '<='],
  ]
  for (const [key, column, op] of bounds) {
    const value = filter[key]
    if (typeof value === 'string' && value !== '') {
      where.push(`p.${column} ${op} ?`)
      params.push(value)
    }
  }
  if (filter.latestVersion != null && filter.latestVersion !== '') {
    const pattern = matching(`lower(${seen.latest})`, filter.latestVersion)
    params.push(...seen.params, pattern)
  }
  if (filter.versionCountMin != null) {
    where.push(`${seen.count} >= ?`)
    params.push(...seen.params, filter.versionCountMin)
  }
  if (filter.versionCountMax != null) {
    where.push(`${seen.count} <= ?`)
    params.push(...seen.params, filter.versionCountMax)
  }
  return { conditions: where, params }
}

/** A version of a package: its id, its name and the repository holding it. */
export interface VersionRepoRow {
  readonly id: string
  readonly name: string
  readonly repo: string
}

/** What the versions query filters and orders by, for every version of a package. */
export interface VersionKeyColumns {
  readonly id: string
  readonly name: string
  readonly created: string
  readonly prerelease: number
  readonly repo: string
  readonly licensesJson: string
}

const Q = {
  packageById: 'SELECT * FROM catalog_packages WHERE id = ?',
  versionRepos: 'SELECT id, name, repo FROM catalog_versions WHERE package_id = ?',
  versionReposOfEach: (n: number) =>
    `SELECT package_id, id, name, repo FROM catalog_versions WHERE package_id IN (${placeholders(n)})`,
  filesOf:
    'SELECT name, path, lead, size, md5, sha1, sha256, mime_type FROM catalog_files WHERE version_id = ? ORDER BY lead DESC, path',
  filesOfEach: (n: number) =>
    'SELECT version_id, name, path, lead, size, md5, sha1, sha256, mime_type FROM catalog_files ' +
    `WHERE version_id IN (${placeholders(n)}) ORDER BY version_id, lead DESC, path`,
  versionKeys:
    'SELECT id, name, created, prerelease, repo, licenses_json FROM catalog_versions WHERE package_id = ?',
  versionRows: (n: number) =>
    `SELECT ${VERSION_COLUMNS} FROM catalog_versions WHERE id IN (${placeholders(n)})`,
  holding: (column: ChecksumColumn) => `SELECT version_id FROM catalog_files WHERE ${column} = ?`,
  packageCount: "SELECT n FROM catalog_counts WHERE name = 'packages'",
}

/** The catalogue's reads for the metadata API, on `sql`. */
export function catalogueReads(sql: Sql) {
  return {
    packageById: (id: string) => sql.one<PackageRow>(Q.packageById, [id]),
    /** Each version of a package: its id, its name and the repository holding it. */
    versionRepos: (packageId: string) =>
      sql.all<{ id: string; name: string; repo: string }>(Q.versionRepos, [packageId]),
    /** Each version of each of these packages (a page's), by package, in one query. */
    async versionReposOfEach(packageIds: readonly string[]): Promise<Map<string, VersionRepoRow[]>> {
      const byPackage = new Map<string, VersionRepoRow[]>()
      if (packageIds.length === 0) return byPackage
      for (const { package_id, ...version } of await sql.all<VersionRepoRow & { package_id: string }>(
        Q.versionReposOfEach(packageIds.length),
        packageIds,
      ))
        byPackage.set(package_id, [...(byPackage.get(package_id) ?? []), version])
      return byPackage
    },
    filesOf: (versionId: string) => sql.all<FileRow>(Q.filesOf, [versionId]),
    /** The files of each version, in one query. */
    async filesOfEach(versionIds: readonly string[]): Promise<Map<string, FileRow[]>> {
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
    },
    /** A few columns of every version of a package (the README of each is left unread). */
    versionKeys: async (packageId: string): Promise<VersionKeyColumns[]> =>
      (await sql.rows(Q.versionKeys, [packageId])).map((r) => ({
        id: r[0] as string,
        name: r[1] as string,
        created: r[2] as string,
        prerelease: Number(r[3]),
        repo: r[4] as string,
        licensesJson: r[5] as string,
      })),
    /** The rows of the versions `ids` names, by id. */
    versionRows: async (ids: readonly string[]): Promise<Map<string, VersionRow>> =>
      new Map(
        (ids.length ? await sql.all<VersionRow>(Q.versionRows(ids.length), ids) : []).map((r) => [r.id, r]),
      ),
    /** The versions with a file of this checksum. */
    versionsHolding: async (checksum: NonNullable<PackageWhere['checksum']>): Promise<Set<string>> =>
      new Set(
        (await sql.all<{ version_id: string }>(Q.holding(checksum.column), [checksum.value])).map(
          (r) => r.version_id,
        ),
      ),

    /**
     * Up to `limit` packages matching `filter`, in `order` then id, after the row at `after`
     * (its sort value and id), as the caller sees them.
     */
    async packagePage(
      filter: PackageWhere,
      reader: Reader,
      order: { readonly field: PackageOrder; readonly direction: Direction },
      after: { readonly value: string | number | null; readonly id: string } | undefined,
      limit: number,
    ): Promise<PackagePageRow[]> {
      const { conditions, params } = packageWhere(sql.engine, filter, reader)
      const column = PACKAGE_ORDER_COLUMNS[order.field]
      if (after) {
        conditions.push(`(p.${column}, p.id) ${order.direction === 'ASC' ? '>' : '<'} (?, ?)`)
        params.push(after.value, after.id)
      }
      const rows = await sql.rows(
        `SELECT ${PACKAGE_PAGE_COLUMNS} FROM catalog_packages p ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
         ORDER BY p.${column} ${order.direction}, p.id ${order.direction} LIMIT ?`,
        [...params, limit],
      )
      return rows.map(packagePageRow)
    },

    /**
     * How many packages match `filter` as the caller sees them: without conditions, the count
     * kept by the catalogue's triggers (a count over a large catalogue is dear). Once for a
     * page's reads of the same filter and caller (the landing's newest and most downloaded).
     */
    async packageCount(filter: PackageWhere, reader: Reader): Promise<number> {
      const { conditions, params } = packageWhere(sql.engine, filter, reader)
      const text =
        conditions.length === 0
          ? Q.packageCount
          : `SELECT COUNT(*) AS n FROM catalog_packages p WHERE ${conditions.join(' AND ')}`
      const row = await readOnce(sql, `${CATALOGUE_READS}:count:${text}:${JSON.stringify(params)}`, () =>
        sql.one<{ n: number }>(text, params),
      )
      return row?.n ?? 0
    },
  }
}
