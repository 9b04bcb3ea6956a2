import { isRight } from 'fp-ts/Either'
import { NAME_PATTERN, validateUrl, withBaseUrlTrailingSlash } from '../shared/forms'
import {
  CATEGORIES,
  CLOUD_VENDORS,
  GIT_VENDORS,
  type CatalogueEntry,
  type CatalogueFilters,
  type GitForm,
  type GitModal,
  type GitVendorName,
} from './types'

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

/** Toggling one checkbox; the All checkbox is `toggleCategory(filters, null)` and clears the selection. */
export function toggleCategory(filters: CatalogueFilters, category: string | null): CatalogueFilters {
  if (category === null) return { ...filters, categories: [] }
  const has = filters.categories.includes(category)
  return {
    ...filters,
    categories: has ? filters.categories.filter((c) => c !== category) : [...filters.categories, category],
  }
}

export function toggleVendor(filters: CatalogueFilters, vendor: string): CatalogueFilters {
  const has = filters.vendors.includes(vendor)
  return {
    ...filters,
    vendors: has ? filters.vendors.filter((v) => v !== vendor) : [...filters.vendors, vendor],
  }
}

const known = (values: ReadonlyArray<string>, allowed: ReadonlyArray<string>) =>
  allowed.filter((a) => values.includes(a))

/**
 * Filters from the page's query string (`category`, `vendor` repeated, `q`). Unknown values are
 * dropped and the known ones put in the panel's order, so any link gives one canonical view.
 */
export function filtersFromQuery(search: string): CatalogueFilters {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)
  return {
    categories: known(params.getAll('category'), CATEGORIES),
    vendors: known(params.getAll('vendor'), CLOUD_VENDORS),
    search: (params.get('q') ?? '').slice(0, 200),
  }
}

/** The query string for filters (empty filters give ''): the inverse of filtersFromQuery. */
export function filtersToQuery(filters: CatalogueFilters): string {
  const params = new URLSearchParams()
  for (const c of known(filters.categories, CATEGORIES)) params.append('category', c)
  for (const v of known(filters.vendors, CLOUD_VENDORS)) params.append('vendor', v)
  if (filters.search !== '') params.set('q', filters.search)
  const s = params.toString()
  return s === '' ? '' : `?${s}`
}

export const vendorId = (name: GitVendorName): number => GIT_VENDORS.find((v) => v.name === name)?.id ?? 0
export const isGitVendor = (name: string): name is GitVendorName => GIT_VENDORS.some((v) => v.name === name)

/** The platform's name rule for integration names (1–64 of letters, digits, '-', '_', '.'). */
export const validIntegrationName = (name: string): boolean =>
  name.length >= 1 && name.length <= 64 && NAME_PATTERN.test(name)

export type GitFormProblem = 'userName' | 'integrationName' | 'url' | 'token'

/** Why the form is not valid yet (empty when it is). On edit, a blank token keeps the stored one. */
export function gitFormProblems(form: GitForm, editing: boolean): GitFormProblem[] {
  const problems: GitFormProblem[] = []
  if (form.userName.trim() === '') problems.push('userName')
  if (!validIntegrationName(form.integrationName)) problems.push('integrationName')
  if (!isRight(validateUrl(form.url))) problems.push('url')
  if (!editing && !form.hasToken) problems.push('token')
  return problems
}

/** The base URL sent to the platform: a base URL gets its trailing slash (spec 001 rules). */
export const gitBaseUrl = (url: string): string => withBaseUrlTrailingSlash(url)

/**
 * The modal's main button: while untested it is the Test button (disabled on an invalid form);
 * once the connection test passed it becomes Create (or Save in edit mode).
 */
export function gitMainButton(
  modal: GitModal,
): { action: 'test' | 'create' | 'update'; disabled: boolean } | null {
  if (modal.step !== 'form') return null
  const editing = modal.integrationKey !== null
  const invalid = gitFormProblems(modal.form, editing).length > 0
  if (modal.test === 'tested')
    return { action: editing ? 'update' : 'create', disabled: modal.saving || invalid }
  return { action: 'test', disabled: invalid || modal.test === 'testing' }
}

/** Where choosing a service after create goes: the scanner's select-repos screen. */
export function selectReposPath(vendor: GitVendorName, integrationKey: string): string {
  const q = new URLSearchParams({ vcsType: vendor, integrationId: integrationKey })
  return `/integrations/select-repos?${q.toString()}`
}
