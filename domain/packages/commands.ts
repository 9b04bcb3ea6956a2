import type { PackageQuery, PackageTab } from './types'

// Commands of the packages area, named `packages/Imperative`.
export type PackagesCommand =
  /** Show the list for a search, or (query null) the count-only list. */
  | { readonly type: 'packages/OpenList'; readonly query: PackageQuery | null }
  /** Load (or load again) what the page shows before any search. */
  | { readonly type: 'packages/OpenLanding' }
  | { readonly type: 'packages/LoadMore' }
  | { readonly type: 'packages/RetryList' }
  | { readonly type: 'packages/OpenPackage'; readonly packageId: string }
  /** The next page of the open package's versions (100 a page, by the cursor). */
  | { readonly type: 'packages/LoadMoreVersions' }
  | { readonly type: 'packages/OpenVersion'; readonly packageId: string; readonly versionId: string }
  | { readonly type: 'packages/SelectTab'; readonly level: 'package' | 'version'; readonly tab: PackageTab }
  | {
      readonly type: 'packages/DownloadFile'
      readonly file: string
      readonly repoKey: string
      readonly path: string
    }
  /**
   * Ask the version's remote whether its upstream has the version: on opening a version it has
   * not cached (the page's own question), and on Retry while the upstream was unreachable.
   */
  | { readonly type: 'packages/CheckUpstream'; readonly versionId: string }
