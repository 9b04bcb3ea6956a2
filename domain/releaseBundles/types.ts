/**
 * Release bundles: the distribution area (source/target tabs) and the lookup of bundles
 * that contain an artifact, by checksum.
 */
import * as t from 'io-ts'
import type { Failure } from '../shared/failure'

export const ReleaseBundle = t.type({
  name: t.string,
  version: t.string,
  created: t.string,
  status: t.string,
  repository: t.string,
  artifacts: t.number,
})
export type ReleaseBundle = t.TypeOf<typeof ReleaseBundle>

export type DistributionTab = 'source' | 'target'

export interface ChecksumLookup {
  readonly status: 'idle' | 'invalid' | 'loading' | 'loaded' | 'failed'
  /** The checksum as typed (trimmed); kept when invalid so nothing the user typed is lost. */
  readonly checksum: string
  readonly requestId: string | null
  readonly bundles: ReadonlyArray<ReleaseBundle>
  readonly failure: Failure | null
}

export interface ReleaseBundlesState {
  readonly lookup: ChecksumLookup
}

// The initial state lives in a module of its own: the browser's entry needs it, not the rest.
export * from './initial'
