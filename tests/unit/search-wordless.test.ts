/**
 * Searches whose bar holds no words, only marks (spec 001: the search button is disabled when the
 * query text is empty): the text is not empty, so the search runs, as the list it stands for with
 * nothing in the address's query; and such a search on a sorted list runs again, sorted, from
 * the recent searches (spec 001: selecting a recent search re-runs it).
 */
import { describe, expect, it } from 'vitest'
import { appSlice } from '../../domain/app'
import { searchArea } from '../../domain/search'
import * as E from '../../domain/search/events'
import { DEFAULT_SEARCH_MODEL, type SearchModel } from '../../domain/search/model'
import { spec } from '../support/decider'

const search = spec(appSlice(searchArea))
const sorted: SearchModel = { ...DEFAULT_SEARCH_MODEL, sortBy: 'downloads', sortType: 'desc' }

/** Where the search a command ran goes, or why it did not run. */
const pathOf = (decided: ReturnType<ReturnType<typeof search.given>['when']>['decided']) =>
  decided._tag === 'Left'
    ? `rejected: ${decided.left}`
    : decided.right.map((e) => ('path' in e.data ? e.data.path : e.type))

describe('a bar of marks and no words', () => {
  it('an empty quoted word is text: the search runs, to the whole list with no query', () => {
    expect(pathOf(search.given(E.TextChanged({ text: '""' })).when({ type: 'search/Run' }).decided)).toEqual([
      '/packages',
    ])
  })

  it('a search of no words on a sorted list runs again from the recent searches, sorted', () => {
    const ran = search
      .given(E.UrlRestored({ type: 'packages', model: sorted }), E.TextChanged({ text: '""' }))
      .when({ type: 'search/Run' }, { id: 'r1' })
    expect(pathOf(ran.decided)).toEqual(['/packages?sort_by=downloads&sort_type=desc'])
    const again = search.at(ran.after()).when({ type: 'search/SelectRecent', id: 'r1' })
    expect(pathOf(again.decided)).toEqual(['/packages?sort_by=downloads&sort_type=desc'])
  })
  it('a search of no words on an unsorted list runs again from the recent searches, to the whole list', () => {
    const ran = search.given(E.TextChanged({ text: '""' })).when({ type: 'search/Run' }, { id: 'r1' })
    expect(pathOf(ran.decided)).toEqual(['/packages'])
    const again = search.at(ran.after()).when({ type: 'search/SelectRecent', id: 'r1' })
    expect(pathOf(again.decided)).toEqual(['/packages'])
  })
})
