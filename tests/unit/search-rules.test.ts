import { describe, expect, it } from 'vitest'
import {
  ANONYMOUS_USER,
  DEFAULT_SEARCH_MODEL,
  RECENT_SEARCHES_CAP,
  addRecentSearch,
  effectiveArtifactsSearchType,
  isSearchButtonDisabled,
  legacyPackageSearch,
  normaliseSortDirection,
  parseSearchText,
  printSearchText,
  searchModelForTypeChange,
  searchModelFromQuery,
  searchModelToQuery,
  severityMinimums,
  visibleRecentSearches,
  withArchiveAvailability,
  withTrailingWildcard,
  type RecentSearch,
  type SearchModel,
} from '../../domain/search'

const KEYS = ['repo', 'pkg', 'tag']

describe('parseSearchText', () => {
  it('splits on spaces and joins the name with single spaces', () => {
    expect(parseSearchText('  react   dom  ', KEYS)).toEqual({ name: 'react dom', fields: {} })
  })

  it('reads known key:value tokens as fields, anything else as the name', () => {
    expect(parseSearchText('react repo:npm-remote foo:bar pkg:npm', KEYS)).toEqual({
      name: 'react foo:bar',
      fields: { repo: 'npm-remote', pkg: 'npm' },
    })
  })

  it('groups quoted words, also in field values', () => {
    expect(parseSearchText('"hello world" repo:"my repo" x', KEYS)).toEqual({
      name: 'hello world x',
      fields: { repo: 'my repo' },
    })
  })

  it('treats a quoted key:value as a name', () => {
    expect(parseSearchText('"repo:x"', KEYS)).toEqual({ name: 'repo:x', fields: {} })
  })

  it('runs an unclosed quote to the end and keeps colons after the first in the value', () => {
    expect(parseSearchText('a "b c', KEYS)).toEqual({ name: 'a b c', fields: {} })
    expect(parseSearchText('repo:http://x', KEYS)).toEqual({ name: '', fields: { repo: 'http://x' } })
  })

  it('lets the last duplicate field win and accepts an empty value', () => {
    expect(parseSearchText('repo:a repo:b tag:', KEYS)).toEqual({ name: '', fields: { repo: 'b', tag: '' } })
  })

  it('an empty quoted word adds nothing to the name', () => {
    expect(parseSearchText('a "" b', KEYS)).toEqual({ name: 'a b', fields: {} })
  })

  it('does not let a __proto__ key change the prototype', () => {
    const parsed = parseSearchText('__proto__:x', ['__proto__'])
    expect(Object.getPrototypeOf(parsed.fields)).toBe(Object.prototype)
    expect(Object.keys(parsed.fields)).toEqual(['__proto__'])
  })
})

describe('printSearchText', () => {
  it('quotes names and values with spaces', () => {
    expect(printSearchText({ name: 'hello world', fields: { repo: 'my repo', pkg: 'npm' } })).toBe(
      '"hello world" repo:"my repo" pkg:npm',
    )
    expect(printSearchText({ name: 'react', fields: {} })).toBe('react')
    expect(printSearchText({ name: '', fields: { tag: '' } })).toBe('tag:""')
  })

  it("quotes a name's colon, which could read as a field, but not a value's: only a token's first colon splits", () => {
    expect(printSearchText({ name: 'repo:x', fields: { repo: 'http://x:8080' } })).toBe(
      '"repo:x" repo:http://x:8080',
    )
  })
})

describe('withTrailingWildcard', () => {
  it('appends * unless present', () => {
    expect(withTrailingWildcard('react')).toBe('react*')
    expect(withTrailingWildcard('react*')).toBe('react*')
    expect(withTrailingWildcard('')).toBe('*')
  })
})

describe('search model', () => {
  it('omits defaults from the query and uses short keys', () => {
    expect(searchModelToQuery(DEFAULT_SEARCH_MODEL)).toBe('')
    const model: SearchModel = {
      ...DEFAULT_SEARCH_MODEL,
      name: 'a b',
      packageTypes: ['npm', 'docker'],
      before: '2026-01-02',
      artifactsSearchType: 'Archive',
      sortType: 'desc',
    }
    const q = searchModelToQuery(model)
    expect(q).toBe('q=a+b&pkg=npm&pkg=docker&before=2026-01-02&ast=Archive&sort_type=desc')
    expect(searchModelFromQuery(q)).toEqual(model)
  })

  it('reads a hand-written query tolerantly', () => {
    expect(
      searchModelFromQuery('?q=x&sort_type=DESCEND&ast=nope&before=yesterday&pkg=&contactUsContext=1'),
    ).toEqual({
      ...DEFAULT_SEARCH_MODEL,
      name: 'x',
      sortType: 'desc',
    })
  })

  it('keeps only the name when the search type changes', () => {
    const model: SearchModel = {
      ...DEFAULT_SEARCH_MODEL,
      name: 'n',
      tags: ['t'],
      scope: 's',
      sortType: 'desc',
    }
    expect(searchModelForTypeChange(model)).toEqual({ ...DEFAULT_SEARCH_MODEL, name: 'n' })
  })

  it('turns Archive into Quick when archive search is off', () => {
    expect(effectiveArtifactsSearchType('Archive', false)).toBe('Quick')
    expect(effectiveArtifactsSearchType('Archive', true)).toBe('Archive')
    expect(effectiveArtifactsSearchType('Quick', false)).toBe('Quick')
    const archived: SearchModel = { ...DEFAULT_SEARCH_MODEL, artifactsSearchType: 'Archive' }
    expect(withArchiveAvailability(archived, false).artifactsSearchType).toBe('Quick')
    expect(withArchiveAvailability(archived, true)).toBe(archived)
  })
})

describe('normaliseSortDirection', () => {
  it.each([
    ['asc', 'asc'],
    ['ASCEND', 'asc'],
    ['Ascending', 'asc'],
    ['desc', 'desc'],
    ['Descend', 'desc'],
    ['DESCENDING', 'desc'],
    ['', 'asc'],
    ['up', 'asc'],
    [undefined, 'asc'],
  ])('%j → %s', (input, expected) => {
    expect(normaliseSortDirection(input)).toBe(expected)
  })
})

describe('search button', () => {
  const model = DEFAULT_SEARCH_MODEL
  it('is disabled on empty query text unless the type has its own rule', () => {
    expect(isSearchButtonDisabled({ query: '', permitted: false, model })).toBe(true)
    expect(isSearchButtonDisabled({ query: '   ', permitted: false, model })).toBe(true)
    expect(isSearchButtonDisabled({ query: 'x', permitted: false, model })).toBe(false)
    const calls: unknown[] = []
    const rule = (q: string, permitted: boolean, m: SearchModel) => {
      calls.push([q, permitted, m])
      return !permitted
    }
    expect(isSearchButtonDisabled({ query: '', permitted: true, model, rule })).toBe(false)
    expect(isSearchButtonDisabled({ query: 'x', permitted: false, model, rule })).toBe(true)
    expect(calls).toEqual([
      ['', true, model],
      ['x', false, model],
    ])
  })
})

describe('recent searches', () => {
  const entry = (id: string, type = 'packages', queryString = id, archive = false): RecentSearch => ({
    id,
    type,
    queryString,
    searchModel: { ...DEFAULT_SEARCH_MODEL, artifactsSearchType: archive ? 'Archive' : 'Quick' },
  })

  it('keeps them per user, anonymous when signed out', () => {
    let all = addRecentSearch({}, 'alice', entry('a'))
    all = addRecentSearch(all, null, entry('b'))
    expect(Object.keys(all).sort()).toEqual(['alice', ANONYMOUS_USER])
    expect(visibleRecentSearches(all, undefined, { archiveEnabled: true }).map((r) => r.id)).toEqual(['b'])
  })

  it('moves an identical type+query to the front and caps the list', () => {
    let all = {}
    for (let i = 0; i < 15; i++) all = addRecentSearch(all, 'u', entry(`e${i}`))
    expect(visibleRecentSearches(all, 'u', { archiveEnabled: true })).toHaveLength(RECENT_SEARCHES_CAP)
    all = addRecentSearch(all, 'u', { ...entry('again'), queryString: 'e10' })
    const ids = visibleRecentSearches(all, 'u', { archiveEnabled: true }).map((r) => r.id)
    expect(ids[0]).toBe('again')
    expect(ids).not.toContain('e10')
    expect(ids).toHaveLength(RECENT_SEARCHES_CAP)
    all = addRecentSearch(all, 'u', entry('other-type', 'security', 'e11'))
    expect(visibleRecentSearches(all, 'u', { archiveEnabled: true }).map((r) => r.id)).toContain('e11')
  })

  it('hides Archive searches when archive search is off', () => {
    let all = addRecentSearch({}, 'u', entry('quick'))
    all = addRecentSearch(all, 'u', entry('arch', 'artifacts', 'x', true))
    expect(visibleRecentSearches(all, 'u', { archiveEnabled: false }).map((r) => r.id)).toEqual(['quick'])
    expect(visibleRecentSearches(all, 'u', { archiveEnabled: true }).map((r) => r.id)).toEqual([
      'arch',
      'quick',
    ])
  })

  it('does not read inherited properties as a user list', () => {
    expect(visibleRecentSearches({}, 'constructor', { archiveEnabled: true })).toEqual([])
    expect(
      visibleRecentSearches(addRecentSearch({}, '__proto__', entry('p')), '__proto__', {
        archiveEnabled: true,
      }),
    ).toHaveLength(1)
  })
})

describe('legacy package search', () => {
  it('maps the form to the legacy query', () => {
    expect(
      legacyPackageSearch({ name: 'ReAct', description: 'ui lib', packageType: 'All', repos: [] }),
    ).toEqual({
      name: 'react',
      description: '*ui lib*',
      package_type: '*',
      repos: null,
      versionCountMin: 1,
    })
    expect(legacyPackageSearch({ name: 'x', description: '*a*', packageType: 'npm', repos: ['r1'] })).toEqual(
      {
        name: 'x',
        description: '*a*',
        package_type: 'npm',
        repos: ['r1'],
        versionCountMin: 1,
      },
    )
    expect(legacyPackageSearch({ name: 'x', packageType: 'npm', repos: [] }).description).toBeNull()
    // A wildcard the user typed at one end is not doubled; the other end gets one.
    expect(
      legacyPackageSearch({ name: 'x', description: '*ui', packageType: 'npm', repos: [] }).description,
    ).toBe('*ui*')
    expect(
      legacyPackageSearch({ name: 'x', description: 'ui*', packageType: 'npm', repos: [] }).description,
    ).toBe('*ui*')
  })

  it('asks for at least one finding per chosen severity', () => {
    expect(severityMinimums(['critical', 'high'])).toEqual({ critical: 1, high: 1 })
  })
})
