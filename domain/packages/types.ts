/**
 * The packages area: the list (search-driven or count-only), package details and version
 * details. Wire shapes never get here: adapters map them to these types.
 */
import * as t from 'io-ts'
import type { Failed, Idle, Loadable, Loaded, Loading } from '../shared/loadable'

export const PAGE_SIZE = 100
/**
 * Further pages are larger: the first page stays small so the list shows quickly, and a
 * user scrolling fast through thousands of rows then waits on a third as many round trips.
 */
export const MORE_PAGE_SIZE = 300

export const Severity = t.keyof({
  CRITICAL: null,
  HIGH: null,
  MEDIUM: null,
  LOW: null,
  INFO: null,
  UNKNOWN: null,
})
export type Severity = t.TypeOf<typeof Severity>
export const SEVERITIES: ReadonlyArray<Severity> = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO', 'UNKNOWN']

export const Vulnerabilities = t.type({
  critical: t.number,
  high: t.number,
  medium: t.number,
  low: t.number,
  info: t.number,
  unknown: t.number,
  skipped: t.number,
})
export type Vulnerabilities = t.TypeOf<typeof Vulnerabilities>

export const License = t.type({ name: t.string, source: t.string })
export type License = t.TypeOf<typeof License>

const Nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null])

// Whether the platform's scanner has results for it; absent when the platform did not say
// (list pages do not ask, and logs older than the field lack it).
const Scanned = t.partial({ scanned: t.boolean })

export const PackageSummary = t.intersection([
  t.type({
    id: t.string,
    name: t.string,
    packageType: t.string,
    description: Nullable(t.string),
    created: t.string,
    modified: t.string,
    latestVersion: Nullable(t.string),
    versionsCount: t.number,
    stats: t.type({ downloads: t.number, followers: t.number }),
    licenses: t.array(License),
    tags: t.array(t.string),
    vulnerabilities: Vulnerabilities,
    operationalRisk: Nullable(t.type({ riskLevel: t.string })),
  }),
  Scanned,
])
export type PackageSummary = t.TypeOf<typeof PackageSummary>

export const VersionRepo = t.type({ name: t.string, type: t.string, leadFilePath: t.string })
export type VersionRepo = t.TypeOf<typeof VersionRepo>

export const VersionFile = t.type({
  name: t.string,
  /** Inside the version's repository: the download call's path ('' in logs older than it). */
  path: t.string,
  lead: t.boolean,
  size: t.number,
  md5: t.string,
  sha1: t.string,
  sha256: t.string,
  mimeType: t.string,
})
export type VersionFile = t.TypeOf<typeof VersionFile>

/**
 * Where a version comes from (the platform's addition to the specification's answer): a local
 * repository, a remote's cache (when fetched), or a remote's record not cached yet, with what
 * the remote last heard from its upstream and, once asked, whether the upstream has the version.
 */
export const Provenance = t.union([
  t.type({ kind: t.literal('local'), repository: t.string }),
  t.type({ kind: t.literal('cached'), repository: t.string, upstream: t.string, cachedAt: t.string }),
  t.intersection([
    t.type({
      kind: t.literal('notCached'),
      repository: t.string,
      upstream: t.string,
      offline: t.boolean,
      lastFailure: Nullable(t.string),
      lastFailureAt: Nullable(t.string),
      lastSuccessAt: Nullable(t.string),
    }),
    // Whether the upstream has this version, as it said when just asked; absent: not asked yet.
    t.partial({ inUpstream: t.boolean }),
  ]),
])
export type Provenance = t.TypeOf<typeof Provenance>

export const VersionSummary = t.intersection([
  t.type({
    id: t.string,
    name: t.string,
    created: t.string,
    modified: t.string,
    repos: t.array(VersionRepo),
    licenses: t.array(License),
    size: t.number,
    downloadCount: t.number,
    vulnerabilities: Vulnerabilities,
    digest: Nullable(t.string),
  }),
  Scanned,
  // Absent: the platform did not say (an older one), or logs older than the field.
  t.partial({ provenance: Provenance }),
])
export type VersionSummary = t.TypeOf<typeof VersionSummary>

/**
 * A version as its own page shows it: its row and its files with their checksums. A list of
 * versions does not carry files (they were most of a page of 100 versions' bytes and of its
 * handling in the browser, and only the open version's are shown); logs older than that hold
 * them in list rows too, where nothing reads them.
 */
export const VersionDetail = t.intersection([VersionSummary, t.type({ files: t.array(VersionFile) })])
export type VersionDetail = t.TypeOf<typeof VersionDetail>

// DOWNLOADS: the most downloaded first (the packages landing's list).
export const SortField = t.keyof({ NAME: null, CREATED: null, MODIFIED: null, DOWNLOADS: null })
export type SortField = t.TypeOf<typeof SortField>
export const Direction = t.keyof({ ASC: null, DESC: null })
export type Direction = t.TypeOf<typeof Direction>

/** What the list asks the platform for: the search model, already mapped to filter terms. */
export const PackageQuery = t.intersection([
  t.type({
    /** Wildcard name pattern (lowercased, trailing `*`), or null for every name. */
    name: Nullable(t.string),
    description: Nullable(t.string),
    packageTypes: t.array(t.string),
    repositories: t.array(t.string),
    licenses: t.array(t.string),
    severities: t.array(Severity),
    createdMin: Nullable(t.string),
    createdMax: Nullable(t.string),
    modifiedMin: Nullable(t.string),
    modifiedMax: Nullable(t.string),
    releaseOnly: t.boolean,
    sort: t.type({ field: SortField, direction: Direction }),
  }),
  // A file's sha256, sha1 or md5: packages with a version holding it. Absent in older logs.
  t.partial({ checksum: t.string }),
])
export type PackageQuery = t.TypeOf<typeof PackageQuery>

/** The versions of a package holding the file a checksum search named. */
export const HoldingVersions = t.type({ checksum: t.string, versions: t.array(t.string) })
export type HoldingVersions = t.TypeOf<typeof HoldingVersions>

/** A page of packages as the platform returned it. */
export const PackagePage = t.type({
  items: t.array(PackageSummary),
  endCursor: Nullable(t.string),
  hasNextPage: t.boolean,
  totalCount: t.number,
})
export type PackagePage = t.TypeOf<typeof PackagePage>

export const VersionPage = t.type({
  items: t.array(VersionSummary),
  endCursor: Nullable(t.string),
  hasNextPage: t.boolean,
  totalCount: t.number,
})
export type VersionPage = t.TypeOf<typeof VersionPage>

export const Build = t.type({ name: t.string, number: t.string, started: t.string, status: t.string })
export type Build = t.TypeOf<typeof Build>
export const DockerLayer = t.type({ digest: t.string, size: t.number, command: t.string })
export type DockerLayer = t.TypeOf<typeof DockerLayer>
/** An image's layers and the platforms (`os/architecture[/variant]`) it is built for. */
export interface DockerImage {
  readonly layers: ReadonlyArray<DockerLayer>
  readonly platforms: ReadonlyArray<string>
}
export const Dependency = t.type({ name: t.string, version: t.string, scope: t.string })
export type Dependency = t.TypeOf<typeof Dependency>
export const Property = t.type({ key: t.string, values: t.array(t.string) })
export type Property = t.TypeOf<typeof Property>

export type PackageTab = 'readme' | 'builds' | 'location' | 'xrayData' | 'releases' | 'dockerLayers'
export type VersionTab = 'readme' | 'builds' | 'dockerLayers'
export const PackageTabC = t.keyof({
  readme: null,
  builds: null,
  location: null,
  xrayData: null,
  releases: null,
  dockerLayers: null,
})

/** The pages of a search the platform answered. */
export interface ListPages {
  /** Pages as received; appending a page copies only this outer array. */
  readonly pages: ReadonlyArray<ReadonlyArray<PackageSummary>>
  readonly endCursor: string | null
  readonly hasNextPage: boolean
  /** How many packages the search finds, as the platform counted them with its last page. */
  readonly totalCount: number
  /** The further page: none asked, on its way, or failed (the rows shown stay, with a retry). */
  readonly more: Idle | { readonly status: 'loading' } | Failed
}

/**
 * The list (a tagged union, no longer a status beside flags and `totalCount: -1`).
 * Without a search it is idle: nothing asked, or the count-only page, whose count's request
 * (`requestId`) fails as the list does. A search is loading, then loaded with its pages (its
 * `requestId` the last page's: the further page's while that one is on its way), or failed.
 */
export type ListState =
  | (Idle & { readonly requestId?: string })
  | (Loading<never> & { readonly query: PackageQuery })
  | (Loaded<ListPages> & { readonly query: PackageQuery; readonly requestId: string })
  | (Failed & { readonly query: PackageQuery | null; readonly requestId: string })

/** A secondary panel of a version (readme, builds, …): a failure shows as empty, as specified. */
export interface Panel<A> {
  readonly status: 'idle' | 'loading' | 'loaded'
  readonly value: A
}

/** A package as its page shows it, with the versions paged through so far. */
export interface PackageDetails {
  readonly pkg: PackageSummary
  readonly versions: ReadonlyArray<VersionSummary>
  readonly hasNextPage: boolean
  readonly endCursor: string | null
  /** The further page of versions: none asked, on its way, or failed (the versions shown stay). */
  readonly more: Idle | { readonly status: 'loading'; readonly requestId: string } | Failed
  /** Opened from a checksum search: the versions holding the file (absent otherwise). */
  readonly holding?: HoldingVersions
}

/** What was asked: the package, and the request (the package's, or its version's) loading it. */
interface AskedPackage {
  readonly packageId: string
  readonly requestId: string
}

/**
 * The open package (a tagged union, no longer a status beside nullable fields). The
 * tab chosen is kept beside it: moving between packages keeps it.
 */
export type DetailsState = { readonly tab: PackageTab | null } & (
  Idle | (Loading<never> & AskedPackage) | (Loaded<PackageDetails> & AskedPackage) | (Failed & AskedPackage)
)

/**
 * Why a file was not downloaded, as a message key with its data (ui/packages/messages.ts words
 * it): refused as `BLOCKED` by a watch's policy (naming them when the platform did), refused
 * otherwise, not found, or failed (a Retry may help). `recorded`: the words an earlier build kept.
 */
export type DownloadMessage =
  | {
      readonly key: 'downloadBlocked'
      readonly file: string
      readonly policy?: string
      readonly watch?: string
    }
  | { readonly key: 'downloadForbidden'; readonly file: string }
  | { readonly key: 'downloadNotFound'; readonly file: string }
  | { readonly key: 'downloadFailed'; readonly file: string }
  | { readonly key: 'recorded'; readonly text: string }

/** A version's panels, tab and download: beside its loading, each changed by its own events. */
export interface VersionPanels {
  /** Null until the user picks one: the default-tab rule applies. */
  readonly tab: VersionTab | null
  readonly readme: Panel<string | null>
  readonly builds: Panel<ReadonlyArray<Build>>
  readonly dockerLayers: Panel<ReadonlyArray<DockerLayer>>
  /** The image's platforms, once its layers' answer named them (absent in older logs). */
  readonly dockerPlatforms?: ReadonlyArray<string>
  readonly dependencies: Panel<ReadonlyArray<Dependency>>
  readonly properties: Panel<ReadonlyArray<Property>>
  readonly download: { readonly file: string | null; readonly message: DownloadMessage | null }
  /** The Retry of a version its remote could not fetch: on its way, or failed (absent: none asked). */
  readonly upstreamCheck?: 'checking' | 'failed'
  /**
   * The upstream was asked about the version on its own (not on Retry) and its answer still did
   * not say whether it has it: not asked again until a Retry or the page's next opening.
   */
  readonly upstreamUnsaid?: true
}

/** What was asked: the version, and the request (its own, or its package's) loading it. */
interface AskedVersion {
  readonly versionId: string
  readonly requestId: string
}

/**
 * The open version (a tagged union, no longer a status beside nullable fields): on a version's
 * page the version with its files; on the package's page, its newest version's row.
 */
export type VersionState = VersionPanels &
  (
    | Idle
    | (Loading<never> & AskedVersion)
    | (Loaded<VersionSummary | VersionDetail> & AskedVersion)
    | (Failed & AskedVersion)
  )

/** What the packages page shows before any search: the newest and the most downloaded packages. */
export const Landing = t.type({ newest: t.array(PackageSummary), popular: t.array(PackageSummary) })
export type Landing = t.TypeOf<typeof Landing>
/** How many packages each of the landing's lists shows. */
export const LANDING_SIZE = 6

export interface PackagesState {
  /** True while a page (list, package or version) is being initialised. */
  readonly pageLoading: boolean
  /** How many packages the platform holds; null while unknown (not asked, not allowed, or failed). */
  readonly packageCount: number | null
  readonly list: ListState
  readonly details: DetailsState
  readonly version: VersionState
  readonly landing: Loadable<Landing>
}

// The initial state lives in a module of its own: the browser's entry needs it, not the rest.
