import type { ArtifactsSearchType, SearchModel } from './model'
import type { SearchTypeId } from './searchTypes'

// Commands of the search area, named `search/Imperative`.
export type SearchCommand =
  | { readonly type: 'search/ChangeText'; readonly text: string }
  /** Typing paused on `text`: suggestions are asked for it if it is still a package search's text. */
  | { readonly type: 'search/AskSuggestions'; readonly text: string }
  | { readonly type: 'search/ChangeType'; readonly searchType: SearchTypeId }
  /** Runs the bar's text, or (from a list's filter panel) `model` of `searchType` as it is. */
  | { readonly type: 'search/Run'; readonly model?: SearchModel; readonly searchType?: SearchTypeId }
  | { readonly type: 'search/SelectRecent'; readonly id: string }
  /** The route changed: take the type (and, where kept, the model) from the URL. */
  | { readonly type: 'search/SyncWithUrl'; readonly path: string; readonly query: string }
  /** The artifact search's Quick / Archive switch; on a shown search's page, that search runs again. */
  | { readonly type: 'search/ChangeArtifactsSearchType'; readonly artifactsSearchType: ArtifactsSearchType }
  /** The artifact results page asks for the search its URL query holds. */
  | { readonly type: 'search/FindArtifacts'; readonly query: string }
