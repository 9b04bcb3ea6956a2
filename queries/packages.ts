import type { QueryTable, Selector } from './types'
import type { DetailsState, Landing, ListState, VersionState } from '../domain/packages/types'
import type { Loadable } from '../domain/shared/loadable'
import { canSeeCounts, viewerOf, type Viewer } from '../domain/search/viewer'
import type { AppState } from '../domain/app'
import { xrayAvailability, type XrayAvailability } from '../domain/platform'

/** Memoises a projection on the identity of its inputs, so `ask` emits only on change. */
function memo<I extends unknown[], R>(
  inputs: (s: AppState) => I,
  project: (...i: I) => R,
): (s: AppState) => R {
  let last: I | undefined
  let result: R
  return (s) => {
    const next = inputs(s)
    if (!last || next.length !== last.length || next.some((v, i) => v !== last?.[i])) {
      last = next
      result = project(...next)
    }
    return result
  }
}

export interface ViewerFlags {
  readonly canSeeCounts: boolean
  /** 'Security' when the artifact manager is the only service, 'Xray Data' otherwise. */
  readonly xrayLabel: 'Xray Data' | 'Security'
  readonly licenseDataEnabled: boolean
  readonly userName: string
  /** The platform reports a metadata migration after an upgrade: results may be partial. */
  readonly migrationRunning: boolean
  /** Whether the security scanner runs and is licensed (the security tab says why not). */
  readonly xray: XrayAvailability
}

const flags = memo(
  (s): [boolean, string, boolean, string, boolean, XrayAvailability] => {
    const v: Viewer = viewerOf(s)
    return [
      canSeeCounts(v),
      v.services.join(','),
      v.features.licenseData === true,
      v.userName,
      v.features.metadataMigrationRunning === true,
      xrayAvailability(s.platform),
    ]
  },
  (
    counts: boolean,
    services: string,
    licenseData: boolean,
    userName: string,
    migration: boolean,
    xray: XrayAvailability,
  ): ViewerFlags => ({
    xray,
    migrationRunning: migration,
    canSeeCounts: counts,
    xrayLabel: services === 'artifactory' ? 'Security' : 'Xray Data',
    licenseDataEnabled: licenseData,
    userName,
  }),
)

// Its rows (listRows in domain/packages/rules.ts) are projected in the list's chunk: here they
// were part of the login page's first load.
const list: Selector<object, ListState> = (s) => s.packages.list
const details: Selector<object, DetailsState> = (s) => s.packages.details
const version: Selector<object, VersionState> = (s) => s.packages.version
const landing: Selector<object, Loadable<Landing>> = (s) => s.packages.landing
const pageLoading: Selector<object, boolean> = (s) => s.packages.pageLoading
/** The package count for those allowed to see it; null (unknown) for everybody else. */
const count: Selector<object, number | null> = (s) => (flags(s).canSeeCounts ? s.packages.packageCount : null)
const viewer: Selector<object, ViewerFlags> = (s) => flags(s)
/** Package types the platform offers, for the type filter. */
const packageTypes: Selector<object, ReadonlyArray<string>> = (s) => s.platform.packageTypes

// Queries of the packages area, named `packages/Noun`. The version's shown tab is projected in
// the version page's chunk (ui/packages/VersionDetails.tsx, rule defaultVersionTab): here it was
// part of the login page's first load.
export const packagesQueries = {
  'packages/List': list,
  'packages/Details': details,
  'packages/Version': version,
  'packages/Landing': landing,
  'packages/PageLoading': pageLoading,
  'packages/Count': count,
  'packages/Viewer': viewer,
  'packages/PackageTypes': packageTypes,
} satisfies QueryTable
