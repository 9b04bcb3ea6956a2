import type { QueryTable, Selector } from './types'
import type { AppState } from '../domain/app'
import type { SearchState } from '../domain/search/types'
import { visibleRecentSearches, type RecentSearch } from '../domain/search/rules'
import { availableSearchTypes, isPermitted, type SearchTypeDef } from '../domain/search/searchTypes'
import { viewerOf } from '../domain/search/viewer'

function memoOn<K, R>(key: (s: AppState) => K, project: (s: AppState) => R): (s: AppState) => R {
  let lastKey: K | undefined
  let result: R
  let primed = false
  return (s) => {
    const k = key(s)
    if (!primed || k !== lastKey) {
      primed = true
      lastKey = k
      result = project(s)
    }
    return result
  }
}

const viewerKey = (s: AppState) => JSON.stringify(viewerOf(s))

const bar: Selector<object, SearchState> = (s) => s.search

/** The search types this viewer may use, in the bar's order. */
const types: Selector<object, ReadonlyArray<SearchTypeDef>> = memoOn(viewerKey, (s) =>
  availableSearchTypes(viewerOf(s)),
)

/** Whether the viewer counts as admin / project admin / tour for the search-button rule. */
const permitted: Selector<object, boolean> = (s) => isPermitted(viewerOf(s))

let lastRecent:
  { recent: SearchState['recent']; archive: boolean; result: ReadonlyArray<RecentSearch> } | undefined
/** Recent searches of the current user, newest first; Archive ones hidden without archive search. */
const recent: Selector<object, ReadonlyArray<RecentSearch>> = (s) => {
  const archive = viewerOf(s).features.archiveSearch === true
  if (lastRecent && lastRecent.recent === s.search.recent && lastRecent.archive === archive)
    return lastRecent.result
  const owner = s.search.recentOwner ?? 'anonymous'
  const result = visibleRecentSearches({ [owner]: s.search.recent }, owner, { archiveEnabled: archive })
  lastRecent = { recent: s.search.recent, archive, result }
  return result
}

// Queries of the search area, named `search/Noun`.
export const searchQueries = {
  'search/Bar': bar,
  'search/Types': types,
  'search/Permitted': permitted,
  'search/Recent': recent,
} satisfies QueryTable
