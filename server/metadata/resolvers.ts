/**
 * The root resolvers of the metadata schema: packages (filters and orders in SQL, keyset
 * paging on (sort column, id)), package, and versions (semver order in JavaScript: a
 * package's versions are few).
 */
import { GraphQLError } from 'graphql'
import type { Sql } from '../db/sql'
import { systemClock, type Clock } from '../clock'
import { compareVersionKeys, versionKey, type VersionKey } from '../catalog/versionOrder'
import { decodeCursor, encodeCursor } from './cursor'
import { nodeLoaders, packageNode } from './nodes'
import {
  catalogueReads,
  NO_REPOSITORY,
  type ChecksumColumn,
  type PackageOrder,
  type PackagePageRow,
  type PackageWhere,
  type VersionKeyColumns,
} from './catalogueStore'
import { wildcardToRegExp } from './wildcard'

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
const CHECKSUM_COLUMNS: Readonly<Record<number, ChecksumColumn>> = { 32: 'md5', 40: 'sha1', 64: 'sha256' }

/** The file column and the lowercased value a checksum filter looks up; refuses anything else. */
function checksumLookup(value: string): { column: ChecksumColumn; value: string } {
  const column = /^[0-9a-fA-F]+$/.test(value) ? CHECKSUM_COLUMNS[value.length] : undefined
  if (column === undefined)
    throw badInput(
      `checksum must be a sha256, sha1 or md5 in hex (64, 40 or 32 digits); got ${JSON.stringify(value)}`,
    )
  return { column, value: value.toLowerCase() }
}

/**
 * The filter as the store takes it: its checksum and dates checked (refused with a message
 * naming them), the checksum as the column it is looked up in.
 */
function checkedWhere(filter: PackageFilter): PackageWhere {
  const { checksum, createdMin, createdMax, modifiedMin, modifiedMax, ...rest } = filter
  const bound = (name: string, value: string | null | undefined) =>
    typeof value === 'string' && value !== '' ? isoBound(name, value) : undefined
  return {
    ...rest,
    checksum: checksum != null && checksum !== '' ? checksumLookup(checksum) : undefined,
    createdMin: bound('createdMin', createdMin),
    createdMax: bound('createdMax', createdMax),
    modifiedMin: bound('modifiedMin', modifiedMin),
    modifiedMax: bound('modifiedMax', modifiedMax),
  }
}

/** What the versions query filters and orders by, for every version of a package. */
interface VersionKeyRow extends VersionKeyColumns {
  readonly key: VersionKey
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
  const reads = catalogueReads(sql)

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
    const field = (args.orderBy?.field ?? 'NAME') as PackageOrder
    const direction = args.orderBy?.direction ?? 'ASC'
    const orderKey = `packages:${field}:${direction}`
    const hidden = context?.hidden
    const where = checkedWhere(args.filter)
    const reader = { readable: context?.readable, hidden }
    const cursor = args.after != null ? decodeCursor(args.after, orderKey) : undefined
    const rows = await reads.packagePage(where, reader, { field, direction }, cursor, first + 1)
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
      totalCount: () => reads.packageCount(where, reader),
      edges,
      pageInfo: page.pageInfo,
    })
    const readable = context?.readable
    if (!readable)
      return connection(page.edges.map((e) => ({ cursor: e.cursor, node: packageNode(e.row, releaseOnly) })))
    // Latest versions and counts over what the caller may read: read further, before answering
    // (a connection's edges are read as they are, not awaited), the page's versions in one query.
    const versionsOf = await reads.versionReposOfEach(page.edges.map((e) => e.row.id))
    const versionRepos = async (id: string) => versionsOf.get(id) ?? []
    return Promise.all(
      page.edges.map(async (e) => ({
        cursor: e.cursor,
        node: packageNode(await packageFor(e.row, readable, hidden, versionRepos), releaseOnly),
      })),
    ).then(connection)
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
    const holding =
      f.checksum != null && f.checksum !== ''
        ? await reads.versionsHolding(checksumLookup(f.checksum))
        : undefined
    // Filtered and ordered over a few columns of every version, then only the page's rows read
    // whole: a package's versions each carry a README, and a popular package has thousands.
    const all = (await reads.versionKeys(f.packageId))
      .map((v): VersionKeyRow => ({ ...v, key: versionKey(v.name) }))
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
    const whole = await reads.versionRows(ids)
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
      !(await reads.versionRepos(row.id)).some((v) => readable.includes(v.repo) && !hidden?.has(v.id))
    )
      return null
    return packageNode(await packageFor(row, readable, hidden))
  }

  return { packages, package: pkg, versions }
}
