import type { SearchModel } from './model'
import type { SearchTypeId } from './searchTypes'

// Commands of the search area, named `search/Imperative`.
export type SearchCommand =
  | { readonly type: 'search/ChangeText'; readonly text: string }
  | { readonly type: 'search/ChangeType'; readonly searchType: SearchTypeId }
  /** Runs the bar's text; `filters` replaces model fields first (the list's filter panel). */
  | { readonly type: 'search/Run'; readonly filters?: Partial<SearchModel> }
  | { readonly type: 'search/SelectRecent'; readonly id: string }
  /** The route changed: take the type (and, where kept, the model) from the URL. */
  | { readonly type: 'search/SyncWithUrl'; readonly path: string; readonly query: string }
