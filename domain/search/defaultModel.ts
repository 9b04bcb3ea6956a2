/**
 * The search model (spec 001 section 3): its fields and their defaults. Apart from the model's
 * URL codec (model.ts) because the search area's initial state, which the login page's first
 * load carries, needs only the defaults; the codec loads with the areas that search.
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
