import type { QueryTable, Selector } from './types'
import type { DetailsState, ListState, VersionState, VersionTab } from '../domain/packages/types'
import { canSeeCounts, viewerOf, type Viewer } from '../domain/search/viewer'
import { README_EXTENSIONS } from '../domain/packages/rules'
import type { AppState } from '../domain/app'

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
}

const flags = memo(
  (s): [boolean, string, boolean, string] => {
    const v: Viewer = viewerOf(s)
    return [canSeeCounts(v), v.services.join(','), v.features.licenseData === true, v.userName]
  },
  (counts: boolean, services: string, licenseData: boolean, userName: string): ViewerFlags => ({
    canSeeCounts: counts,
    xrayLabel: services === 'artifactory' ? 'Security' : 'Xray Data',
    licenseDataEnabled: licenseData,
    userName,
  }),
)

const list: Selector<object, ListState> = (s) => s.packages.list
const details: Selector<object, DetailsState> = (s) => s.packages.details
const version: Selector<object, VersionState> = (s) => s.packages.version
const pageLoading: Selector<object, boolean> = (s) => s.packages.pageLoading
/** The package count for those allowed to see it; -1 (unknown) for everybody else. */
const count: Selector<object, number> = (s) => (flags(s).canSeeCounts ? s.packages.packageCount : -1)
const viewer: Selector<object, ViewerFlags> = (s) => flags(s)

// TODO(rules): use defaultVersionTab from domain/packageTypes once it lands.
/**
 * The tab a version opens on when the user has not picked one: readme for a supported
 * readme file type, docker layers for docker, builds otherwise.
 */
export function defaultVersionTabOf(packageType: string, leadFilePath: string): VersionTab {
  if (packageType.toLowerCase() === 'docker') return 'dockerLayers'
  const ext = leadFilePath.split('.').pop()?.toLowerCase() ?? ''
  return leadFilePath.includes('.') && README_EXTENSIONS.includes(ext) ? 'readme' : 'builds'
}

const versionTab: Selector<object, VersionTab | null> = (s) => {
  const v = s.packages.version
  if (v.tab) return v.tab
  const pkg = s.packages.details.pkg
  if (!v.version || !pkg) return null
  return defaultVersionTabOf(pkg.packageType, v.version.repos[0]?.leadFilePath ?? '')
}

// Queries of the packages area, named `packages/Noun`.
export const packagesQueries = {
  'packages/List': list,
  'packages/Details': details,
  'packages/Version': version,
  'packages/VersionTab': versionTab,
  'packages/PageLoading': pageLoading,
  'packages/Count': count,
  'packages/Viewer': viewer,
} satisfies QueryTable
