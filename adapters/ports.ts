/**
 * Ports: the interfaces effects call. Interfaces only; implementations live beside this
 * file (http/, graphql/, storage/, browser/) and test fakes in tests/support/.
 * Each area's API port is a section below, named `<Area>Api`.
 */
import type { Either } from 'fp-ts/Either'
import type { SchedulerLike } from 'rxjs'
import type { Failure } from '../domain/shared/failure'
import type {
  Build,
  Dependency,
  DockerLayer,
  PackagePage,
  PackageQuery,
  PackageSummary,
  Property,
  VersionPage,
} from '../domain/packages/types'
import type { ReleaseBundle } from '../domain/releaseBundles/types'

export type Result<A> = Either<Failure, A>

/** Wall clock in epoch milliseconds; the only source of time. */
export interface Clock {
  now(): number
}

/** Fresh ids (correlation ids, toast ids, recent-search ids). */
export interface IdSource {
  next(): string
}

/**
 * Holds secrets (passwords, OTP codes, tokens) outside events and the log: the UI stashes
 * a secret and puts only its reference in a command; the effect takes it once.
 */
export interface SecretVault {
  put(secret: string): string
  take(ref: string): string | undefined
}

/** Web storage seen as strings; never used for secrets. */
export interface KeyValueStore {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

/** The browser's history; the router adapter keeps it in step with `state.navigation`. */
export interface HistoryPort {
  current(): string
  push(path: string): void
  replace(path: string): void
  /** Full-page navigation to another site (SSO providers, external redirect targets). */
  assign(url: string): void
}

// --- platform (start-up data, features, licence, microservices) -----------------------
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PlatformApi {}

// --- session (login, user, MFA, passwords) ---------------------------------------------
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SessionApi {}

// --- admin (proxies, projects, licences, general settings) -----------------------------
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AdminApi {}

// --- serviceStatus (topology, nodes) ---------------------------------------------------
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServiceStatusApi {}

// --- packages (GraphQL metadata and supporting calls) ----------------------------------
export interface PackagesApi {
  /** One page of packages (cursor paging); `signal` cancels a superseded search. */
  searchPackages(
    query: PackageQuery,
    page: { readonly first: number; readonly after: string | null },
    signal?: AbortSignal,
  ): Promise<Result<PackagePage>>
  /** How many packages match (every package when `query` is null). */
  countPackages(query: PackageQuery | null): Promise<Result<number>>
  /** The package, or null when there is none with this id. */
  getPackage(id: string): Promise<Result<PackageSummary | null>>
  /** Versions by semantic-version name, descending. */
  listVersions(
    filter: { readonly packageId: string; readonly name?: string; readonly releaseOnly?: boolean },
    page: { readonly first: number; readonly after: string | null },
  ): Promise<Result<VersionPage>>
  getReadme(versionId: string, path: string): Promise<Result<string>>
  getBuilds(repoKey: string, path: string): Promise<Result<ReadonlyArray<Build>>>
  getDockerLayers(repoKey: string, path: string): Promise<Result<ReadonlyArray<DockerLayer>>>
  getNpmDependencies(path: string): Promise<Result<ReadonlyArray<Dependency>>>
  getNpmProperties(path: string): Promise<Result<ReadonlyArray<Property>>>
  /** Fetches a file and hands it to the browser as a download. */
  download(repoKey: string, path: string): Promise<Result<void>>
}

// --- releaseBundles --------------------------------------------------------------------
export interface ReleaseBundlesApi {
  /** Release bundles that contain the artifact with this sha256 or sha1 checksum. */
  byChecksum(checksum: string, numOfRows: number): Promise<Result<ReadonlyArray<ReleaseBundle>>>
}

export interface Ports {
  readonly clock: Clock
  readonly ids: IdSource
  /** Scheduler for debounce, timers and retries; a virtual one in tests. */
  readonly scheduler: SchedulerLike
  readonly secrets: SecretVault
  readonly localStore: KeyValueStore
  readonly sessionStore: KeyValueStore
  readonly history: HistoryPort
  readonly platformApi: PlatformApi
  readonly sessionApi: SessionApi
  readonly adminApi: AdminApi
  readonly serviceStatusApi: ServiceStatusApi
  readonly packagesApi: PackagesApi
  readonly releaseBundlesApi: ReleaseBundlesApi
}
