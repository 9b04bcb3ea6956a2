// Commands of the xray area, named `xray/Imperative`.
import type { IgnoreRule } from './policies'
import type { PolicyValue, WatchValue, XrayAsk } from './types'
import type { ReportKind, ScanSettingsChange } from './views'

export type XrayCommand =
  /** Load one of the area's lists or details (with its filters, page or version). */
  | { readonly type: 'xray/Load'; readonly ask: XrayAsk }
  | { readonly type: 'xray/SavePolicy'; readonly policy: PolicyValue; readonly create: boolean }
  | { readonly type: 'xray/DeletePolicy'; readonly name: string }
  | { readonly type: 'xray/SaveWatch'; readonly watch: WatchValue; readonly create: boolean }
  | { readonly type: 'xray/DeleteWatch'; readonly name: string }
  | { readonly type: 'xray/IgnoreViolation'; readonly rule: Omit<IgnoreRule, 'id'> }
  | { readonly type: 'xray/RemoveIgnoreRule'; readonly id: string }
  | { readonly type: 'xray/Rescan'; readonly versionId: string }
  | { readonly type: 'xray/SaveIndexedResources'; readonly repositories: ReadonlyArray<string> }
  | { readonly type: 'xray/SaveSettings'; readonly settings: ScanSettingsChange }
  | { readonly type: 'xray/ImportAdvisories'; readonly url: string }
  /** Import an OSV export the admin chose on disk (a JSON file or a zip), stashed as `fileRef`. */
  | { readonly type: 'xray/ImportAdvisoryFile'; readonly fileRef: string; readonly name: string }
  /** Scan again for a stored import of advisories (Retry after its rescan failed). */
  | { readonly type: 'xray/RescanImport'; readonly id: number }
  /**
   * Ask the platform for a report over indexed repositories and builds, by name (neither chosen:
   * every indexed repository and every build).
   */
  | {
      readonly type: 'xray/CreateReport'
      readonly kind: ReportKind
      readonly name: string
      readonly repositories: ReadonlyArray<string>
      readonly builds: ReadonlyArray<string>
    }
  | { readonly type: 'xray/DeleteReport'; readonly id: string; readonly name: string }
  /** Read every chosen repository of the git integrations the scanner is connected to again. */
  | { readonly type: 'xray/ScanGitRepositories' }
  | { readonly type: 'xray/DismissChange' }
