import type { ReleaseBundle } from '../../domain/releaseBundles/types'
import type { Result } from './result'

// The releaseBundles area's API port (adapters/ports.ts).
export interface ReleaseBundlesApi {
  /** Release bundles that contain the artifact with this sha256 or sha1 checksum. */
  byChecksum(checksum: string, numOfRows: number): Promise<Result<ReadonlyArray<ReleaseBundle>>>
}
