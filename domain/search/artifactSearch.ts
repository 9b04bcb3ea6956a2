/**
 * The artifact search (spec 001 sections 3 and 4): what a search model asks of the platform's
 * Quick search (stored files by name, path or checksum) or Archive search (files inside
 * archives by name or path, or the archives by checksum), and what the results page says
 * about it, as message keys the view words.
 */
import { canonicalJson } from '../shared/canonical'
import { withArchiveAvailability } from './rules'
import type { ArtifactsSearchType, SearchModel } from './defaultModel'
import { searchModelFromQuery, searchModelToQuery } from './model'
import type { ArtifactHits } from './types'

/** One request of the artifact search. */
export interface ArtifactSearch {
  readonly kind: ArtifactsSearchType
  /** A part of the file's name, or a pattern with `*` and `?`; empty when the search names none. */
  readonly name: string
  /** The repositories searched; all the user may read when empty. */
  readonly repositories: ReadonlyArray<string>
  /**
   * A part of the path, or a pattern (the bar's `path:`): Quick matches the file's path in its
   * repository, Archive the path of the file inside the archive.
   */
  readonly path?: string
  /** The md5, sha1 or sha256 of the stored file, or of the archive (the bar's `checksum:`), lower-case. */
  readonly checksum?: string
}

/**
 * The request a model makes; null when it names no file by name, path or checksum (the page
 * invites a search instead).
 */
export function artifactSearchOf(model: SearchModel, archiveEnabled: boolean): ArtifactSearch | null {
  const name = model.name.trim()
  const path = (model.path ?? '').trim()
  const checksum = (model.checksum ?? '').trim().toLowerCase()
  if (name === '' && path === '' && checksum === '') return null
  return {
    kind: withArchiveAvailability(model, archiveEnabled).artifactsSearchType,
    name,
    repositories: [...new Set(model.repositories)].sort(),
    ...(path !== '' ? { path } : {}),
    ...(checksum !== '' ? { checksum } : {}),
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
  /** Nothing matched: what was asked, for the sentence to name it. */
  | {
      readonly key: 'artifactSearchNone'
      readonly kind: ArtifactsSearchType
      readonly name: string
      readonly path?: string
      readonly checksum?: string
    }
  /** How many files are shown; `more` when the platform left some out. */
  | {
      readonly key: 'artifactSearchCount'
      readonly kind: ArtifactsSearchType
      readonly count: number
      readonly more: boolean
    }
  | { readonly key: 'artifactSearchTruncated'; readonly shown: number }

/** What the page says of an answer: how many files, or none, and whether more were left out. */
export function artifactHitsMessages(
  search: ArtifactSearch,
  hits: ArtifactHits,
): ReadonlyArray<ArtifactSearchMessage> {
  if (hits.results.length === 0) {
    const { kind, name, path, checksum } = search
    return [
      {
        key: 'artifactSearchNone',
        kind,
        name,
        ...(path !== undefined ? { path } : {}),
        ...(checksum !== undefined ? { checksum } : {}),
      },
    ]
  }
  const count: ArtifactSearchMessage = {
    key: 'artifactSearchCount',
    kind: search.kind,
    count: hits.results.length,
    more: hits.truncated,
  }
  return hits.truncated ? [count, { key: 'artifactSearchTruncated', shown: hits.results.length }] : [count]
}
