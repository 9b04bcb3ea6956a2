import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import type { SearchModel } from './model'
import type { RecentSearch } from './rules'
import { ArtifactHits, Suggestion } from './types'

const SearchTypeC = t.keyof({
  packages: null,
  artifacts: null,
  securityCompliance: null,
  builds: null,
  releaseBundles: null,
})

/** The search model as event data (same shape as `SearchModel` of model.ts). */
export const SearchModelC: t.Type<SearchModel> = t.intersection([
  t.type({
    name: t.string,
    packageTypes: t.readonlyArray(t.string),
    tags: t.readonlyArray(t.string),
    description: t.string,
    scope: t.string,
    before: t.union([t.string, t.null]),
    after: t.union([t.string, t.null]),
    repositories: t.readonlyArray(t.string),
    artifactsSearchType: t.keyof({ Quick: null, Archive: null }),
    licenses: t.readonlyArray(t.string),
    severities: t.readonlyArray(t.string),
    sortBy: t.string,
    sortType: t.keyof({ asc: null, desc: null }),
  }),
  // Absent until set: older logs have none of these.
  t.partial({
    checksum: t.string,
    isChecksum: t.boolean,
    cve: t.string,
    properties: t.record(t.string, t.string),
    propertySets: t.record(t.string, t.string),
    path: t.string,
    excludeInnerClasses: t.boolean,
    searchClassOnly: t.boolean,
    branch: t.string,
  }),
])

export const RecentSearchC: t.Type<RecentSearch> = t.intersection([
  t.type({ id: t.string, type: t.string, queryString: t.string, searchModel: SearchModelC }),
  t.partial({ context: t.string }),
])

export const TextChanged = defineEvent('search/TextChanged', t.type({ text: t.string }))
/**
 * `text` is what the bar shows afterwards. Optional because logs older than it have none: a
 * type change then left the text as it was, and a run or a restore showed the model's name.
 */
const BarText = t.partial({ text: t.string })

export const TypeChanged = defineEvent(
  'search/TypeChanged',
  t.intersection([t.type({ type: SearchTypeC, model: SearchModelC }), BarText]),
)
/**
 * A search ran: it is remembered for `owner` and its route (`path`, query included) opens.
 * `list` is the owner's recent searches afterwards, which this browser keeps for them; v1 had
 * none (its effect read the state), so a v1 line reads `null` and evolve adds `recent` as v1 did.
 */
export const SearchRan = defineEvent(
  'search/SearchRan',
  t.intersection([
    t.type({
      type: SearchTypeC,
      model: SearchModelC,
      path: t.string,
      owner: t.string,
      recent: RecentSearchC,
      list: t.union([t.array(RecentSearchC), t.null]),
    }),
    BarText,
  ]),
  { v: 2, upcasters: { 1: (data) => ({ ...(data as Record<string, unknown>), list: null }) } },
)
/** The bar took its type and model from the URL (reload, shared link, back/forward). */
export const UrlRestored = defineEvent(
  'search/UrlRestored',
  t.intersection([t.type({ type: SearchTypeC, model: SearchModelC }), BarText]),
)
export const RecentLoaded = defineEvent(
  'search/RecentLoaded',
  t.type({ owner: t.string, items: t.array(RecentSearchC) }),
)
/** Suggestions are asked for the package `name` the bar's `text` holds (the answer names `text`). */
export const SuggestionsAsked = defineEvent(
  'search/SuggestionsAsked',
  t.type({ text: t.string, name: t.string }),
)
export const SuggestionsLoaded = defineEvent(
  'search/SuggestionsLoaded',
  t.type({ text: t.string, items: t.array(Suggestion) }),
)
export const SuggestionsFailed = defineEvent(
  'search/SuggestionsFailed',
  t.type({ text: t.string, failure: Failure }),
)

const ArtifactsSearchTypeC = t.keyof({ Quick: null, Archive: null })

/** The artifact search's Quick / Archive switch moved. */
export const ArtifactsSearchTypeChanged = defineEvent(
  'search/ArtifactsSearchTypeChanged',
  t.type({ artifactsSearchType: ArtifactsSearchTypeC }),
)
/** The artifact results page asked for a search; `requestId` is its key (artifactSearchKey). */
export const ArtifactsAsked = defineEvent(
  'search/ArtifactsAsked',
  t.type({
    requestId: t.string,
    search: t.intersection([
      t.type({
        kind: ArtifactsSearchTypeC,
        name: t.string,
        repositories: t.readonlyArray(t.string),
      }),
      // Absent from older logs, whose searches named neither.
      t.partial({ path: t.string, checksum: t.string }),
    ]),
  }),
)
export const ArtifactsFound = defineEvent(
  'search/ArtifactsFound',
  t.type({ requestId: t.string, hits: ArtifactHits }),
)
export const ArtifactSearchFailed = defineEvent(
  'search/ArtifactSearchFailed',
  t.type({ requestId: t.string, failure: Failure }),
)

export const searchEvents = [
  TextChanged,
  TypeChanged,
  SearchRan,
  UrlRestored,
  RecentLoaded,
  SuggestionsAsked,
  SuggestionsLoaded,
  SuggestionsFailed,
  ArtifactsSearchTypeChanged,
  ArtifactsAsked,
  ArtifactsFound,
  ArtifactSearchFailed,
] as const

export type SearchEvent = EventOf<(typeof searchEvents)[number]>
