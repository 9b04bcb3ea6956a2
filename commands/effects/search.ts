/**
 * Effects of the search area: suggestions while typing (debounced on the injected
 * scheduler, the superseded request aborted by `request`), and recent searches kept per user in local
 * storage (never anything secret: models and query strings only).
 */
import * as t from 'io-ts'
import {
  EMPTY,
  debounceTime,
  distinctUntilChanged,
  filter,
  ignoreElements,
  map,
  switchMap,
  take,
  tap,
} from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import {
  ArtifactSearchFailed,
  ArtifactsFound,
  RecentLoaded,
  RecentSearchC,
  SuggestionsFailed,
  SuggestionsLoaded,
} from '../../domain/search/events'
import { withTrailingWildcard, type RecentSearch } from '../../domain/search/rules'
import { viewerOf } from '../../domain/search/viewer'
import { defaultPackageQuery } from '../../domain/packages/initial'
import type { KeyValueStore } from '../../adapters/ports'
import { asked, type Effect, type EffectTable } from './types'
import { isSearchUse } from './searchUse'
import { ofType, request } from './operators'

export const RECENT_SEARCHES_KEY = 'recentSearches'
/** Typing pauses this long before the platform is asked for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 250
const SUGGESTIONS = 8

const Stored = t.record(t.string, t.array(t.unknown))

/** Every user's recent searches from storage; entries that do not decode are dropped. */
export function readRecent(store: KeyValueStore): Record<string, RecentSearch[]> {
  const raw = store.get(RECENT_SEARCHES_KEY)
  if (!raw) return {}
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return {}
  }
  const decoded = Stored.decode(json)
  if (isLeft(decoded)) return {}
  const out: Record<string, RecentSearch[]> = {}
  for (const [owner, items] of Object.entries(decoded.right)) {
    const ok = items.flatMap((i) => {
      const d = RecentSearchC.decode(i)
      return isLeft(d) ? [] : [d.right]
    })
    Object.defineProperty(out, owner, { value: ok, enumerable: true, writable: true, configurable: true })
  }
  return out
}

/** Typing that pauses asks the decider whether suggestions are wanted for the text. */
const pausedTyping: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('search/TextChanged'),
    debounceTime(SUGGEST_DEBOUNCE_MS, ports.scheduler),
    map((env) => asked(env, { type: 'search/AskSuggestions', text: env.event.data.text })),
  )

/** Asks for the suggestions; any change of the text aborts the request on its way. */
const suggestions: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('search/TextChanged', 'search/SuggestionsAsked'),
    switchMap((env) => {
      if (env.event.type === 'search/TextChanged') return EMPTY
      const { text, name } = env.event.data
      return request(
        env,
        (signal) =>
          ports.packagesApi.searchPackages(
            { ...defaultPackageQuery, name: withTrailingWildcard(name) },
            { first: SUGGESTIONS, after: null },
            signal,
          ),
        {
          done: (page) =>
            SuggestionsLoaded({
              text,
              items: page.items.map((p) => ({
                id: p.id,
                name: p.name,
                packageType: p.packageType,
                latestVersion: p.latestVersion,
              })),
            }),
          failed: (failure) => (failure.kind === 'aborted' ? [] : SuggestionsFailed({ text, failure })),
        },
      )
    }),
  )

/**
 * Loads the recent searches of whoever is signed in (or 'anonymous') from the search area's
 * first use on, and again whenever that user changes. Waiting for the first use makes the
 * browser, which loads these effects then, record what an app with every effect loaded does.
 */
const loadRecent: Effect = (events$, state$, ports) =>
  events$.pipe(
    filter((e) => isSearchUse(e.event)),
    take(1),
    switchMap(() => state$),
    map((s) => viewerOf(s).userName),
    distinctUntilChanged(),
    map((owner) => {
      const all = readRecent(ports.localStore)
      const items = Object.prototype.hasOwnProperty.call(all, owner) ? (all[owner] ?? []) : []
      return RecentLoaded({ owner, items })
    }),
  )

/** Writes the user's list back after each search; other users' lists are kept as they were. */
const saveRecent: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('search/SearchRan'),
    tap(({ event }) => {
      const { owner, list } = event.data
      // Only a v1 line has no list, and replay runs no effects.
      if (list === null) return
      const next = { ...readRecent(ports.localStore), [owner]: list }
      ports.localStore.set(RECENT_SEARCHES_KEY, JSON.stringify(next))
    }),
    ignoreElements(),
  )

/** The artifact results page's search; a newer one supersedes the one on its way. */
const findArtifacts: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('search/ArtifactsAsked'),
    switchMap((env) => {
      const { requestId, search } = env.event.data
      return request(env, () => ports.artifactsApi.search(search), {
        done: (hits) => ArtifactsFound({ requestId, hits }),
        failed: (failure) => ArtifactSearchFailed({ requestId, failure }),
      })
    }),
  )

// Effects of the search area: each calls a port and turns the answer into an event.
export const searchEffects: EffectTable = { pausedTyping, suggestions, loadRecent, saveRecent, findArtifacts }
