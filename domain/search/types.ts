/** State of the search area: the bar (type, text, model), recent searches, suggestions. */
import * as t from 'io-ts'
import { DEFAULT_SEARCH_MODEL, type SearchModel } from './defaultModel'
import type { RecentSearch } from './rules'
import type { SearchTypeId } from './searchTypes'
import type { Failure } from '../shared/failure'

/** A package the bar suggests while the user types. */
export const Suggestion = t.type({
  id: t.string,
  name: t.string,
  packageType: t.string,
  latestVersion: t.union([t.string, t.null]),
})
export type Suggestion = t.TypeOf<typeof Suggestion>

export interface SearchState {
  readonly type: SearchTypeId
  /** The bar's text exactly as typed. */
  readonly text: string
  /** The model of the last search run or restored from the URL. */
  readonly model: SearchModel
  /** Whose recent searches are loaded ('anonymous' when signed out); null before loading. */
  readonly recentOwner: string | null
  readonly recent: ReadonlyArray<RecentSearch>
  readonly suggestions: {
    readonly status: 'idle' | 'loading' | 'loaded' | 'failed'
    readonly text: string
    readonly items: ReadonlyArray<Suggestion>
    readonly failure: Failure | null
  }
}

export const initialSearchState: SearchState = {
  type: 'packages',
  text: '',
  model: DEFAULT_SEARCH_MODEL,
  recentOwner: null,
  recent: [],
  suggestions: { status: 'idle', text: '', items: [], failure: null },
}
