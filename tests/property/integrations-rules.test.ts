/** Properties of the catalogue rules: the filter is the intersection rule, ranks ascend, URL round-trips. */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  CATEGORIES,
  CLOUD_VENDORS,
  DEFAULT_RANK,
  filtersFromQuery,
  filtersToQuery,
  matchesFilters,
  visibleCatalogue,
  type CatalogueEntry,
  type CatalogueFilters,
} from '../../domain/integrations'

const entry: fc.Arbitrary<CatalogueEntry> = fc.record(
  {
    id: fc.uuid(),
    label: fc
      .array(fc.constantFrom('a', 'B', 'x', 'Y', ' ', '-'), { maxLength: 12 })
      .map((cs) => cs.join('')),
    icon: fc.constant('icon'),
    rank: fc.integer({ min: 1, max: 10 }),
    categories: fc.subarray([...CATEGORIES]),
    vendors: fc.subarray([...CLOUD_VENDORS]),
    documentationLink: fc.constant('https://docs.example/'),
  },
  { requiredKeys: ['id', 'label', 'icon', 'categories', 'vendors', 'documentationLink'] },
)
const filters: fc.Arbitrary<CatalogueFilters> = fc.record({
  categories: fc.subarray([...CATEGORIES]),
  vendors: fc.subarray([...CLOUD_VENDORS]),
  // ASCII letters: case folding of some scripts changes length (ß → SS), which is not this rule's concern.
  search: fc.array(fc.constantFrom('a', 'b', 'X', 'y', ' '), { maxLength: 3 }).map((cs) => cs.join('')),
})

// The oracle, written as sets: selected ∩ entry's ≠ ∅ (or nothing selected), and the label contains the text.
const intersects = (selected: ReadonlyArray<string>, own: ReadonlyArray<string>) =>
  selected.length === 0 || new Set(own).size + new Set(selected).size > new Set([...own, ...selected]).size

describe('catalogue filter', () => {
  it('shows exactly the entries meeting every selected dimension (intersection rule)', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), filters, (catalogue, f) => {
        const shown = new Set(visibleCatalogue(catalogue, f))
        for (const e of catalogue) {
          const expected =
            intersects(f.categories, e.categories) &&
            intersects(f.vendors, e.vendors) &&
            e.label.toLowerCase().includes(f.search.trim().toLowerCase())
          expect(shown.has(e)).toBe(expected)
          expect(matchesFilters(e, f)).toBe(expected)
        }
      }),
    )
  })

  it('narrowing a selection never shows more; search is case-insensitive', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), filters, (catalogue, f) => {
        const upper = { ...f, search: f.search.toUpperCase() }
        const lower = { ...f, search: f.search.toLowerCase() }
        expect(visibleCatalogue(catalogue, upper)).toEqual(visibleCatalogue(catalogue, lower))
        const all = visibleCatalogue(catalogue, { ...f, categories: [] }).length
        expect(visibleCatalogue(catalogue, f).length).toBeLessThanOrEqual(all)
      }),
    )
  })

  it('the result is by rank ascending, a missing rank counting as the default', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), filters, (catalogue, f) => {
        const ranks = visibleCatalogue(catalogue, f).map((e) => e.rank ?? DEFAULT_RANK)
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
      }),
    )
  })

  it('filters survive the URL: from(to(f)) keeps every known value', () => {
    fc.assert(
      fc.property(filters, (f) => {
        const back = filtersFromQuery(filtersToQuery(f))
        expect(new Set(back.categories)).toEqual(new Set(f.categories))
        expect(new Set(back.vendors)).toEqual(new Set(f.vendors))
        expect(back.search).toBe(f.search)
      }),
    )
  })
})
