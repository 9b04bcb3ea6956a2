import type { Either } from 'fp-ts/Either'
import type { Failure } from '../../domain/shared/failure'
import type {
  Build,
  Dependency,
  DockerImage,
  PackagePage,
  PackageQuery,
  PackageSummary,
  Property,
  Provenance,
  VersionDetail,
  VersionPage,
} from '../../domain/packages/types'
import type { Result } from './result'

// The packages (GraphQL metadata and supporting calls) area's API port (adapters/ports.ts).
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
    filter: {
      readonly packageId: string
      readonly name?: string
      readonly releaseOnly?: boolean
      /** Only the versions holding a file with this sha256, sha1 or md5. */
      readonly checksum?: string
    },
    page: { readonly first: number; readonly after: string | null },
  ): Promise<Result<VersionPage>>
  /** The version of the package with this name, with its files; null when there is none. */
  getVersion(packageId: string, name: string): Promise<Result<VersionDetail | null>>
  getReadme(versionId: string, path: string): Promise<Result<string>>
  getBuilds(repoKey: string, path: string): Promise<Result<ReadonlyArray<Build>>>
  getDockerLayers(repoKey: string, path: string): Promise<Result<DockerImage>>
  getNpmDependencies(path: string): Promise<Result<ReadonlyArray<Dependency>>>
  getNpmProperties(path: string): Promise<Result<ReadonlyArray<Property>>>
  /** Fetches a file and hands it to the browser as a download. */
  download(repoKey: string, path: string): Promise<Either<DownloadFailure, void>>
  /** Asks a version's remote again about its upstream (nothing is cached): where it stands now. */
  checkUpstream(versionId: string): Promise<Result<Provenance>>
}

/**
 * Why a download failed: a version a watch's policy blocks is refused with code `BLOCKED`, naming
 * the policy and the watch when the platform did.
 */
export type DownloadFailure = Failure & { readonly policy?: string; readonly watch?: string }
