import { left, right } from 'fp-ts/Either'
import type { CommandMeta, SliceArea } from '../shared/area'
import type { EventOf } from '../shared/events'
import type { SignedOut } from '../session'
import type { Location, NavigationCommand } from '../navigation'
import type { SearchCommand } from './commands'
import { canonicalJson } from '../shared/canonical'
import {
  ArtifactsAsked,
  ArtifactsSearchTypeChanged,
  SearchRan,
  SuggestionsAsked,
  TextChanged,
  TypeChanged,
  UrlRestored,
  searchEvents,
  type SearchEvent,
} from './events'
import { artifactSearchKey, artifactSearchOf } from './artifactSearch'
import { carriedQuery, searchModelFromQuery, searchModelToQuery, type SearchModel } from './model'
import {
  addRecentSearch,
  isSearchButtonDisabled,
  parseSearchText,
  searchModelForTypeChange,
  withArchiveAvailability,
  type RecentSearch,
} from './rules'
import {
  SEARCH_TYPES,
  isPermitted,
  isSearchRoot,
  searchPath,
  searchTypeFollowing,
  searchTypeForRoute,
  unavailableReason,
  type SearchTypeId,
} from './searchTypes'
import { initialSearchState, type SearchState } from './types'
import { awaits, reloading, shownData } from '../shared/loadable'
import { modelOfBarText, textOfModel } from './barText'
import { viewerOf, type Viewer, type ViewerSlices } from './viewer'
import { searchCommandCodecs } from './commandCodecs.gen'

/** What the decisions read of the rest of the state: who is looking, and where. */
interface SearchContext {
  readonly viewer: Viewer
  readonly location: Location
}

const archiveEnabled = (v: Viewer) => v.features.archiveSearch === true

/** The owner's recent searches once `entry` ran (another user's shown list is not theirs). */
function recentAfter(s: SearchState, owner: string, entry: RecentSearch): RecentSearch[] {
  const mine = s.recentOwner === owner ? s.recent : []
  return [...(addRecentSearch({ [owner]: mine }, owner, entry)[owner] ?? [])]
}

function run(
  s: SearchState,
  { viewer, location: here }: SearchContext,
  meta: CommandMeta,
  type: SearchTypeId,
  model: SearchModel,
  text: string,
  from: 'page' | 'recent' = 'page',
) {
  const def = SEARCH_TYPES[type]
  const reason = unavailableReason(def, viewer)
  if (reason !== null) return left(`${def.label} search ${reason}`)
  const effective = withArchiveAvailability(model, archiveEnabled(viewer))
  if (
    isSearchButtonDisabled({
      query: text,
      permitted: isPermitted(viewer),
      model: effective,
      rule: def.disabledRule,
    })
  )
    return left('nothing to search for')
  const queryString = searchModelToQuery(effective)
  const target = searchPath(def, viewer)
  // A recent search is a search of its own: the page it reruns on lends it only the contact-us context.
  const carried = carriedQuery(from === 'recent' ? { path: '', query: here.query } : here, target)
  const query = [queryString, carried].filter((q) => q !== '').join('&')
  const path = `${target}${query ? `?${query}` : ''}`
  const owner = viewer.userName
  const recent = { id: meta.id, type, queryString, searchModel: effective }
  return right([
    SearchRan({
      type,
      model: effective,
      path,
      owner,
      recent,
      list: recentAfter(s, owner, recent),
      text: textOfModel(effective, def),
    }),
  ])
}

function decide(command: SearchCommand, s: SearchState, context: SearchContext, meta: CommandMeta) {
  switch (command.type) {
    case 'search/ChangeText':
      if (command.text === s.text) return left('text unchanged')
      return right([TextChanged({ text: command.text })])
    case 'search/AskSuggestions': {
      // Typing went on, or the bar is not a package search: nothing to ask, and nothing wrong.
      if (s.type !== 'packages' || command.text !== s.text) return right([])
      const name = parseSearchText(command.text, Object.keys(SEARCH_TYPES.packages.fieldKeys))
        .name.trim()
        .toLowerCase()
      return right(name === '' ? [] : [SuggestionsAsked({ text: command.text, name })])
    }
    case 'search/ChangeType': {
      const def = SEARCH_TYPES[command.searchType]
      if (!def) return left('unknown search type')
      const reason = unavailableReason(def, context.viewer)
      if (reason !== null) return left(`${def.label} search ${reason}`)
      if (command.searchType === s.type) return left('already this search type')
      // The text's filters are the old type's words: read them with its keys, then keep the name.
      const typed = modelOfBarText(s.text, SEARCH_TYPES[s.type], s.model)
      const model = searchModelForTypeChange(typed)
      return right([TypeChanged({ type: command.searchType, model, text: textOfModel(model) })])
    }
    case 'search/Run': {
      const def = SEARCH_TYPES[s.type]
      // A refined model (filters changed on the list) runs as it is, whatever the bar holds.
      if (command.model) {
        const type = command.searchType ?? s.type
        return run(s, context, meta, type, command.model, textOfModel(command.model, SEARCH_TYPES[type]))
      }
      // The bar's text is the whole search (it shows the filters of the last run): a filter
      // no longer in the text is not carried.
      const model = modelOfBarText(s.text, def, s.model)
      return run(s, context, meta, s.type, model, s.text)
    }
    case 'search/SelectRecent': {
      const entry = s.recent.find((r) => r.id === command.id)
      if (!entry) return left('no such recent search')
      const type = entry.type as SearchTypeId
      if (!SEARCH_TYPES[type]) return left('unknown search type')
      return run(
        s,
        context,
        meta,
        type,
        entry.searchModel,
        // A search that ran with no words (a bar of only `""`) keeps no text: chosen again, it
        // runs as that bar did (spec 001: selecting a recent search re-runs it).
        textOfModel(entry.searchModel, SEARCH_TYPES[type]) || entry.queryString || '""',
        'recent',
      )
    }
    case 'search/ChangeArtifactsSearchType': {
      const wanted = command.artifactsSearchType
      if (s.type !== 'artifacts') return left('only an artifact search is Quick or Archive')
      if (wanted === 'Archive' && !archiveEnabled(context.viewer))
        return left('archive search is not enabled')
      if (wanted === s.model.artifactsSearchType) return left('already this artifact search type')
      const changed = ArtifactsSearchTypeChanged({ artifactsSearchType: wanted })
      // On the results of a search, the switch asks again: the page shows what the switch says.
      const here = context.location
      const shown =
        isSearchRoot(SEARCH_TYPES.artifacts, here.path) &&
        artifactSearchOf(searchModelFromQuery(here.query), true) !== null
      if (!shown) return right([changed])
      const model = {
        ...modelOfBarText(s.text, SEARCH_TYPES.artifacts, s.model),
        artifactsSearchType: wanted,
      }
      const again = run(s, context, meta, 'artifacts', model, s.text)
      return right(again._tag === 'Right' ? [changed, ...again.right] : [changed])
    }
    case 'search/FindArtifacts': {
      const model = searchModelFromQuery(command.query)
      const search = artifactSearchOf(model, archiveEnabled(context.viewer))
      if (search === null) return left('nothing to search for')
      const requestId = artifactSearchKey(search)
      if (awaits(s.artifactHits, requestId)) return left('already asked')
      return right([ArtifactsAsked({ requestId, search })])
    }
    case 'search/SyncWithUrl': {
      const viewer = context.viewer
      const type = searchTypeFollowing(command.path, viewer, s.type)
      if (type === null) return left('no search type is available')
      const def = SEARCH_TYPES[type]
      const onRoute = searchTypeForRoute(command.path, viewer.projectKey) === type
      // A type that keeps its search query reads it from its own list's URL (reload, shared
      // link, back/forward) and keeps it on the pages below (a package opened from the results).
      const model =
        onRoute && def.keepSearchQuery && isSearchRoot(def, command.path)
          ? withArchiveAvailability(searchModelFromQuery(command.query), archiveEnabled(viewer))
          : type === s.type
            ? s.model
            : // A type change keeps the name: the one in the bar, typed but maybe not yet run.
              searchModelForTypeChange(modelOfBarText(s.text, SEARCH_TYPES[s.type], s.model))
      if (type === s.type && canonicalJson(model) === canonicalJson(s.model)) return left('already in step')
      return right([UrlRestored({ type, model, text: textOfModel(model, def) })])
    }
  }
}

/** Suggestions asked for `text`: those shown for the text before stay until the answer. */
function asking(current: SearchState['suggestions'], text: string): SearchState['suggestions'] {
  const previous = shownData(current)
  return previous === undefined
    ? { status: 'loading', requestId: text }
    : { status: 'loading', requestId: text, previous }
}

function evolve(s: SearchState, event: SearchEvent | EventOf<typeof SignedOut>): SearchState {
  if (event.type === 'session/SignedOut') return { ...initialSearchState, recentOwner: null, recent: [] }
  if (!event.type.startsWith('search/')) return s
  const e = event as SearchEvent
  switch (e.type) {
    case 'search/TextChanged':
      return {
        ...s,
        text: e.data.text,
        suggestions:
          e.data.text.trim() === '' ? initialSearchState.suggestions : asking(s.suggestions, e.data.text),
      }
    case 'search/TypeChanged':
      return {
        ...s,
        type: e.data.type,
        model: e.data.model,
        text: e.data.text ?? s.text,
        suggestions: initialSearchState.suggestions,
      }
    case 'search/SearchRan': {
      const recent = e.data.list ?? recentAfter(s, e.data.owner, e.data.recent)
      return {
        ...s,
        type: e.data.type,
        model: e.data.model,
        text: e.data.text ?? textOfModel(e.data.model),
        recentOwner: e.data.owner,
        recent,
        suggestions: initialSearchState.suggestions,
      }
    }
    case 'search/UrlRestored':
      return {
        ...s,
        type: e.data.type,
        model: e.data.model,
        text: e.data.text ?? textOfModel(e.data.model),
        suggestions: initialSearchState.suggestions,
      }
    case 'search/ArtifactsSearchTypeChanged':
      return { ...s, model: { ...s.model, artifactsSearchType: e.data.artifactsSearchType } }
    case 'search/ArtifactsAsked':
      // Another search's rows do not stand in for this one's while it loads.
      return {
        ...s,
        artifactHits:
          s.artifactHits.status === 'loaded' && s.artifactSearchAsked === e.data.requestId
            ? reloading(s.artifactHits, e.data.requestId)
            : { status: 'loading', requestId: e.data.requestId },
        artifactSearchAsked: e.data.requestId,
      }
    case 'search/ArtifactsFound':
      if (!awaits(s.artifactHits, e.data.requestId)) return s
      return { ...s, artifactHits: { status: 'loaded', data: e.data.hits } }
    case 'search/ArtifactSearchFailed':
      if (!awaits(s.artifactHits, e.data.requestId)) return s
      return { ...s, artifactHits: { status: 'failed', failure: e.data.failure } }
    case 'search/RecentLoaded':
      return { ...s, recentOwner: e.data.owner, recent: e.data.items }
    case 'search/SuggestionsAsked':
      // The text's change already shows them as loading.
      return s
    case 'search/SuggestionsLoaded':
      if (!awaits(s.suggestions, e.data.text)) return s
      return { ...s, suggestions: { status: 'loaded', data: e.data.items } }
    case 'search/SuggestionsFailed':
      if (!awaits(s.suggestions, e.data.text)) return s
      return { ...s, suggestions: { status: 'failed', failure: e.data.failure } }
  }
}

// Running a search opens its route with the model in the query (navigation owns the command).
function policies(envelope: {
  event: SearchEvent | EventOf<typeof SignedOut>
}): ReadonlyArray<NavigationCommand> {
  const e = envelope.event
  if (e.type === 'search/SearchRan') return [{ type: 'navigation/Navigate', to: e.data.path }]
  return []
}

export const searchArea: SliceArea<
  'search',
  SearchState,
  SearchCommand,
  SearchEvent | EventOf<typeof SignedOut>,
  SearchContext,
  NavigationCommand,
  ViewerSlices
> = {
  key: 'search',
  commands: searchCommandCodecs,
  initialState: initialSearchState,
  events: searchEvents,
  contextOf: (state) => ({ viewer: viewerOf(state), location: state.navigation.location }),
  decide,
  evolve,
  evolvesOn: ['session/SignedOut'],
  policies,
}
