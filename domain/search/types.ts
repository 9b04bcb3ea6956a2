/** State of the search area: the bar (type, text, model), recent searches, suggestions. */
import * as t from 'io-ts'
import { DEFAULT_SEARCH_MODEL, type SearchModel } from './defaultModel'
import type { RecentSearch } from './rules'
import type { SearchTypeId } from './searchTypes'
import type { Loadable } from '../shared/loadable'

/** A package the bar suggests while the user types. */
export const Suggestion = t.type({
  id: t.string,
  name: t.string,
  packageType: t.string,
  latestVersion: t.union([t.string, t.null]),
})
export type Suggestion = t.TypeOf<typeof Suggestion>

/**
 * A file the artifact search found: where it is stored and its size; for the Archive search,
 * the archive (`path`) and the file inside it (`entryPath`).
 */
export const ArtifactHit = t.intersection([
  t.type({ repoKey: t.string, path: t.string, size: t.number }),
  t.partial({ entryPath: t.string }),
])
export type ArtifactHit = t.TypeOf<typeof ArtifactHit>

/** The files an artifact search found, by name, and whether the platform left more out. */
export const ArtifactHits = t.type({ results: t.array(ArtifactHit), truncated: t.boolean })
export type ArtifactHits = t.TypeOf<typeof ArtifactHits>

export interface SearchState {
  readonly type: SearchTypeId
  /** The bar's text exactly as typed. */
  readonly text: string
  /** The model of the last search run or restored from the URL. */
  readonly model: SearchModel
  /** Whose recent searches are loaded ('anonymous' when signed out); null before loading. */
  readonly recentOwner: string | null
  readonly recent: ReadonlyArray<RecentSearch>
  /**
   * The bar's suggestions for its text: the shared Loadable, a request named by the text it asks
   * for (`requestId`), so only the answer for the text as it is now counts. While the text
   * changes, the last suggestions shown stay (`previous`) until their answer.
   */
  readonly suggestions: Loadable<ReadonlyArray<Suggestion>>
  /** The key (artifactSearchKey) of the artifact search last asked for; null before any. */
  readonly artifactSearchAsked: string | null
  /** What that search found. */
  readonly artifactHits: Loadable<ArtifactHits>
}

export const initialSearchState: SearchState = {
  type: 'packages',
  text: '',
  model: DEFAULT_SEARCH_MODEL,
  recentOwner: null,
  recent: [],
  suggestions: { status: 'idle' },
  artifactSearchAsked: null,
  artifactHits: { status: 'idle' },
}
