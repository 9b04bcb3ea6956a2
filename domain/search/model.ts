/**
 * The search model (spec 001 section 3): each field has a default, a type and a short
 * query-string key, because search state lives in the URL query.
 */

export type ArtifactsSearchType = 'Quick' | 'Archive'
export type SortDirection = 'asc' | 'desc'

/**
 * The query model's other fields (spec 001 section 3). Optional, and absent until set: a model
 * without them is the model older sessions recorded, so kept logs replay to the same state.
 */
export interface SearchModelExtras {
  /** A file's sha256, sha1 or md5: the packages (and versions) holding that file. */
  readonly checksum?: string
  /** The search's text is a checksum (the bar's `checksum:` word or a bare sum). */
  readonly isChecksum?: boolean
  readonly cve?: string
  /** Artifact properties, name to value. */
  readonly properties?: Readonly<Record<string, string>>
  /** Property sets, set name to property. */
  readonly propertySets?: Readonly<Record<string, string>>
  /** An artifact path pattern. */
  readonly path?: string
  /** Class search of archives: leave inner classes out, or match the class name only. */
  readonly excludeInnerClasses?: boolean
  readonly searchClassOnly?: boolean
  /** A build's branch. */
  readonly branch?: string
}

export interface SearchModel extends SearchModelExtras {
  readonly name: string
  readonly packageTypes: ReadonlyArray<string>
  readonly tags: ReadonlyArray<string>
  readonly description: string
  readonly scope: string
  /** ISO date (or date-time); null when not set. */
  readonly before: string | null
  readonly after: string | null
  readonly repositories: ReadonlyArray<string>
  readonly artifactsSearchType: ArtifactsSearchType
  readonly licenses: ReadonlyArray<string>
  readonly severities: ReadonlyArray<string>
  readonly sortBy: string
  readonly sortType: SortDirection
}

export const DEFAULT_SEARCH_MODEL: SearchModel = {
  name: '',
  packageTypes: [],
  tags: [],
  description: '',
  scope: '',
  before: null,
  after: null,
  repositories: [],
  artifactsSearchType: 'Quick',
  licenses: [],
  severities: [],
  sortBy: 'name',
  sortType: 'asc',
}

/** Accepts asc/ascend/ascending and desc/descend/descending in any case; anything else is ascending. */
export function normaliseSortDirection(direction: unknown): SortDirection {
  if (typeof direction !== 'string') return 'asc'
  const d = direction.trim().toLowerCase()
  return d === 'desc' || d === 'descend' || d === 'descending' ? 'desc' : 'asc'
}

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
      const items = params.getAll(key)
      if (items.length > 0) out[field] = objectFromItems(items)
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

/** A query-string key the console keeps whatever the route: the contact-us dialog's context. */
export const CONTACT_US_KEY = 'contactUsContext'

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
    if (samePage ? !SEARCH_QUERY_KEYS.includes(key) : key === CONTACT_US_KEY) out.append(key, value)
  return out.toString()
}
