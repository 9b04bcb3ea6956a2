import { isLeft, left, right, type Either } from 'fp-ts/Either'
import { mandatory, validateName, validateUrl, withBaseUrlTrailingSlash } from '../shared/forms'
import type { FormMessage, Problems } from '../shared/messages'
import { isRefusedHost } from '../shared/refusedHost'
import type { GitConnection } from './events'
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

export {
  DEFAULT_RANK,
  FILTER_DEBOUNCE_MS,
  FILTERS_PANEL_WIDTH_PX,
  rankOf,
  sortByRank,
  matchesFilters,
  visibleCatalogue,
} from './catalogue'

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
  // URLSearchParams drops the leading '?' itself.
  const params = new URLSearchParams(search)
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

/** The platform's longest integration name. */
export const INTEGRATION_NAME_MAX = 64

export type GitFormProblem = 'userName' | 'integrationName' | 'url' | 'token'
export type GitFormProblems = Problems<GitFormProblem>

/**
 * The git form checked: the form when it holds, or each field's problem as a message key (the
 * view words it). An integration name is the platform's (1–64 of letters, digits, '-', '_',
 * '.'); the API URL an http(s) address that is not link-local or a cloud metadata service's
 * (domain/shared/refusedHost.ts); on edit, a blank token keeps the stored one.
 */
export function validateGitForm(form: GitForm, editing: boolean): Either<GitFormProblems, GitForm> {
  const problems: Partial<Record<GitFormProblem, FormMessage>> = {}
  if (form.userName.trim() === '') problems.userName = mandatory
  const name = validateName(form.integrationName)
  if (isLeft(name)) problems.integrationName = name.left
  else if (form.integrationName.length > INTEGRATION_NAME_MAX)
    problems.integrationName = { key: 'tooLong', max: INTEGRATION_NAME_MAX }
  const url = validateUrl(form.url)
  if (isLeft(url)) problems.url = url.left
  // The platform refuses it on save and never calls it: said as it is typed.
  else if (isRefusedHost(new URL(url.right).hostname)) problems.url = { key: 'refusedAddress' }
  if (!editing && !form.hasToken) problems.token = mandatory
  return Object.keys(problems).length === 0 ? right(form) : left(problems)
}

/** The fields with a problem (none when the form holds), for the decider's reasons. */
export function gitFormProblems(form: GitForm, editing: boolean): GitFormProblem[] {
  const checked = validateGitForm(form, editing)
  return isLeft(checked) ? (Object.keys(checked.left) as GitFormProblem[]) : []
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

/** Where choosing a service after create goes: the scanner's select-repos screen (gitRepoScan.selectRepos). */
export function selectReposPath(vendor: GitVendorName, integrationKey: string): string {
  const q = new URLSearchParams({ vcsType: vendor, integrationId: integrationKey })
  return `/integrations/git-repo-scan/select-repos?${q.toString()}`
}

/** The vendor table of a vendor (integrations.vendor.list). */
export const vendorListPath = (vendor: GitVendorName): string => `/integrations/vendors/${vendor}`

const scalar = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null

/**
 * Where a redirect setup action leads: the route of that name with its parameters taken from
 * the payload (the rest of the payload becomes the query); an action name that is no route's
 * is read as a dotted path (`admin.configuration.security.ldap`). Null when a parameter is
 * missing or the path would leave the console.
 */
export function setupActionPath(
  actionName: string,
  payload: Readonly<Record<string, unknown>>,
  routes: ReadonlyArray<{ readonly name: string; readonly pattern: string }>,
): string | null {
  const route = routes.find((r) => r.name === actionName)
  const query = new URLSearchParams()
  let path: string
  if (route) {
    const used = new Set<string>()
    const segments: string[] = []
    for (const part of route.pattern.split('/').filter(Boolean)) {
      if (!part.startsWith(':')) {
        segments.push(part)
        continue
      }
      const optional = part.endsWith('?')
      const name = part.slice(1, optional ? -1 : undefined)
      const value = scalar(payload[name])
      used.add(name)
      if (value === null || value === '') {
        if (optional) continue
        return null
      }
      segments.push(encodeURIComponent(value))
    }
    path = `/${segments.join('/')}`
    for (const [k, v] of Object.entries(payload)) {
      const value = scalar(v)
      if (!used.has(k) && value !== null) query.set(k, value)
    }
  } else {
    if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(actionName)) return null
    path = `/${actionName.split('.').join('/')}`
    for (const [k, v] of Object.entries(payload)) {
      const value = scalar(v)
      if (value !== null) query.set(k, value)
    }
  }
  const q = query.toString()
  return q === '' ? path : `${path}?${q}`
}

/** The named command a setup action dispatches: the tools' common integration modal. */
export const OPEN_TOOL_ACTION = 'openCommonIntegrationModal'

/**
 * Whether an entry's setup action can run on this instance: one that leads to a page needing a
 * feature the instance lacks (the git integrations without repository scanning, spec 001
 * section 6) cannot, so the card offers its documentation instead of a Set Up that does nothing.
 */
export function setupRuns(
  entry: CatalogueEntry,
  routes: ReadonlyArray<{ readonly name: string; readonly feature?: string }>,
  features: Readonly<Record<string, boolean>>,
): boolean {
  const action = entry.configureAction
  if (action === undefined) return false
  if (action.type !== 'redirect') return true
  const needs = routes.find((r) => r.name === action.actionName)?.feature
  return needs === undefined || features[needs] === true
}

/** What the platform is told of a git form's connection (trimmed, its base URL, the vendor's id). */
export const gitConnectionOf = (m: Extract<GitModal, { step: 'form' }>): GitConnection => ({
  userName: m.form.userName.trim(),
  integrationName: m.form.integrationName.trim(),
  url: gitBaseUrl(m.form.url),
  vendorName: vendorId(m.vendor),
  integrationKey: m.integrationKey,
})
