import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import {
  Build,
  Dependency,
  DockerLayer,
  HoldingVersions,
  PackageQuery,
  PackageSummary,
  PackageTabC,
  Property,
  Provenance,
  VersionDetail,
  VersionSummary,
} from './types'

const Nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null])

// Logs written before files carried their path: the path is unknown (''), so no download is offered.
type Loose = Record<string, unknown>
const withFilePaths = (version: unknown): unknown => {
  const v = version as Loose
  const files = Array.isArray(v.files) ? (v.files as Loose[]) : []
  return { ...v, files: files.map((f) => ({ path: '', ...f })) }
}
const versionsWithFilePaths = (versions: unknown): unknown =>
  Array.isArray(versions) ? versions.map(withFilePaths) : versions

/**
 * The list asked for its first page; `query` null means no search (count only). `withCount`:
 * the package count is asked too (admins and project admins); absent in logs older than it.
 */
export const ListRequested = defineEvent(
  'packages/ListRequested',
  t.intersection([
    t.type({ requestId: t.string, query: Nullable(PackageQuery) }),
    t.partial({ withCount: t.boolean }),
  ]),
)
export const ListMoreRequested = defineEvent(
  'packages/ListMoreRequested',
  t.type({ requestId: t.string, query: PackageQuery, after: t.string }),
)
export const ListPageLoaded = defineEvent(
  'packages/ListPageLoaded',
  t.type({
    requestId: t.string,
    items: t.array(PackageSummary),
    endCursor: Nullable(t.string),
    hasNextPage: t.boolean,
    totalCount: t.number,
    /** True for a page after the first. */
    more: t.boolean,
  }),
)
export const ListLoadFailed = defineEvent(
  'packages/ListLoadFailed',
  t.type({ requestId: t.string, failure: Failure, more: t.boolean }),
)
/** Number of packages (for admins); v2: null when it could not be had (v1 wrote -1). */
export const CountLoaded = defineEvent(
  'packages/CountLoaded',
  t.type({ requestId: t.string, count: Nullable(t.number) }),
  {
    v: 2,
    upcasters: {
      1: (data) => {
        const { count } = data as Loose
        return { ...(data as Loose), count: typeof count === 'number' && count < 0 ? null : count }
      },
    },
  },
)

/**
 * A package's page asked for. `checksum`: opened from a checksum search, so the versions holding
 * that file are asked with it (the search's model stays on the pages below the list); absent in
 * logs older than it and when the search is not by checksum.
 */
export const PackageRequested = defineEvent(
  'packages/PackageRequested',
  t.intersection([t.type({ requestId: t.string, packageId: t.string }), t.partial({ checksum: t.string })]),
)
/** v2: files carry their path. */
export const PackageLoaded = defineEvent(
  'packages/PackageLoaded',
  t.intersection([
    t.type({
      requestId: t.string,
      pkg: PackageSummary,
      versions: t.array(VersionSummary),
      hasNextPage: t.boolean,
      endCursor: Nullable(t.string),
    }),
    // Opened from a checksum search: the versions holding the file (absent otherwise).
    t.partial({ holding: HoldingVersions }),
  ]),
  {
    v: 2,
    upcasters: {
      1: (data) => ({ ...(data as Loose), versions: versionsWithFilePaths((data as Loose).versions) }),
    },
  },
)
export const PackageNotFound = defineEvent(
  'packages/PackageNotFound',
  t.type({ requestId: t.string, packageId: t.string }),
)
export const PackageLoadFailed = defineEvent(
  'packages/PackageLoadFailed',
  t.type({ requestId: t.string, failure: Failure }),
)

export const VersionRequested = defineEvent(
  'packages/VersionRequested',
  t.type({ requestId: t.string, packageId: t.string, versionId: t.string }),
)
/** v2: the first page of versions comes with its paging (`hasNextPage`, `endCursor`); v3: files carry their path. */
export const VersionLoaded = defineEvent(
  'packages/VersionLoaded',
  t.type({
    requestId: t.string,
    pkg: PackageSummary,
    version: VersionDetail,
    versions: t.array(VersionSummary),
    hasNextPage: t.boolean,
    endCursor: Nullable(t.string),
  }),
  {
    v: 3,
    upcasters: {
      // A v1 log knew only the first page: nothing further to page to.
      1: (data) => ({ ...(data as object), hasNextPage: false, endCursor: null }),
      2: (data) => ({
        ...(data as Loose),
        version: withFilePaths((data as Loose).version),
        versions: versionsWithFilePaths((data as Loose).versions),
      }),
    },
  },
)
/** The next page of the open package's versions was asked for, after `after`. */
export const VersionsMoreRequested = defineEvent(
  'packages/VersionsMoreRequested',
  t.type({ requestId: t.string, packageId: t.string, after: t.string }),
)
/** v2: files carry their path. */
export const VersionsPageLoaded = defineEvent(
  'packages/VersionsPageLoaded',
  t.type({
    requestId: t.string,
    items: t.array(VersionSummary),
    hasNextPage: t.boolean,
    endCursor: Nullable(t.string),
  }),
  {
    v: 2,
    upcasters: { 1: (data) => ({ ...(data as Loose), items: versionsWithFilePaths((data as Loose).items) }) },
  },
)
export const VersionsPageFailed = defineEvent(
  'packages/VersionsPageFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
export const VersionNotFound = defineEvent(
  'packages/VersionNotFound',
  t.type({ requestId: t.string, packageId: t.string, versionId: t.string }),
)
export const VersionLoadFailed = defineEvent(
  'packages/VersionLoadFailed',
  t.type({ requestId: t.string, failure: Failure }),
)

// A version's secondary panels. A failure is recorded (failed: true) and shows as empty.
const panel = <C extends t.Mixed>(value: C) => t.type({ requestId: t.string, value, failed: t.boolean })
export const ReadmeLoaded = defineEvent('packages/ReadmeLoaded', panel(Nullable(t.string)))
export const BuildsLoaded = defineEvent('packages/BuildsLoaded', panel(t.array(Build)))
// The platforms came later: logs recorded before them have none.
export const DockerLayersLoaded = defineEvent(
  'packages/DockerLayersLoaded',
  t.intersection([panel(t.array(DockerLayer)), t.partial({ platforms: t.array(t.string) })]),
)
export const DependenciesLoaded = defineEvent('packages/DependenciesLoaded', panel(t.array(Dependency)))
export const PropertiesLoaded = defineEvent('packages/PropertiesLoaded', panel(t.array(Property)))

export const TabSelected = defineEvent(
  'packages/TabSelected',
  t.type({ level: t.keyof({ package: null, version: null }), tab: PackageTabC }),
)

export const DownloadRequested = defineEvent(
  'packages/DownloadRequested',
  t.type({ file: t.string, repoKey: t.string, path: t.string }),
)
export const DownloadFinished = defineEvent('packages/DownloadFinished', t.type({ file: t.string }))
/**
 * `status` is the HTTP status when there was one; `code` the platform's error code (`BLOCKED`:
 * a watch's policy blocks the version, with `policy` and `watch` when it named them). Logs
 * older than the code have none: their 403 reads as a refusal without a reason.
 */
export const DownloadFailed = defineEvent(
  'packages/DownloadFailed',
  t.intersection([
    t.type({ file: t.string, status: Nullable(t.number), message: t.string }),
    t.partial({ code: t.string, policy: t.string, watch: t.string }),
  ]),
)

/** The packages page without a search asked for its newest and most downloaded packages. */
export const LandingRequested = defineEvent('packages/LandingRequested', t.type({ requestId: t.string }))
export const LandingLoaded = defineEvent(
  'packages/LandingLoaded',
  t.type({ requestId: t.string, newest: t.array(PackageSummary), popular: t.array(PackageSummary) }),
)
export const LandingLoadFailed = defineEvent(
  'packages/LandingLoadFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
/** The open version's remote asks its upstream about it. */
export const UpstreamCheckRequested = defineEvent(
  'packages/UpstreamCheckRequested',
  t.type({ requestId: t.string, versionId: t.string }),
)
export const UpstreamChecked = defineEvent(
  'packages/UpstreamChecked',
  t.type({ requestId: t.string, versionId: t.string, provenance: Provenance }),
)
export const UpstreamCheckFailed = defineEvent(
  'packages/UpstreamCheckFailed',
  t.type({ requestId: t.string, versionId: t.string, failure: Failure }),
)

export const packagesEvents = [
  ListRequested,
  ListMoreRequested,
  ListPageLoaded,
  ListLoadFailed,
  CountLoaded,
  PackageRequested,
  PackageLoaded,
  PackageNotFound,
  PackageLoadFailed,
  VersionRequested,
  VersionLoaded,
  VersionNotFound,
  VersionLoadFailed,
  VersionsMoreRequested,
  VersionsPageLoaded,
  VersionsPageFailed,
  ReadmeLoaded,
  BuildsLoaded,
  DockerLayersLoaded,
  DependenciesLoaded,
  PropertiesLoaded,
  TabSelected,
  DownloadRequested,
  DownloadFinished,
  DownloadFailed,
  LandingRequested,
  LandingLoaded,
  LandingLoadFailed,
  UpstreamCheckRequested,
  UpstreamChecked,
  UpstreamCheckFailed,
] as const

export type PackagesEvent = EventOf<(typeof packagesEvents)[number]>
