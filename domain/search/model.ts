/**
 * The search model's URL codec (spec 001 section 3): each field has a default, a type and a
 * short query-string key, because search state lives in the URL query. The fields and their
 * defaults are in defaultModel.ts.
 */
import {
  DEFAULT_SEARCH_MODEL,
  normaliseSortDirection,
  type SearchModel,
  type SearchModelExtras,
} from './defaultModel'
import { CONTACT_US_QUERY_KEY } from '../shared/queryKeys'

export * from './defaultModel'

type FieldKind = 'text' | 'list' | 'date' | 'artifactsSearchType' | 'sortDirection' | 'flag' | 'object'

/** The type and the short query-string key of each field. */
export const SEARCH_MODEL_FIELDS: {
  readonly [K in keyof Required<SearchModel>]: { readonly key: string; readonly kind: FieldKind }
} = {
  name: { key: 'q', kind: 'text' },
  packageTypes: { key: 'pkg', kind: 'list' },
  tags: { key: 'tag', kind: 'list' },
  description: { key: 'desc', kind: 'text' },
  scope: { key: 'scope', kind: 'text' },
  before: { key: 'before', kind: 'date' },
  after: { key: 'after', kind: 'date' },
  repositories: { key: 'repo', kind: 'list' },
  artifactsSearchType: { key: 'ast', kind: 'artifactsSearchType' },
  licenses: { key: 'lic', kind: 'list' },
  severities: { key: 'sev', kind: 'list' },
  sortBy: { key: 'sort_by', kind: 'text' },
  sortType: { key: 'sort_type', kind: 'sortDirection' },
  checksum: { key: 'checksum', kind: 'text' },
  isChecksum: { key: 'is_checksum', kind: 'flag' },
  cve: { key: 'cve', kind: 'text' },
  properties: { key: 'prop', kind: 'object' },
  propertySets: { key: 'prop_set', kind: 'object' },
  path: { key: 'art_path', kind: 'text' },
  excludeInnerClasses: { key: 'no_inner', kind: 'flag' },
  searchClassOnly: { key: 'class_only', kind: 'flag' },
  branch: { key: 'branch', kind: 'text' },
}

const FIELD_NAMES = Object.keys(SEARCH_MODEL_FIELDS) as ReadonlyArray<keyof SearchModel>

// The other fields are those without a default (absent until set).
const isExtra = (field: keyof SearchModel): field is keyof SearchModelExtras =>
  !(field in DEFAULT_SEARCH_MODEL)

// An object field is a list of `name=value` items in the URL; the first `=` splits them
// (fromEntries defines own properties, `__proto__` included).
const objectFromItems = (items: ReadonlyArray<string>): Record<string, string> =>
  Object.fromEntries(
    items
      .map((item) =>
        item.includes('=')
          ? [item.slice(0, item.indexOf('=')), item.slice(item.indexOf('=') + 1)]
          : [item, ''],
      )
      .filter(([name]) => name !== ''),
  )

/** The query-string keys the model owns; any other key in the URL is left alone. */
export const SEARCH_QUERY_KEYS: ReadonlyArray<string> = FIELD_NAMES.map((f) => SEARCH_MODEL_FIELDS[f].key)

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/

export function isIsoDate(s: string): boolean {
  return ISO_DATE.test(s)
}

/** The fields that differ from the defaults, as a query string (no leading `?`); lists repeat their key. */
export function searchModelToQuery(model: SearchModel): string {
  const params = new URLSearchParams()
  for (const field of FIELD_NAMES) {
    const { key, kind } = SEARCH_MODEL_FIELDS[field]
    const value = model[field]
    if (value === undefined) continue
    if (kind === 'list') {
      for (const item of value as ReadonlyArray<string>) if (item !== '') params.append(key, item)
    } else if (kind === 'object') {
      for (const [name, v] of Object.entries(value as Readonly<Record<string, string>>))
        params.append(key, `${name}=${v}`)
    } else if (kind === 'flag') {
      if (value === true) params.append(key, 'true')
    } else if (value !== null && value !== DEFAULT_SEARCH_MODEL[field] && !(isExtra(field) && value === '')) {
      params.append(key, value as string)
    }
  }
  return params.toString()
}

/**
 * The model a URL query describes. Tolerant: unknown keys are ignored, empty list items
 * dropped, bad dates and unknown enum values fall back to their defaults.
 */
export function searchModelFromQuery(query: string | URLSearchParams): SearchModel {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query
  const out: Record<string, unknown> = { ...DEFAULT_SEARCH_MODEL }
  for (const field of FIELD_NAMES) {
    const { key, kind } = SEARCH_MODEL_FIELDS[field]
    if (kind === 'list') {
      out[field] = params.getAll(key).filter((item) => item !== '')
      continue
    }
    if (kind === 'object') {
      // A key with no named item (`?prop`, `?prop=`) sets nothing: an empty object would not
      // survive the way back to a query, and the model would change on a round trip.
      const value = objectFromItems(params.getAll(key))
      if (Object.keys(value).length > 0) out[field] = value
      continue
    }
    const raw = params.get(key)
    if (raw === null) continue
    switch (kind) {
      case 'text':
        // The other fields are absent until set (see SearchModelExtras).
        if (!isExtra(field) || raw !== '') out[field] = raw
        break
      case 'flag':
        if (raw === 'true' || raw === '1') out[field] = true
        break
      case 'date':
        out[field] = isIsoDate(raw) ? raw : null
        break
      case 'artifactsSearchType':
        out[field] = raw.toLowerCase() === 'archive' ? 'Archive' : 'Quick'
        break
      case 'sortDirection':
        out[field] = normaliseSortDirection(raw)
        break
    }
  }
  return out as unknown as SearchModel
}

/**
 * The URL parameters a search carries over from the page it runs on: parameters the model
 * does not own stay when the search stays on the same route (the list's release-versions-only
 * option, say); going to another route keeps only the contact-us context.
 */
export function carriedQuery(current: { path: string; query: string }, targetPath: string): string {
  const params = new URLSearchParams(current.query)
  const samePage = current.path.replace(/\/+$/, '') === targetPath.replace(/\/+$/, '')
  const out = new URLSearchParams()
  for (const [key, value] of params)
    if (samePage ? !SEARCH_QUERY_KEYS.includes(key) : key === CONTACT_US_QUERY_KEY) out.append(key, value)
  return out.toString()
}
