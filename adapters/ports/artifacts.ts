import type { ArtifactInfo, TreeChild, TreeRepository } from '../../domain/artifacts/types'
import type { ArtifactHits } from '../../domain/search/types'
import type { ArtifactSearch } from '../../domain/search/artifactSearch'
import type { Result } from './result'

// The artifacts area's API port (adapters/ports.ts).
export interface ArtifactsApi {
  /** The repositories at the tree's top. */
  repositories(): Promise<Result<ReadonlyArray<TreeRepository>>>
  /** A page of the folders and files right under a path ('' for the repository's root). */
  children(
    repoKey: string,
    path: string,
    offset: number,
    limit: number,
  ): Promise<Result<{ readonly children: ReadonlyArray<TreeChild>; readonly total: number }>>
  info(repoKey: string, path: string): Promise<Result<ArtifactInfo>>
  /** The Quick search (stored files by name) or the Archive search (files inside archives). */
  search(search: ArtifactSearch, signal?: AbortSignal): Promise<Result<ArtifactHits>>
  /** Uploads a file; `onProgress` hears of the bytes sent. Answers where it went and its sha256. */
  deploy(
    repoKey: string,
    path: string,
    file: Blob,
    onProgress: (loaded: number, total: number) => void,
  ): Promise<
    Result<{
      readonly repoKey: string
      readonly path: string
      readonly sha256: string
      readonly size: number
    }>
  >
  /** Deletes a file or folder (`DELETE /artifactory/<repo>/<path>`); an npm tarball deletes its version. */
  remove(repoKey: string, path: string): Promise<Result<void>>
  /** Deletes the manifest a tag's manifest.json names, by digest, with every tag on it. */
  removeImageManifest(repoKey: string, path: string): Promise<Result<void>>
}
