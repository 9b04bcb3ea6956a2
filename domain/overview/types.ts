/** The overview (home page): the platform's figures at a glance, loaded as one. */
import * as t from 'io-ts'
import type { Failure } from '../shared/failure'

export const Overview = t.type({
  artifactCount: t.number,
  packagesByType: t.array(t.type({ type: t.string, count: t.number })),
  vulnerabilities: t.array(t.type({ severity: t.string, count: t.number })),
  recentDeployments: t.array(
    t.type({ repo: t.string, path: t.string, size: t.number, deployedBy: t.string, created: t.string }),
  ),
  storage: t.type({
    artifactBytes: t.number,
    blobCount: t.number,
    diskFreeBytes: t.number,
    diskTotalBytes: t.number,
  }),
  health: t.array(t.type({ service: t.string, nodes: t.number, healthy: t.number })),
})
export type Overview = t.TypeOf<typeof Overview>

export type OverviewState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly requestId: string; readonly previous?: Overview }
  | { readonly status: 'loaded'; readonly data: Overview }
  | { readonly status: 'failed'; readonly failure: Failure }

export * from './initial'
