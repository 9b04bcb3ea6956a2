/**
 * The root resolvers of the metadata schema: packages (filters and orders in SQL, keyset
 * paging on (sort column, id)), package, and versions (semver order in JavaScript: a
 * package's versions are few).
 */
import { GraphQLError } from 'graphql'
import type { Engine, Sql, SqlValue } from '../db/sql'
import { placeholders } from '../db/sql'
import { systemClock, type Clock } from '../clock'
import { LATEST_VERSION_NAME } from '../db/sqlFunctions'
import { compareVersionKeys, versionKey, type VersionKey } from '../catalog/versionOrder'
import { decodeCursor, encodeCursor } from './cursor'
import {
  nodeLoaders,
  packageNode,
  packagePageRow,
  PACKAGE_PAGE_COLUMNS,
  type PackagePageRow,
  type VersionRow,
  VERSION_COLUMNS,
} from './nodes'
import { wildcardMatch, wildcardToRegExp } from './wildcard'

export const MAX_FIRST = 1000
export const DEFAULT_FIRST = 100

type Direction = 'ASC' | 'DESC'

/**
 * What a query's caller may see: the repositories it may read (absent: all), less the versions
 * its targets' path patterns keep from it there.
 */
export interface MetadataContext {
  readonly readable?: ReadonlyArray<string>
  readonly hidden?: ReadonlySet<string>
  /** The package types this edition serves (absent: every type); packages of others are not listed. */
  readonly served?: ReadonlyArray<string>
}

// No repository is named so (keys start with a letter or digit; PostgreSQL's text holds no NUL):
// a filter on it matches nothing (an empty list means no filter).
const NO_REPOSITORY = ' '

/** The repositories a filter may match for this caller: those asked that it may read. */
function readableIn(
  asked: string[] | null | undefined,
  context: MetadataContext | undefined,
): string[] | null | undefined {
  const readable = context?.readable
  if (!readable) return asked
  const allowed = asked?.length ? asked.filter((r) => readable.includes(r)) : [...readable]
  return allowed.length > 0 ? allowed : [NO_REPOSITORY]
}

// No package type is named so: a filter on it matches nothing.
const NO_TYPE = ' '

/** The package types a filter may match in this edition: those asked that it serves. */
function servedIn(
  asked: string[] | null | undefined,
  context: MetadataContext | undefined,
): string[] | null | undefined {
  const served = context?.served
  if (!served) return asked
  const all = !asked?.length || asked.includes('*')
  const allowed = all ? [...served] : asked.filter((t) => served.includes(t.toLowerCase()))
  return allowed.length > 0 ? allowed : [NO_TYPE]
}

interface PackageFilter {
  name?: string | null
  description?: string | null
  packageTypeIn?: string[] | null
  repositoriesIn?: string[] | null
  licensesIn?: string[] | null
  severitiesIn?: string[] | null
  createdMin?: string | null
  createdMax?: string | null
  modifiedMin?: string | null
  modifiedMax?: string | null
  latestVersion?: string | null
  versionCountMin?: number | null
  versionCountMax?: number | null
  ignorePreRelease?: boolean | null
  checksum?: string | null
}

interface VersionFilter {
  packageId: string
  name?: string | null
  repositoriesIn?: string[] | null
  licensesIn?: string[] | null
  ignorePreRelease?: boolean | null
  checksum?: string | null
}

interface ConnectionArgs<F, O> {
  filter: F
  first?: number | null
  after?: string | null
  orderBy?: O | null
}

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })

function checkFirst(first: number | null | undefined): number {
  const n = first ?? DEFAULT_FIRST
  if (n < 0 || n > MAX_FIRST) throw badInput(`first must be between 0 and ${MAX_FIRST}; got ${n}`)
  return n
}

/** An ISO date from a filter bound; refuses anything Date cannot read. */
function isoBound(name: string, value: string): string {
  const ms = Date.parse(value)
  if (!Number.isFinite(ms)) throw badInput(`${name} must be an ISO-8601 date; got ${JSON.stringify(value)}`)
  return new Date(ms).toISOString()
}

// A file checksum names its algorithm by its length: each column has its own index.
const CHECKSUM_COLUMNS: Readonly<Record<number, string>> = { 32: 'md5', 40: 'sha1', 64: 'sha256' }

/** The file column and the lowercased value a checksum filter looks up; refuses anything else. */
function checksumLookup(value: string): { column: string; value: string } {
  const column = /^[0-9a-fA-F]+$/.test(value) ? CHECKSUM_COLUMNS[value.length] : undefined
  if (column === undefined)
    throw badInput(
      `checksum must be a sha256, sha1 or md5 in hex (64, 40 or 32 digits); got ${JSON.stringify(value)}`,
    )
  return { column, value: value.toLowerCase() }
}

const inList = (values: readonly unknown[]) => placeholders(values.length)

const SEVERITY_COLUMNS: Record<string, string> = {
  CRITICAL: 'vuln_critical',
  HIGH: 'vuln_high',
  MEDIUM: 'vuln_medium',
  LOW: 'vuln_low',
  INFO: 'vuln_info',
  UNKNOWN: 'vuln_unknown',
}

const PACKAGE_ORDER_COLUMNS: Record<string, string> = {
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

function packageWhere(
  engine: Engine,
  filter: PackageFilter,
  readable?: ReadonlyArray<string>,
  hidden?: ReadonlySet<string>,
): { sql: string; params: SqlValue[] } {
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
  if (filter.checksum != null && filter.checksum !== '') {
    const { column, value } = checksumLookup(filter.checksum)
    where.push(
      `p.id IN (SELECT v.package_id FROM catalog_files f JOIN catalog_versions v ON v.id = f.version_id WHERE f.${column} = ?)`,
    )
    params.push(value)
  }
  if (filter.severitiesIn?.length) {
    where.push(`(${filter.severitiesIn.map((s) => `p.${SEVERITY_COLUMNS[s]} > 0`).join(' OR ')})`)
  }
  const bounds: Array<[keyof PackageFilter, string, string]> = [
    ['createdMin', 'created', '>='],
    ['createdMax', 'created', '<='],
    ['modifiedMin', 'modified', '>='],
    ['modifiedMax', 'modified', '<='],
  ]
  for (const [key, column, op] of bounds) {
    const value = filter[key]
    if (typeof value === 'string' && value !== '') {
      where.push(`p.${column} ${op} ?`)
      params.push(isoBound(key, value))
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
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params }
}

/** What the versions query filters and orders by, for every version of a package. */
interface VersionKeyRow {
  readonly id: string
  readonly name: string
  readonly created: string
  readonly prerelease: number
  readonly repo: string
  readonly licensesJson: string
  readonly key: VersionKey
}

const versionKeyRow = (r: ReadonlyArray<unknown>): VersionKeyRow => ({
  id: r[0] as string,
  name: r[1] as string,
  created: r[2] as string,
  prerelease: Number(r[3]),
  repo: r[4] as string,
  licensesJson: r[5] as string,
  key: versionKey(r[1] as string),
})

const Q = {
  versionKeys:
    'SELECT id, name, created, prerelease, repo, licenses_json FROM catalog_versions WHERE package_id = ?',
  versionRows: (n: number) =>
    `SELECT ${VERSION_COLUMNS} FROM catalog_versions WHERE id IN (${placeholders(n)})`,
}

function pageOf<T>(rows: T[], first: number, cursorOf: (row: T) => string) {
  const page = rows.slice(0, first)
  const edges = page.map((row) => ({ cursor: cursorOf(row), row }))
  return {
    edges,
    pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
  }
}

export function metadataResolvers(sql: Sql, clock: Clock = systemClock) {
  const { findPackage, packageFor, versionNode, pageLoaders } = nodeLoaders(sql, clock)

  const packages = async (
    asked: ConnectionArgs<PackageFilter, { field: string; direction: Direction }>,
    context?: MetadataContext,
  ) => {
    const args = {
      ...asked,
      filter: {
        ...asked.filter,
        repositoriesIn: readableIn(asked.filter.repositoriesIn, context),
        packageTypeIn: servedIn(asked.filter.packageTypeIn, context),
      },
    }
    const first = checkFirst(args.first)
    const field = args.orderBy?.field ?? 'NAME'
    const direction = args.orderBy?.direction ?? 'ASC'
    const column = PACKAGE_ORDER_COLUMNS[field]!
    const orderKey = `packages:${field}:${direction}`
    const hidden = context?.hidden
    const { sql: whereSql, params } = packageWhere(sql.engine, args.filter, context?.readable, hidden)
    const conditions = whereSql ? [whereSql.slice('WHERE '.length)] : []
    const pageParams = [...params]
    if (args.after != null) {
      const cursor = decodeCursor(args.after, orderKey)
      conditions.push(`(p.${column}, p.id) ${direction === 'ASC' ? '>' : '<'} (?, ?)`)
      pageParams.push(cursor.value, cursor.id)
    }
    const rows = (
      await sql.rows(
        `SELECT ${PACKAGE_PAGE_COLUMNS} FROM catalog_packages p ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
         ORDER BY p.${column} ${direction}, p.id ${direction} LIMIT ?`,
        [...pageParams, first + 1],
      )
    ).map(packagePageRow)
    const releaseOnly = args.filter.ignorePreRelease === true
    const sortValue = (r: PackagePageRow): string | number =>
      field === 'NAME'
        ? r.name_lower
        : field === 'CREATED'
          ? r.created
          : field === 'DOWNLOADS'
            ? r.downloads
            : r.modified
    const page = pageOf(rows, first, (r) => encodeCursor({ order: orderKey, value: sortValue(r), id: r.id }))
    const connection = (edges: Array<{ cursor: string; node: ReturnType<typeof packageNode> }>) => ({
      // Counted only when selected: a count over a large catalogue is the query's dearest part.
      // Without filters it is the count kept by the catalogue's triggers.
      totalCount: async () =>
        (
          await sql.one<{ n: number }>(
            whereSql === ''
              ? "SELECT n FROM catalog_counts WHERE name = 'packages'"
              : `SELECT COUNT(*) AS n FROM catalog_packages p ${whereSql}`,
            whereSql === '' ? [] : params,
          )
        )?.n ?? 0,
      edges,
      pageInfo: page.pageInfo,
    })
    const readable = context?.readable
    if (!readable)
      return connection(page.edges.map((e) => ({ cursor: e.cursor, node: packageNode(e.row, releaseOnly) })))
    // Latest versions and counts over what the caller may read: read further, before answering
    // (a connection's edges are read as they are, not awaited).
    return Promise.all(
      page.edges.map(async (e) => ({
        cursor: e.cursor,
        node: packageNode(await packageFor(e.row, readable, hidden), releaseOnly),
      })),
    ).then(connection)
  }

  const versionsHolding = async (checksum: string): Promise<Set<string>> => {
    const { column, value } = checksumLookup(checksum)
    const rows = await sql.all<{ version_id: string }>(
      `SELECT version_id FROM catalog_files WHERE ${column} = ?`,
      [value],
    )
    return new Set(rows.map((r) => r.version_id))
  }

  const versions = async (
    asked: ConnectionArgs<VersionFilter, { field: string; direction: Direction }>,
    context?: MetadataContext,
  ) => {
    const args = {
      ...asked,
      filter: { ...asked.filter, repositoriesIn: readableIn(asked.filter.repositoriesIn, context) },
    }
    const first = checkFirst(args.first)
    const field = args.orderBy?.field ?? 'NAME_SEMVER'
    const direction = args.orderBy?.direction ?? 'DESC'
    const orderKey = `versions:${field}:${direction}`
    const f = args.filter
    const name = f.name != null && f.name !== '' ? wildcardToRegExp(f.name) : undefined
    const repos = f.repositoriesIn?.length ? new Set(f.repositoriesIn) : undefined
    const licenses = f.licensesIn?.length ? new Set(f.licensesIn.map((l) => l.toLowerCase())) : undefined
    const holding = f.checksum != null && f.checksum !== '' ? await versionsHolding(f.checksum) : undefined
    // Filtered and ordered over a few columns of every version, then only the page's rows read
    // whole: a package's versions each carry a README, and a popular package has thousands.
    const all = (await sql.rows(Q.versionKeys, [f.packageId]))
      .map(versionKeyRow)
      .filter(
        (v) =>
          (!name || name.test(v.name.toLowerCase())) &&
          (!repos || repos.has(v.repo)) &&
          (!licenses ||
            (JSON.parse(v.licensesJson) as Array<{ name: string }>).some((l) =>
              licenses.has(l.name.toLowerCase()),
            )) &&
          (f.ignorePreRelease !== true || v.prerelease === 0) &&
          (!holding || holding.has(v.id)) &&
          !context?.hidden?.has(v.id),
      )
    const sign = direction === 'ASC' ? 1 : -1
    const byId = (a: VersionKeyRow, b: VersionKeyRow) => sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    const compare =
      field === 'CREATED'
        ? (a: VersionKeyRow, b: VersionKeyRow) =>
            sign * (a.created < b.created ? -1 : a.created > b.created ? 1 : 0) || byId(a, b)
        : (a: VersionKeyRow, b: VersionKeyRow) => compareVersionKeys(a.key, b.key, direction) || byId(a, b)
    all.sort(compare)
    let rest = all
    if (args.after != null) {
      const cursor = decodeCursor(args.after, orderKey)
      const value = String(cursor.value)
      const probe: VersionKeyRow = {
        id: cursor.id,
        name: value,
        created: value,
        prerelease: 0,
        repo: '',
        licensesJson: '[]',
        key: versionKey(value),
      }
      rest = all.filter((v) => compare(v, probe) > 0)
    }
    const page = pageOf(rest.slice(0, first + 1), first, (v) =>
      encodeCursor({ order: orderKey, value: field === 'CREATED' ? v.created : v.name, id: v.id }),
    )
    const ids = page.edges.map((e) => e.row.id)
    const whole = new Map(
      (ids.length ? await sql.all<VersionRow>(Q.versionRows(ids.length), ids) : []).map((r) => [r.id, r]),
    )
    const loaders = pageLoaders(ids.map((id) => whole.get(id)!))
    return {
      totalCount: all.length,
      edges: page.edges.map((e) => ({
        cursor: e.cursor,
        node: versionNode(whole.get(e.row.id)!, context?.readable, context?.hidden, loaders),
      })),
      pageInfo: page.pageInfo,
    }
  }

  const pkg = async (args: { id: string }, context?: MetadataContext) => {
    const row = await findPackage(args.id)
    if (!row) return null
    const readable = context?.readable
    const hidden = context?.hidden
    // A package none of whose versions the caller may read is no package to it.
    if (
      readable &&
      !(
        await sql.all<{ id: string; repo: string }>(
          'SELECT id, repo FROM catalog_versions WHERE package_id = ?',
          [row.id],
        )
      ).some((v) => readable.includes(v.repo) && !hidden?.has(v.id))
    )
      return null
    return packageNode(await packageFor(row, readable, hidden))
  }

  return { packages, package: pkg, versions }
}
