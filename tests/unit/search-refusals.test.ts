/**
 * The search decider's answers at its edges, as a user or a script meets them: a search of a
 * type the platform does not offer, the artifact search's Quick / Archive switch off the results
 * page or with nothing to run again, the recent searches across a type change, and late answers
 * of the artifact results.
 */
import { describe, expect, it } from 'vitest'
import { appSlice } from '../../domain/app'
import { searchArea } from '../../domain/search'
import * as E from '../../domain/search/events'
import { DEFAULT_SEARCH_MODEL, type SearchModel } from '../../domain/search/model'
import { artifactSearchKey, type ArtifactSearch } from '../../domain/search/artifactSearch'
import { FeaturesLoaded } from '../../domain/platform/events'
import { Navigated } from '../../domain/navigation/events'
import type { CommandMeta } from '../../domain/shared/area'
import { platformWith } from '../support/fixtures'
import { spec } from '../support/decider'

const meta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', id: 's-1' }
const search = spec(appSlice(searchArea), meta)
const model = (over: Partial<SearchModel>): SearchModel => ({ ...DEFAULT_SEARCH_MODEL, ...over })
const archiveOn = FeaturesLoaded({ features: { archiveSearch: true } })
const at = (path: string, query: string) =>
  Navigated({ location: { path, query }, routeName: 'artifacts', mode: 'push' } as Parameters<
    typeof Navigated
  >[0])
const onArtifacts = (text: string) => E.UrlRestored({ type: 'artifacts', model: model({ name: text }), text })

describe('search types the platform does not offer', () => {
  it('a refined search of a type the viewer may not use is refused with its reason', () => {
    search
      .given(platformWith(['artifactory']))
      .when({ type: 'search/Run', searchType: 'securityCompliance', model: model({ name: 'log4j' }) })
      .rejected('Security and Compliance search requires the xray service')
  })

  it('a script naming a search type there is none of is refused, not thrown at', () => {
    search
      .given()
      .when({ type: 'search/ChangeType', searchType: 'everything' as never })
      .rejected('unknown search type')
  })
})

describe('the Quick / Archive switch, off the results or with nothing to run', () => {
  it('without archive search, Quick is the choice already made', () => {
    search
      .given(onArtifacts(''))
      .when({ type: 'search/ChangeArtifactsSearchType', artifactsSearchType: 'Quick' })
      .rejected('already this artifact search type')
  })

  it('on another page, or on the results page without a search, it only switches', () => {
    const changed = E.ArtifactsSearchTypeChanged({ artifactsSearchType: 'Archive' })
    search
      .given(archiveOn, at('/packages', 'q=Main.class'), onArtifacts('Main.class'))
      .when({ type: 'search/ChangeArtifactsSearchType', artifactsSearchType: 'Archive' })
      .then(changed)
    search
      .given(archiveOn, at('/artifacts/browse', ''), onArtifacts('Main.class'))
      .when({ type: 'search/ChangeArtifactsSearchType', artifactsSearchType: 'Archive' })
      .then(changed)
  })

  it('on the results of a search whose bar was emptied, it switches and runs nothing', () => {
    search
      .given(
        archiveOn,
        at('/artifacts/browse', 'q=Main.class'),
        onArtifacts('Main.class'),
        E.TextChanged({ text: '' }),
      )
      .when({ type: 'search/ChangeArtifactsSearchType', artifactsSearchType: 'Archive' })
      .then(E.ArtifactsSearchTypeChanged({ artifactsSearchType: 'Archive' }))
  })
})

describe('the recent searches across a type change', () => {
  it('a type change keeps the recent searches and whose they are', () => {
    const ranOnce = search
      .given(E.TextChanged({ text: 'react' }))
      .when({ type: 'search/Run' })
      .after()
    expect(ranOnce.search.recent).toHaveLength(1)
    const changed = search.at(ranOnce).when({ type: 'search/ChangeType', searchType: 'artifacts' }).after()
    expect(changed.search.type).toBe('artifacts')
    expect(changed.search.recent).toEqual(ranOnce.search.recent)
    expect(changed.search.recentOwner).toBe(ranOnce.search.recentOwner)
  })
})

describe('late answers of the artifact results', () => {
  const jar: ArtifactSearch = { kind: 'Archive', name: 'Main.class', repositories: [] }
  const other: ArtifactSearch = { ...jar, name: 'other' }
  const asked = (s: ArtifactSearch) => E.ArtifactsAsked({ requestId: artifactSearchKey(s), search: s })
  const failure = { kind: 'status' as const, status: 500, message: 'boom' }

  it("the failure of a search no longer asked does not replace this one's wait", () => {
    const state = search.given(
      archiveOn,
      asked(other),
      asked(jar),
      E.ArtifactSearchFailed({ requestId: artifactSearchKey(other), failure }),
    ).state
    expect(state.search.artifactHits).toEqual({ status: 'loading', requestId: artifactSearchKey(jar) })
  })

  it("another search's rows are not shown while this one loads", () => {
    const hits = {
      results: [{ repoKey: 'r', path: 'a.jar', entryPath: 'Main.class', size: 3 }],
      truncated: false,
    }
    const state = search.given(
      archiveOn,
      asked(other),
      E.ArtifactsFound({ requestId: artifactSearchKey(other), hits }),
      asked(jar),
    ).state
    expect(state.search.artifactHits).toEqual({ status: 'loading', requestId: artifactSearchKey(jar) })
  })
})
