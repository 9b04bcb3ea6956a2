import type { ClosableModal } from './types'

// Commands of the navigation area, named `navigation/Imperative`.
export type NavigationCommand =
  /** Go to `to` (a path under the `/ui` base, without it; may carry a query). */
  | { readonly type: 'navigation/Navigate'; readonly to: string; readonly replace?: boolean }
  /** The browser's location changed by itself (first load, back/forward): dispatched with source 'router'. */
  | { readonly type: 'navigation/SyncFromHistory'; readonly to: string }
  /** The default landing for the user kind, with the last-visited overrides. */
  | { readonly type: 'navigation/GoToLanding' }
  | { readonly type: 'navigation/GoToAdminLanding' }
  | { readonly type: 'navigation/GoToApplicationLanding' }
  /** Runs the guard again for a navigation that waited for the start-up data. */
  | { readonly type: 'navigation/RecheckGuard' }
  /** Leave the console for another site (only http(s) URLs). */
  | { readonly type: 'navigation/LeaveForExternal'; readonly url: string }
  /** Leave for the account portal the platform's settings name (the user route). */
  | { readonly type: 'navigation/OpenAccountPortal' }
  | { readonly type: 'navigation/ToggleSidebar' }
  | { readonly type: 'navigation/OpenMenu'; readonly menu: 'user' | 'help' | 'add' | null }
  | { readonly type: 'navigation/OpenModal'; readonly modal: ClosableModal }
  | { readonly type: 'navigation/CloseModal'; readonly modal: ClosableModal }
  | { readonly type: 'navigation/SelectProject'; readonly key?: string }
  /** A plugin adds a route (rendered by the plugin outlet). */
  | {
      readonly type: 'navigation/RegisterRoute'
      readonly name: string
      readonly pattern: string
      readonly title?: string
      /** Lower is matched first among the plugins' routes; the default order when absent. */
      readonly order?: number
    }
  | { readonly type: 'navigation/ToggleDebugPanel' }
  | {
      readonly type: 'navigation/RecordChunkFailure'
      readonly area: string
      readonly failure: 'missing' | 'error' | 'timeout'
      readonly request: string
      /** The script of the chunk (default) or one of its style sheets. */
      readonly asset?: 'script' | 'style'
    }
