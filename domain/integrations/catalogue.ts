/**
 * The catalogue's display rule (rank order and the filter intersection), alone in a module
 * with no imports: the console's query table reads it, and it is part of the first load.
 */
import type { CatalogueEntry, CatalogueFilters } from './types'

/** Rank of an entry that has none: the least prominent of the 1–10 scale. */
export const DEFAULT_RANK = 10
/** Category, vendor and search changes re-filter after this quiet time (spec 001). */
export const FILTER_DEBOUNCE_MS = 300
/** Width of the Filters panel; the main card shrinks by it while the panel shows. */
export const FILTERS_PANEL_WIDTH_PX = 314

export const rankOf = (e: CatalogueEntry): number => e.rank ?? DEFAULT_RANK

/** Rank ascending; equal ranks keep the platform's order (a stable sort). */
export const sortByRank = <E extends CatalogueEntry>(entries: ReadonlyArray<E>): E[] =>
  [...entries].sort((a, b) => rankOf(a) - rankOf(b))

/**
 * The filter rule: an entry shows when it has any selected category (none selected = All), any
 * selected vendor (none = any), and its label contains the search text, ignoring case.
 */
export function matchesFilters(entry: CatalogueEntry, filters: CatalogueFilters): boolean {
  const inCategory =
    filters.categories.length === 0 || entry.categories.some((c) => filters.categories.includes(c))
  const inVendor = filters.vendors.length === 0 || entry.vendors.some((v) => filters.vendors.includes(v))
  const text = filters.search.trim().toLowerCase()
  return inCategory && inVendor && entry.label.toLowerCase().includes(text)
}

/** What the page displays: the filtered entries, by rank. */
export const visibleCatalogue = <E extends CatalogueEntry>(
  entries: ReadonlyArray<E>,
  filters: CatalogueFilters,
): E[] => sortByRank(entries.filter((e) => matchesFilters(e, filters)))
