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
const orNull = t.union([t.number, t.null])
/** Storage used at the end of each UTC day of the last 30, oldest first: nulls for a day the platform took no sample. */
export const StorageDays = t.array(t.type({ day: t.string, artifactBytes: orNull, files: orNull }))
/** The figures a day, as the platform sends them beside the others. */
export const PerDayFigures = t.partial({
  downloadsPerDay: DownloadDays,
  deploymentsPerDay: DownloadDays,
  storagePerDay: StorageDays,
})
export const Overview = t.intersection([
  OverviewFigures,
  // Absent in logs recorded before the platform counted downloads, sent deployments a day or
  // kept its storage history.
  PerDayFigures,
])
export type Overview = t.TypeOf<typeof Overview>

export type OverviewState = Loadable<Overview>
