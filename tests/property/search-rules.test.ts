import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  DEFAULT_SEARCH_MODEL,
  RECENT_SEARCHES_CAP,
  addRecentSearch,
  normaliseSortDirection,
  parseSearchText,
  printSearchText,
  searchModelForTypeChange,
  searchModelFromQuery,
  searchModelToQuery,
  visibleRecentSearches,
  withTrailingWildcard,
  type RecentSearch,
  type RecentSearchesByUser,
  type SearchModel,
} from '../../domain/search'
import { corpusLines } from '../support/corpora'

// Counterexamples found while writing the rules, kept as explicit cases: [text, knownKeys].
const regressions: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
  ['"" a', ['a']],
  ['a:"b c":d', ['a']],
  ['"a:b"', ['a']],
  ['__proto__:x constructor:y', ['__proto__', 'constructor']],
  [' \t\n', []],
]

const textChar = fc.constantFrom(
  'a',
  'b',
  'Z',
  '1',
  ' ',
  '\t',
  '\n',
  '"',
  ':',
  '*',
  '-',
  '.',
  '/',
  'é',
  '\u00a0',
  '字',
  // The other separators (vertical tab, form feed, carriage return) and control characters
  // on either side of them, which are not separators.
  '\v',
  '\f',
  '\r',
  '\u0001',
  '\u0008',
  '\u000e',
)
const text = fc.array(textChar, { maxLength: 40 }).map((cs) => cs.join(''))
const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,7}$/)
const knownKeys = fc.uniqueArray(fc.oneof(key, fc.constantFrom('a', 'b', 'repo')), { maxLength: 5 })
const noQuote = (s: string) => !s.includes('"')

/** A well-formed parse result over known keys: no double quotes in the name or the values. */
const wellFormed = knownKeys.chain((keys) =>
  fc.record({
    keys: fc.constant(keys),
    parsed: fc.record({
      name: fc.oneof(text, fc.string()).filter(noQuote),
      fields: fc
        .subarray(keys)
        .chain((ks) =>
          fc.tuple(...ks.map((k) => fc.tuple(fc.constant(k), fc.oneof(text, fc.string()).filter(noQuote)))),
        )
        .map((pairs) => Object.fromEntries(pairs) as Record<string, string>),
    }),
  }),
)

/** A slow, obviously right reference for text without quotes. */
function referenceParse(t: string, keys: ReadonlyArray<string>) {
  const names: string[] = []
  const fields: Record<string, string> = {}
  for (const token of t.split(/[ \t\n\v\f\r]+/).filter((x) => x !== '')) {
    const colon = token.indexOf(':')
    if (colon >= 0 && keys.includes(token.slice(0, colon)))
      fields[token.slice(0, colon)] = token.slice(colon + 1)
    else names.push(token)
  }
  return { name: names.join(' '), fields }
}

describe('search text', () => {
  it('parse(print(x)) gives x back for every well-formed x', () => {
    fc.assert(
      fc.property(wellFormed, ({ keys, parsed }) => {
        expect(parseSearchText(printSearchText(parsed), keys)).toEqual(parsed)
      }),
      { numRuns: 5_000 },
    )
  })

  it('parse∘print∘parse = parse for any text (parse always yields a well-formed result)', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string()), knownKeys, (t, keys) => {
        const once = parseSearchText(t, keys)
        expect(parseSearchText(printSearchText(once), keys)).toEqual(once)
      }),
      { numRuns: 5_000 },
    )
  })

  it('agrees with a reference split on text without quotes', () => {
    fc.assert(
      fc.property(
        text.map((t) => t.replace(/"/g, '')),
        knownKeys,
        (t, keys) => {
          expect(parseSearchText(t, keys)).toEqual(referenceParse(t, keys))
        },
      ),
      { numRuns: 5_000 },
    )
  })

  it('holds on the regression cases and on the XSS corpus', () => {
    const cases: Array<readonly [string, ReadonlyArray<string>]> = [
      ...regressions,
      ...corpusLines('xss').map((l) => [l, ['repo', 'pkg', 'onerror', 'src']] as const),
    ]
    for (const [t, keys] of cases) {
      const once = parseSearchText(t, keys)
      expect(once.name.includes('"')).toBe(false)
      expect(parseSearchText(printSearchText(once), keys)).toEqual(once)
    }
  })

  it('search text survives a trip through the URL query', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string()), (t) => {
        const url = new URL('https://console.example/ui/search')
        url.searchParams.set('q', t)
        expect(new URL(url.href).searchParams.get('q')).toBe(t)
      }),
    )
  })

  it('withTrailingWildcard is idempotent and only appends', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const w = withTrailingWildcard(s)
        expect(w.endsWith('*')).toBe(true)
        expect(w.startsWith(s)).toBe(true)
        expect(w.length - s.length).toBeLessThanOrEqual(1)
        expect(withTrailingWildcard(w)).toBe(w)
      }),
    )
  })
})

const listItem = fc.string({ minLength: 1, maxLength: 10 })
const isoDate = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
  .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().slice(0, 10)))
const searchModel: fc.Arbitrary<SearchModel> = fc.record({
  name: fc.string(),
  packageTypes: fc.array(listItem, { maxLength: 3 }),
  tags: fc.array(listItem, { maxLength: 3 }),
  description: fc.string(),
  scope: fc.string(),
  before: fc.option(isoDate, { nil: null }),
  after: fc.option(isoDate, { nil: null }),
  repositories: fc.array(listItem, { maxLength: 3 }),
  artifactsSearchType: fc.constantFrom('Quick' as const, 'Archive' as const),
  licenses: fc.array(listItem, { maxLength: 3 }),
  severities: fc.array(listItem, { maxLength: 3 }),
  sortBy: fc.string(),
  sortType: fc.constantFrom('asc' as const, 'desc' as const),
})

describe('search model in the URL', () => {
  it('round-trips through the query string and through a real URL', () => {
    fc.assert(
      fc.property(searchModel, fc.string(), (model, other) => {
        const query = searchModelToQuery(model)
        expect(searchModelFromQuery(query)).toEqual(model)
        const url = new URL('https://console.example/ui/search')
        url.search = query
        url.searchParams.set('contactUsContext', other)
        expect(searchModelFromQuery(new URL(url.href).search)).toEqual(model)
      }),
      { numRuns: 3_000 },
    )
  })

  it('a property key with no named item sets no properties (fast-check found "prop")', () => {
    for (const q of ['prop', 'prop=', 'prop=&prop_set', 'prop==x'])
      expect(searchModelFromQuery(searchModelToQuery(searchModelFromQuery(q)))).toEqual(
        searchModelFromQuery(q),
      )
    expect(searchModelFromQuery('prop')).not.toHaveProperty('properties')
  })

  it('never fails on any query and always yields a valid model', () => {
    fc.assert(
      fc.property(fc.string(), (q) => {
        const m = searchModelFromQuery(q)
        expect(['Quick', 'Archive']).toContain(m.artifactsSearchType)
        expect(['asc', 'desc']).toContain(m.sortType)
        expect(searchModelFromQuery(searchModelToQuery(m))).toEqual(m)
      }),
    )
  })

  it('a search-type change keeps exactly the name', () => {
    fc.assert(
      fc.property(searchModel, (m) => {
        expect(searchModelForTypeChange(m)).toEqual({ ...DEFAULT_SEARCH_MODEL, name: m.name })
      }),
    )
  })
})

describe('sort direction', () => {
  it('accepts every case variant of the known spellings and defaults to ascending', () => {
    const spelling = fc.constantFrom('asc', 'ascend', 'ascending', 'desc', 'descend', 'descending')
    const caseVariant = spelling.chain((s) =>
      fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }).map((up) => ({
        s,
        v: [...s].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''),
      })),
    )
    fc.assert(
      fc.property(caseVariant, ({ s, v }) => {
        expect(normaliseSortDirection(v)).toBe(s.startsWith('desc') ? 'desc' : 'asc')
      }),
    )
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(!/^\s*desc(end(ing)?)?\s*$/i.test(s))
        expect(normaliseSortDirection(s)).toBe('asc')
      }),
    )
  })
})

describe('recent searches', () => {
  const entry: fc.Arbitrary<RecentSearch> = fc.record({
    id: fc.string({ minLength: 1, maxLength: 6 }),
    type: fc.constantFrom('packages', 'artifacts', 'security'),
    queryString: fc.constantFrom('a', 'b', 'c', 'd', 'q=x', ''),
    searchModel: searchModel,
  })
  const user = fc.option(fc.constantFrom('alice', 'bob', '__proto__', 'constructor', ''), { nil: null })

  it('newest first, no duplicate type+query, capped, other users untouched', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(user, entry), { maxLength: 40 }), (adds) => {
        let all: RecentSearchesByUser = {}
        for (const [u, e] of adds) {
          const before = all
          all = addRecentSearch(all, u, e)
          const mine = visibleRecentSearches(all, u, { archiveEnabled: true })
          expect(mine[0]).toBe(e)
          expect(mine.length).toBeLessThanOrEqual(RECENT_SEARCHES_CAP)
          expect(new Set(mine.map((r) => `${r.type}\u0000${r.queryString}`)).size).toBe(mine.length)
          const mineKey = u || 'anonymous'
          for (const k of Object.keys(before)) {
            if (k !== mineKey) expect(Object.getOwnPropertyDescriptor(all, k)?.value).toBe(before[k])
          }
          expect(Object.keys(all).length).toBe(
            Object.keys(before).length + (Object.keys(before).includes(mineKey) ? 0 : 1),
          )
          const shown = visibleRecentSearches(all, u, { archiveEnabled: false })
          expect(shown.every((r) => r.searchModel.artifactsSearchType === 'Quick')).toBe(true)
          expect(shown.length).toBe(mine.filter((r) => r.searchModel.artifactsSearchType === 'Quick').length)
        }
      }),
      { numRuns: 500 },
    )
  })
})
