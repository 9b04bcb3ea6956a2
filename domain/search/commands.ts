import type { SearchModel } from './model'
import type { SearchTypeId } from './searchTypes'

// Commands of the search area, named `search/Imperative`.
export type SearchCommand =
  | { readonly type: 'search/ChangeText'; readonly text: string }
  | { readonly type: 'search/ChangeType'; readonly searchType: SearchTypeId }
  /** Runs the bar's text, or (from a list's filter panel) `model` of `searchType` as it is. */
  | { readonly type: 'search/Run'; readonly model?: SearchModel; readonly searchType?: SearchTypeId }
  | { readonly type: 'search/SelectRecent'; readonly id: string }
  /** The route changed: take the type (and, where kept, the model) from the URL. */
  | { readonly type: 'search/SyncWithUrl'; readonly path: string; readonly query: string }
