/** The overview (home page): the platform's figures at a glance, loaded as one. */
import * as t from 'io-ts'
import type { Loadable } from '../shared/loadable'

export const OverviewFigures = t.type({
  artifactCount: t.number,
  packagesByType: t.array(t.type({ type: t.string, count: t.number })),
  vulnerabilities: t.array(t.type({ severity: t.string, count: t.number })),
  recentDeployments: t.array(
    t.type({ repo: t.string, path: t.string, size: t.number, deployedBy: t.string, created: t.string }),
  ),
  storage: t.union([
    t.intersection([
      t.type({
        artifactBytes: t.number,
        blobCount: t.number,
        diskFreeBytes: t.number,
        diskTotalBytes: t.number,
      }),
      // When the platform's storage cache was calculated (absent in logs older than the cache).
      t.partial({ calculatedAt: t.string }),
    ]),
    // The platform is calculating its storage cache for the first time: no figures yet.
    t.type({ calculating: t.literal(true), diskFreeBytes: t.number, diskTotalBytes: t.number }),
  ]),
  health: t.array(t.type({ service: t.string, nodes: t.number, healthy: t.number })),
})
/** Successful downloads (or deployments) on each UTC day (YYYY-MM-DD) of the last 30, oldest first. */
export const DownloadDays = t.array(t.type({ day: t.string, count: t.number }))
export const Overview = t.intersection([
  OverviewFigures,
  // Absent in logs recorded before the platform counted downloads, or sent deployments a day.
  t.partial({ downloadsPerDay: DownloadDays, deploymentsPerDay: DownloadDays }),
])
export type Overview = t.TypeOf<typeof Overview>

export type OverviewState = Loadable<Overview>
