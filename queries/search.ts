import type { QueryTable, Selector } from './types'
import type { AppState } from '../domain/app'
import type { SearchState } from '../domain/search/types'
import { viewerOf, type Viewer } from '../domain/search/viewer'

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

/**
 * Who is looking, the same object while nothing about them changes. The search bar derives its
 * types, the search-button permission and the visible recent searches from it in its own chunk
 * (ui/search/SearchBar.tsx): the rules that do (searchTypes, rules) were here part of the login
 * page's first load, which never shows the bar.
 */
const viewer: Selector<object, Viewer> = memoOn(viewerKey, viewerOf)

// Queries of the search area, named `search/Noun`.
export const searchQueries = {
  'search/Bar': bar,
  'search/Viewer': viewer,
} satisfies QueryTable
