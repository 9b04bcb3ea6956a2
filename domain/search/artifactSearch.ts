/**
 * The artifact search (spec 001 sections 3 and 4): what a search model asks of the platform's
 * Quick search (stored files by name) or Archive search (files inside archives by name), and
 * what the results page says about it, as message keys the view words.
 */
import { canonicalJson } from '../shared/canonical'
import { withArchiveAvailability } from './rules'
import type { ArtifactsSearchType, SearchModel } from './defaultModel'
import { searchModelFromQuery, searchModelToQuery } from './model'
import type { ArtifactHits } from './types'

/** One request of the artifact search. */
export interface ArtifactSearch {
  readonly kind: ArtifactsSearchType
  /** A part of the file's name, or a pattern with `*` and `?`. */
  readonly name: string
  /** The repositories searched; all the user may read when empty. */
  readonly repositories: ReadonlyArray<string>
}

/** The request a model makes; null when it names no file (the page invites a search instead). */
export function artifactSearchOf(model: SearchModel, archiveEnabled: boolean): ArtifactSearch | null {
  const name = model.name.trim()
  if (name === '') return null
  return {
    kind: withArchiveAvailability(model, archiveEnabled).artifactsSearchType,
    name,
    repositories: [...new Set(model.repositories)].sort(),
  }
}

/** Whether a URL query holds a search (the artifacts page then shows results, not the tree). */
export const holdsSearch = (query: string): boolean => searchModelToQuery(searchModelFromQuery(query)) !== ''

/** The request's name in the state: equal requests, equal keys. */
export const artifactSearchKey = (search: ArtifactSearch): string => canonicalJson(search)

/** What the results page says beside (or instead of) its rows. */
export type ArtifactSearchMessage =
  | { readonly key: 'artifactSearchTitle'; readonly kind: ArtifactsSearchType }
  | { readonly key: 'artifactSearchInviteTitle' }
  | { readonly key: 'artifactSearchPatternHint' }
  | { readonly key: 'artifactSearchFailed'; readonly detail: string }
  | { readonly key: 'artifactSearchBrowseTree' }
  | { readonly key: 'artifactSearchInvite'; readonly archiveEnabled: boolean }
  | { readonly key: 'artifactSearchNone'; readonly kind: ArtifactsSearchType; readonly name: string }
  /** How many files are shown; `more` when the platform left some out. */
  | {
      readonly key: 'artifactSearchCount'
      readonly kind: ArtifactsSearchType
      readonly count: number
      readonly more: boolean
    }
  | { readonly key: 'artifactSearchTruncated'; readonly shown: number }
  /** Filters of the bar the artifact searches do not narrow by yet: said, not silently dropped. */
  | { readonly key: 'artifactSearchFiltersUnused'; readonly filters: ReadonlyArray<'path' | 'checksum'> }

/** The filters of a model the artifact searches leave out. */
export function unusedArtifactFilters(model: SearchModel): ArtifactSearchMessage | null {
  const filters = [
    ...(model.path ? (['path'] as const) : []),
    ...(model.checksum ? (['checksum'] as const) : []),
  ]
  return filters.length > 0 ? { key: 'artifactSearchFiltersUnused', filters } : null
}

/** What the page says of an answer: how many files, or none, and whether more were left out. */
export function artifactHitsMessages(
  search: ArtifactSearch,
  hits: ArtifactHits,
): ReadonlyArray<ArtifactSearchMessage> {
  if (hits.results.length === 0) return [{ key: 'artifactSearchNone', kind: search.kind, name: search.name }]
  const count: ArtifactSearchMessage = {
    key: 'artifactSearchCount',
    kind: search.kind,
    count: hits.results.length,
    more: hits.truncated,
  }
  return hits.truncated ? [count, { key: 'artifactSearchTruncated', shown: hits.results.length }] : [count]
}
