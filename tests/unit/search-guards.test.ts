/**
 * The search decider's refusals and what its state keeps per user: a text or type that does
 * not change, a recent search that is not there (or of a type no longer known), another user's
 * recent searches, and a sign-out.
 */
import { describe, expect, it } from 'vitest'
import { appSlice } from '../../domain/app'
import { searchArea } from '../../domain/search'
import * as E from '../../domain/search/events'
import { DEFAULT_SEARCH_MODEL } from '../../domain/search/model'
import { SignedOut } from '../../domain/session/events'
import { spec } from '../support/decider'

const search = spec(appSlice(searchArea), { now: '2026-01-01T00:00:00.000Z', id: 's-1' })
const recent = (id: string, name: string, type = 'packages') => ({
  id,
  type,
  queryString: `q=${name}`,
  searchModel: { ...DEFAULT_SEARCH_MODEL, name },
})

describe('the search bar', () => {
  it('the same text again, or the type already chosen, is refused', () => {
    search
      .given(E.TextChanged({ text: 'react' }))
      .when({ type: 'search/ChangeText', text: 'react' })
      .rejected('text unchanged')
    search
      .given()
      .when({ type: 'search/ChangeType', searchType: 'packages' })
      .rejected('already this search type')
  })
})

describe('recent searches', () => {
  const two = E.RecentLoaded({ owner: 'anonymous', items: [recent('r1', 'react'), recent('r2', 'vue')] })

  it('runs the one chosen, not the first', () => {
    const ran = search.given(two).when({ type: 'search/SelectRecent', id: 'r2' }).events()
    expect(ran).toHaveLength(1)
    expect(ran[0]).toMatchObject({ type: 'search/SearchRan', data: { model: { name: 'vue' } } })
  })

  it('refuses one that is not there, or of a type no longer known', () => {
    search.given(two).when({ type: 'search/SelectRecent', id: 'r3' }).rejected('no such recent search')
    search
      .given(E.RecentLoaded({ owner: 'anonymous', items: [recent('r1', 'react', 'bogus')] }))
      .when({ type: 'search/SelectRecent', id: 'r1' })
      .rejected('unknown search type')
  })

  it('a search by someone else starts their own list; a sign-out forgets them all', () => {
    const other = E.SearchRan({
      type: 'packages',
      model: { ...DEFAULT_SEARCH_MODEL, name: 'angular' },
      path: '/packages?q=angular',
      owner: 'developer',
      recent: recent('r9', 'angular'),
      // A v1 line: the fold works the list out as the decider now does.
      list: null,
      text: 'angular',
    })
    expect(search.given(two, other).state.search.recent.map((r) => r.id)).toEqual(['r9'])
    expect(search.given(two).state.search.recent).toHaveLength(2)
    expect(search.given(two, SignedOut({ reason: 'logout' })).state.search).toMatchObject({
      recent: [],
      recentOwner: null,
    })
  })

  it('a type change is the type searched next', () => {
    expect(
      search.given(E.TypeChanged({ type: 'artifacts', model: DEFAULT_SEARCH_MODEL, text: '' })).state.search
        .type,
    ).toBe('artifacts')
  })
})
