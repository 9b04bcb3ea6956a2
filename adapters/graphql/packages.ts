/**
 * The package metadata queries: GraphQL documents, wire codecs, and the mapping of wire
 * shapes to the packages area's types. Wire types stop here.
 */
import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import type { Result } from '../ports'
import {
  License,
  type PackageSummary,
  type Provenance,
  VersionFile,
  VersionRepo,
  Vulnerabilities,
  type PackagePage,
  type PackageQuery,
  type VersionPage,
  type VersionSummary,
  type VersionDetail,
} from '../../domain/packages/types'
import type { MetadataClient } from './client'
import {
  PACKAGE_FIELDS,
  PACKAGES_QUERY,
  packageFilter,
  packagesVariables,
} from '../../domain/packages/listRead'

// A list of versions asks no files: only the open version's are shown (VersionDetail says why).
const VERSION_FIELDS = `id name created modified repos { name type leadFilePath } licenses { name source } size
  stats { downloadCount } vulnerabilities { critical high medium low info unknown skipped } digest scanned
  provenance { kind repository upstream cachedAt offline lastFailure lastFailureAt lastSuccessAt inUpstream }`
const FILE_FIELDS = `files { name path lead size md5 sha1 sha256 mimeType }`

const COUNT_QUERY = `query PackageCount($filter: PackageFilter!) {
  packages(filter: $filter, first: 0) { totalCount }
}`

// The details ask whether the scanner has results (the security tab); the list does not need it.
const PACKAGE_QUERY = `query Package($id: ID!) { package(id: $id) { ${PACKAGE_FIELDS} scanned } }`

export const VERSIONS_QUERY = `query Versions($filter: VersionFilter!, $first: Int, $after: ID, $orderBy: VersionOrder) {
  versions(filter: $filter, first: $first, after: $after, orderBy: $orderBy) {
    totalCount edges { cursor node { ${VERSION_FIELDS} } } pageInfo { hasNextPage endCursor }
  }
}`

/** One version by name, with its files. */
export const VERSION_QUERY = `query Version($filter: VersionFilter!) {
  versions(filter: $filter, first: 1) { edges { node { ${VERSION_FIELDS} ${FILE_FIELDS} } } }
}`

// Optional fields may be absent or null on the wire; the domain always has them (null or []).
const opt = <C extends t.Mixed>(c: C) => t.union([c, t.null, t.undefined])

const WirePackage = t.type({
  id: t.string,
  name: t.string,
  packageType: t.string,
  description: opt(t.string),
  created: t.string,
  modified: t.string,
  latestVersion: opt(t.string),
  versionsCount: t.number,
  stats: t.type({ downloads: t.number, followers: t.number }),
  licenses: opt(t.array(License)),
  tags: opt(t.array(t.string)),
  vulnerabilities: Vulnerabilities,
  operationalRisk: opt(t.type({ riskLevel: t.string })),
  scanned: opt(t.boolean),
})
type WirePackage = t.TypeOf<typeof WirePackage>

// The wire's Provenance is one flat type; the domain's is a union by kind.
const WireProvenance = t.type({
  kind: t.keyof({ local: null, cached: null, notCached: null }),
  repository: t.string,
  upstream: opt(t.string),
  cachedAt: opt(t.string),
  offline: opt(t.boolean),
  lastFailure: opt(t.string),
  lastFailureAt: opt(t.string),
  lastSuccessAt: opt(t.string),
  // What the upstream said of the version lately: a page that has it need not ask again.
  inUpstream: opt(t.boolean),
})
type WireProvenance = t.TypeOf<typeof WireProvenance>

/** A version's provenance as the domain has it; a cached one without its time is not trusted. */
const toProvenance = (w: WireProvenance): Provenance | undefined => {
  if (w.kind === 'local') return { kind: 'local', repository: w.repository }
  if (w.kind === 'cached')
    return w.cachedAt
      ? { kind: 'cached', repository: w.repository, upstream: w.upstream ?? '', cachedAt: w.cachedAt }
      : undefined
  return {
    kind: 'notCached',
    repository: w.repository,
    upstream: w.upstream ?? '',
    offline: w.offline ?? false,
    lastFailure: w.lastFailure ?? null,
    lastFailureAt: w.lastFailureAt ?? null,
    lastSuccessAt: w.lastSuccessAt ?? null,
    ...(typeof w.inUpstream === 'boolean' ? { inUpstream: w.inUpstream } : {}),
  }
}

const WireVersion = t.type({
  id: t.string,
  name: t.string,
  created: t.string,
  modified: t.string,
  repos: t.array(VersionRepo),
  licenses: opt(t.array(License)),
  size: t.number,
  stats: t.type({ downloadCount: t.number }),
  vulnerabilities: Vulnerabilities,
  digest: opt(t.string),
  scanned: opt(t.boolean),
  provenance: opt(WireProvenance),
})
type WireVersion = t.TypeOf<typeof WireVersion>

const WireVersionDetail = t.intersection([WireVersion, t.type({ files: t.array(VersionFile) })])
type WireVersionDetail = t.TypeOf<typeof WireVersionDetail>

const PageInfo = t.type({ hasNextPage: t.boolean, endCursor: opt(t.string) })

const PackagesData = t.type({
  packages: t.type({
    totalCount: t.number,
    edges: t.array(t.type({ cursor: t.string, node: WirePackage })),
    pageInfo: PageInfo,
  }),
})
const VersionData = t.type({
  versions: t.type({ edges: t.array(t.type({ node: WireVersionDetail })) }),
})
const CountData = t.type({ packages: t.type({ totalCount: t.number }) })
const PackageData = t.type({ package: t.union([WirePackage, t.null]) })
const VersionsData = t.type({
  versions: t.type({
    totalCount: t.number,
    edges: t.array(t.type({ cursor: t.string, node: WireVersion })),
    pageInfo: PageInfo,
  }),
})

export const toPackage = (w: WirePackage): PackageSummary => ({
  id: w.id,
  name: w.name,
  packageType: w.packageType,
  description: w.description ?? null,
  created: w.created,
  modified: w.modified,
  latestVersion: w.latestVersion ?? null,
  versionsCount: w.versionsCount,
  stats: w.stats,
  licenses: w.licenses ?? [],
  tags: w.tags ?? [],
  vulnerabilities: w.vulnerabilities,
  operationalRisk: w.operationalRisk ?? null,
  ...(typeof w.scanned === 'boolean' ? { scanned: w.scanned } : {}),
})

const toVersion = (w: WireVersion): VersionSummary => ({
  id: w.id,
  name: w.name,
  created: w.created,
  modified: w.modified,
  repos: w.repos,
  licenses: w.licenses ?? [],
  size: w.size,
  downloadCount: w.stats.downloadCount,
  vulnerabilities: w.vulnerabilities,
  digest: w.digest ?? null,
  ...(typeof w.scanned === 'boolean' ? { scanned: w.scanned } : {}),
  ...withProvenance(w.provenance),
})

const toVersionDetail = (w: WireVersionDetail): VersionDetail => ({ ...toVersion(w), files: w.files })

const withProvenance = (w: WireProvenance | null | undefined): { provenance?: Provenance } => {
  const provenance = w ? toProvenance(w) : undefined
  return provenance ? { provenance } : {}
}

export interface PackageQueries {
  packages(
    q: PackageQuery,
    first: number,
    after: string | null,
    signal?: AbortSignal,
  ): Promise<Result<PackagePage>>
  count(q: PackageQuery | null): Promise<Result<number>>
  package(id: string): Promise<Result<PackageSummary | null>>
  versions(
    filter: { packageId: string; name?: string; releaseOnly?: boolean; checksum?: string },
    first: number,
    after: string | null,
  ): Promise<Result<VersionPage>>
  /** The version of the package with this name, with its files; null when there is none. */
  version(packageId: string, name: string): Promise<Result<VersionDetail | null>>
}

export function createPackageQueries(client: MetadataClient): PackageQueries {
  return {
    async packages(q, first, after, signal) {
      const variables = packagesVariables(q, first, after)
      const answer = await client.query('packages', PACKAGES_QUERY, variables, PackagesData, signal)
      return pipe(
        answer,
        map((d): PackagePage => ({
          items: d.packages.edges.map((e) => toPackage(e.node)),
          endCursor: d.packages.pageInfo.endCursor ?? null,
          hasNextPage: d.packages.pageInfo.hasNextPage,
          totalCount: d.packages.totalCount,
        })),
      )
    },
    async count(q) {
      const filter = q ? packageFilter(q) : { versionCountMin: 1 }
      const answer = await client.query('packages', COUNT_QUERY, { filter }, CountData)
      return pipe(
        answer,
        map((d) => d.packages.totalCount),
      )
    },
    async package(id) {
      const answer = await client.query('package', PACKAGE_QUERY, { id }, PackageData)
      return pipe(
        answer,
        map((d) => (d.package ? toPackage(d.package) : null)),
      )
    },
    async versions(f, first, after) {
      const filter: Record<string, unknown> = { packageId: f.packageId }
      if (f.name) filter.name = f.name
      if (f.releaseOnly) filter.ignorePreRelease = true
      if (f.checksum) filter.checksum = f.checksum
      const variables: Record<string, unknown> = {
        filter,
        first,
        orderBy: { field: 'NAME_SEMVER', direction: 'DESC' },
      }
      if (after) variables.after = after
      const answer = await client.query('versions', VERSIONS_QUERY, variables, VersionsData)
      return pipe(
        answer,
        map((d): VersionPage => ({
          items: d.versions.edges.map((e) => toVersion(e.node)),
          endCursor: d.versions.pageInfo.endCursor ?? null,
          hasNextPage: d.versions.pageInfo.hasNextPage,
          totalCount: d.versions.totalCount,
        })),
      )
    },
    async version(packageId, name) {
      const answer = await client.query(
        'versions',
        VERSION_QUERY,
        { filter: { packageId, name } },
        VersionData,
      )
      return pipe(
        answer,
        map((d) => {
          const node = d.versions.edges[0]?.node
          return node && node.name === name ? toVersionDetail(node) : null
        }),
      )
    },
  }
}
