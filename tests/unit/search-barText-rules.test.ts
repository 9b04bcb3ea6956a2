/**
 * The search bar's text read into the model it runs (spec 001 section 3): a list filter's items
 * are its comma-separated words, blanks and empty items dropped; a date filter left empty is no
 * date; a text filter left empty is empty text; an empty checksum is no checksum search.
 */
import { describe, expect, it } from 'vitest'
import { modelFromText } from '../../domain/search/barText'
import { DEFAULT_SEARCH_MODEL, type SearchModel } from '../../domain/search/model'
import { SEARCH_TYPES } from '../../domain/search/searchTypes'

const packages = SEARCH_TYPES.packages
const artifacts = SEARCH_TYPES.artifacts

describe("a list filter's items", () => {
  it.each([
    ['an empty item between two', 'repo:a,,b', ['a', 'b']],
    ['a trailing comma', 'repo:a,', ['a']],
    ['blanks around the items (quoted)', 'repo:" a , b "', ['a', 'b']],
    ['an item of blanks only', 'repo:"a, ,b"', ['a', 'b']],
  ])('%s: only the named items', (_name, text, repositories) => {
    expect(modelFromText(text, packages, DEFAULT_SEARCH_MODEL).repositories).toEqual(repositories)
  })
})

describe('a filter left empty', () => {
  const dated: SearchModel = {
    ...DEFAULT_SEARCH_MODEL,
    before: '2030-01-01',
    after: '2020-01-01',
    description: 'old',
  }

  it('a date filter left empty is no date (null), not an empty date', () => {
    const model = modelFromText('react before:"" after:""', packages, dated)
    expect(model.before).toBeNull()
    expect(model.after).toBeNull()
  })

  it('a text filter left empty is empty text, not null', () => {
    expect(modelFromText('react desc:""', packages, dated).description).toBe('')
  })

  it('a date filter typed is that date', () => {
    expect(modelFromText('react before:2031-02-03', packages, dated).before).toBe('2031-02-03')
  })

  it('an empty checksum is no checksum search', () => {
    const model = modelFromText('checksum:""', artifacts, DEFAULT_SEARCH_MODEL)
    expect(model.isChecksum ?? false).toBe(false)
  })
})
