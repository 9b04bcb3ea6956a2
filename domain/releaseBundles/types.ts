/**
 * Release bundles: the distribution area (source/target tabs) and the lookup of bundles
 * that contain an artifact, by checksum.
 */
import * as t from 'io-ts'
import type { Failed, Idle, Loaded, Loading } from '../shared/loadable'

export const ReleaseBundle = t.type({
  name: t.string,
  version: t.string,
  created: t.string,
  status: t.string,
  repository: t.string,
  artifacts: t.number,
})
export type ReleaseBundle = t.TypeOf<typeof ReleaseBundle>

// The navigation area opens a distribution page on its tab, so the tab's type is its own.
export type { DistributionTab } from '../navigation'

/** What was asked: the checksum, and the request that looks it up. */
interface Asked {
  readonly checksum: string
  readonly requestId: string
}

/**
 * The lookup of the bundles holding an artifact (a tagged union, no longer a status
 * beside a nullable request, bundles and failure). An invalid checksum is kept as typed (trimmed)
 * so nothing the user typed is lost; `requestId` there is the lookup asked before it, whose
 * answer no longer counts (earlier builds kept it, and hashed it).
 */
export type ChecksumLookup =
  | Idle
  | { readonly status: 'invalid'; readonly checksum: string; readonly requestId?: string }
  | (Loading<never> & Asked)
  | (Loaded<ReadonlyArray<ReleaseBundle>> & Asked)
  | (Failed & Asked)

export interface ReleaseBundlesState {
  readonly lookup: ChecksumLookup
}

// The initial state lives in a module of its own: the browser's entry needs it, not the rest.
