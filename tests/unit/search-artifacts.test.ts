/**
 * The artifact search (spec 001 sections 3 and 4): the bar's Quick / Archive switch, the
 * Archive type falling back to Quick where archive search is off, and the results page's
 * request (given events, when command, then events), its answer and its failure.
 */
import { describe, expect, it } from 'vitest'
import { appSlice } from '../../domain/app'
import { searchArea } from '../../domain/search'
import * as E from '../../domain/search/events'
import { DEFAULT_SEARCH_MODEL, type SearchModel } from '../../domain/search/model'
import {
  artifactHitsMessages,
  artifactSearchKey,
  artifactSearchOf,
  holdsSearch,
  type ArtifactSearch,
} from '../../domain/search/artifactSearch'
import { FeaturesLoaded } from '../../domain/platform/events'
import { Navigated } from '../../domain/navigation/events'
import type { CommandMeta } from '../../domain/shared/area'
import { spec } from '../support/decider'

const meta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', id: 's-1' }
const search = spec(appSlice(searchArea), meta)
const archiveOn = FeaturesLoaded({ features: { archiveSearch: true } })
const onArtifacts = E.UrlRestored({ type: 'artifacts', model: DEFAULT_SEARCH_MODEL, text: '' })
const at = (path: string, query: string) =>
  Navigated({ location: { path, query }, routeName: 'artifacts', mode: 'push' } as Parameters<
    typeof Navigated
  >[0])
const model = (over: Partial<SearchModel>): SearchModel => ({ ...DEFAULT_SEARCH_MODEL, ...over })
const asked = (s: ArtifactSearch) => E.ArtifactsAsked({ requestId: artifactSearchKey(s), search: s })
const jar: ArtifactSearch = { kind: 'Archive', name: 'Main.class', repositories: [] }

describe('the Quick / Archive switch', () => {
  it('sets the artifact search type the next run carries', () => {
    const d = search
      .given(archiveOn, onArtifacts, E.TextChanged({ text: 'Main.class' }))
      .when({ type: 'search/ChangeArtifactsSearchType', artifactsSearchType: 'Archive' })
    d.then(E.ArtifactsSearchTypeChanged({ artifactsSearchType: 'Archive' }))
    const ran = search.at(d.after()).when({ type: 'search/Run' }).events()
    expect(ran).toEqual([
      expect.objectContaining({
        type: 'search/SearchRan',
        data: expect.objectContaining({ path: '/artifacts/browse?q=Main.class&ast=Archive' }),
      }),
    ])
  })

  it('on the results of a search, runs that search again as the switch says', () => {
    const ranAgain = {
      id: meta.id,
      type: 'artifacts',
      queryString: 'q=Main.class&ast=Archive',
      searchModel: model({ name: 'Main.class', artifactsSearchType: 'Archive' }),
    }
    search
      .given(
        archiveOn,
        at('/artifacts/browse', '?q=Main.class'),
        E.UrlRestored({ type: 'artifacts', model: model({ name: 'Main.class' }), text: 'Main.class' }),
      )
      .when({ type: 'search/ChangeArtifactsSearchType', artifactsSearchType: 'Archive' })
      .then(
        E.ArtifactsSearchTypeChanged({ artifactsSearchType: 'Archive' }),
        E.SearchRan({
          type: 'artifacts',
          model: model({ name: 'Main.class', artifactsSearchType: 'Archive' }),
          path: '/artifacts/browse?q=Main.class&ast=Archive',
          owner: 'anonymous',
          recent: ranAgain,
          list: [ranAgain],
          text: 'Main.class',
        }),
      )
  })

  it('spec 001 §4: offers no Archive where archive search is not enabled', () => {
    search
      .given(onArtifacts)
      .when({ type: 'search/ChangeArtifactsSearchType', artifactsSearchType: 'Archive' })
      .rejected(/archive search is not enabled/)
  })

  it('belongs to the artifact search only, and ignores a choice already made', () => {
    search
      .given(archiveOn)
      .when({ type: 'search/ChangeArtifactsSearchType', artifactsSearchType: 'Archive' })
      .rejected(/only an artifact search/)
    search
      .given(archiveOn, onArtifacts)
      .when({ type: 'search/ChangeArtifactsSearchType', artifactsSearchType: 'Quick' })
      .rejected(/already/)
  })

  it('a new search type starts Quick again', () => {
    const state = search
      .given(archiveOn, onArtifacts, E.ArtifactsSearchTypeChanged({ artifactsSearchType: 'Archive' }))
      .when({ type: 'search/ChangeType', searchType: 'packages' })
      .after()
    expect(state.search.model.artifactsSearchType).toBe('Quick')
  })
})

describe('the results page', () => {
  it('asks for the search its query holds, by name, kind and repositories', () => {
    search
      .given(archiveOn)
      .when({ type: 'search/FindArtifacts', query: 'q=Main.class&ast=Archive&repo=b&repo=a' })
      .then(asked({ ...jar, repositories: ['a', 'b'] }))
  })

  it('spec 001 §4: an Archive query asks the Quick search where archive search is off', () => {
    search
      .given()
      .when({ type: 'search/FindArtifacts', query: 'q=Main.class&ast=Archive' })
      .then(asked({ ...jar, kind: 'Quick' }))
  })

  it('asks for a search by path or checksum alone, the checksum in lower case', () => {
    const sha1 = 'A'.repeat(40)
    search
      .given(archiveOn)
      .when({ type: 'search/FindArtifacts', query: 'art_path=com%2Facme%2F&ast=Archive' })
      .then(asked({ kind: 'Archive', name: '', repositories: [], path: 'com/acme/' }))
    search
      .given()
      .when({ type: 'search/FindArtifacts', query: `q=tools&checksum=${sha1}&is_checksum=true` })
      .then(asked({ kind: 'Quick', name: 'tools', repositories: [], checksum: sha1.toLowerCase() }))
  })

  it('on the results of a search by path alone, the switch runs it again', () => {
    const events = search
      .given(
        archiveOn,
        at('/artifacts/browse', '?art_path=libs'),
        E.UrlRestored({ type: 'artifacts', model: model({ path: 'libs' }), text: 'path:libs' }),
      )
      .when({ type: 'search/ChangeArtifactsSearchType', artifactsSearchType: 'Archive' })
      .events()
    expect(events.map((e) => e.type)).toEqual(['search/ArtifactsSearchTypeChanged', 'search/SearchRan'])
    expect(events[1]).toMatchObject({ data: { path: '/artifacts/browse?ast=Archive&art_path=libs' } })
  })

  it('asks nothing without a name, and nothing twice while the answer is on its way', () => {
    search
      .given()
      .when({ type: 'search/FindArtifacts', query: 'ast=Archive' })
      .rejected(/nothing to search/)
    search
      .given(archiveOn, asked(jar))
      .when({ type: 'search/FindArtifacts', query: 'q=Main.class&ast=Archive' })
      .rejected(/already asked/)
  })

  it('keeps the answer to the search asked last, and a failure to retry', () => {
    const key = artifactSearchKey(jar)
    const other = artifactSearchKey({ ...jar, name: 'other' })
    const hits = {
      results: [{ repoKey: 'r', path: 'a.jar', entryPath: 'Main.class', size: 3 }],
      truncated: false,
    }
    const given = search.given(archiveOn, asked(jar), E.ArtifactsFound({ requestId: other, hits }))
    expect(given.state.search.artifactHits).toEqual({ status: 'loading', requestId: key })
    const found = search.given(archiveOn, asked(jar), E.ArtifactsFound({ requestId: key, hits })).state
    expect(found.search.artifactHits).toEqual({ status: 'loaded', data: hits })
    // Asked again (back on the page): the rows stay while the answer comes.
    const again = search.at(found).when({ type: 'search/FindArtifacts', query: 'q=Main.class&ast=Archive' })
    expect(again.after().search.artifactHits).toEqual({ status: 'loading', requestId: key, previous: hits })
    // Another search's rows do not stand in for this one's.
    const elsewhere = search
      .at(found)
      .when({ type: 'search/FindArtifacts', query: 'q=other&ast=Archive' })
      .after()
    expect(elsewhere.search.artifactHits).toEqual({ status: 'loading', requestId: other })
    const failure = { kind: 'status' as const, status: 500, message: 'boom' }
    const failed = search.given(
      archiveOn,
      asked(jar),
      E.ArtifactSearchFailed({ requestId: key, failure }),
    ).state
    expect(failed.search.artifactHits).toEqual({ status: 'failed', failure })
    search
      .at(failed)
      .when({ type: 'search/FindArtifacts', query: 'q=Main.class&ast=Archive' })
      .then(asked(jar))
  })
})

describe('what the results page says', () => {
  it('a query holds a search when it names anything the search model owns', () => {
    expect(holdsSearch('q=x')).toBe(true)
    expect(holdsSearch('ast=Archive')).toBe(true)
    expect(holdsSearch('')).toBe(false)
    expect(holdsSearch('contactUsContext=trial')).toBe(false)
  })

  it('names no request without a name, path or checksum, and one per search however its repositories are listed', () => {
    expect(artifactSearchOf(model({ name: '  ' }), true)).toBeNull()
    const a = artifactSearchOf(model({ name: 'x', repositories: ['b', 'a', 'b'] }), true)
    expect(a).toEqual({ kind: 'Quick', name: 'x', repositories: ['a', 'b'] })
    expect(artifactSearchKey(a!)).toBe(
      artifactSearchKey(artifactSearchOf(model({ name: 'x', repositories: ['a', 'b'] }), true)!),
    )
  })

  it('counts, says none (naming what was asked), and says when the platform left some out', () => {
    const hit = { repoKey: 'r', path: 'p', size: 1 }
    expect(artifactHitsMessages(jar, { results: [], truncated: false })).toEqual([
      { key: 'artifactSearchNone', kind: 'Archive', name: 'Main.class' },
    ])
    expect(artifactHitsMessages(jar, { results: [hit, hit], truncated: true })).toEqual([
      { key: 'artifactSearchCount', kind: 'Archive', count: 2, more: true },
      { key: 'artifactSearchTruncated', shown: 2 },
    ])
    expect(
      artifactHitsMessages(
        { ...jar, name: '', path: 'com/', checksum: 'ab' },
        { results: [], truncated: false },
      ),
    ).toEqual([{ key: 'artifactSearchNone', kind: 'Archive', name: '', path: 'com/', checksum: 'ab' }])
  })
})
