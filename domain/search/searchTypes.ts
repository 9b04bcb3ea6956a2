/**
 * The universal search bar's search types and what each requires (spec 001 sections 2
 * and 6): services, licence types, features ('!' = must not be supported), permissions,
 * and whether a project context is supported.
 */
import type { SearchDisabledRule } from './rules'
import type { SearchModel } from './model'
import type { Viewer } from './viewer'
import { licenceKey } from './licence'

export { licenceKey }

export type SearchTypeId = 'packages' | 'artifacts' | 'securityCompliance' | 'builds' | 'releaseBundles'
export const SEARCH_TYPE_IDS: ReadonlyArray<SearchTypeId> = [
  'packages',
  'artifacts',
  'securityCompliance',
  'builds',
  'releaseBundles',
]

export interface SearchTypeDef {
  readonly id: SearchTypeId
  readonly label: string
  /** The route a search of this type opens (without the '/ui' base). */
  readonly path: string
  readonly requires: {
    readonly services?: ReadonlyArray<string>
    readonly licenseTypes?: ReadonlyArray<string>
    /** Feature flags; a leading '!' means the feature must not be supported. */
    readonly features?: ReadonlyArray<string>
    /** Admin, project admin or the tour environment count as permitted. */
    readonly adminOrTour?: boolean
  }
  readonly supportsProjectContext: boolean
  /** The route keeps the search query when it is visited. */
  readonly keepSearchQuery: boolean
  /** `key:value` words of the bar text and the model field each fills. */
  readonly fieldKeys: Readonly<Record<string, ListField | TextField>>
  readonly disabledRule?: SearchDisabledRule
  readonly placeholder: string
}

type ListField = 'packageTypes' | 'repositories' | 'licenses' | 'severities' | 'tags'
type TextField = 'description' | 'before' | 'after' | 'scope' | 'checksum' | 'cve' | 'path' | 'branch'

const PACKAGE_KEYS: SearchTypeDef['fieldKeys'] = {
  type: 'packageTypes',
  repo: 'repositories',
  license: 'licenses',
  severity: 'severities',
  tag: 'tags',
  desc: 'description',
  before: 'before',
  after: 'after',
  scope: 'scope',
  checksum: 'checksum',
}

const hasFilters = (m: SearchModel) =>
  m.severities.length > 0 || m.licenses.length > 0 || m.packageTypes.length > 0 || m.repositories.length > 0

export const SEARCH_TYPES: Readonly<Record<SearchTypeId, SearchTypeDef>> = {
  packages: {
    id: 'packages',
    label: 'Packages',
    path: '/packages',
    requires: { services: ['artifactory'] },
    supportsProjectContext: true,
    keepSearchQuery: true,
    fieldKeys: PACKAGE_KEYS,
    // A package search may run on its filters alone (e.g. every npm package).
    disabledRule: (query, _permitted, model) => query.trim() === '' && !hasFilters(model),
    placeholder: 'Search packages (e.g. react type:npm)',
  },
  artifacts: {
    id: 'artifacts',
    label: 'Artifacts',
    path: '/artifacts/browse',
    requires: { services: ['artifactory'], features: ['!artifactSearchDisabled'] },
    supportsProjectContext: true,
    keepSearchQuery: true,
    fieldKeys: { repo: 'repositories', path: 'path', checksum: 'checksum' },
    // A bare checksum is one (barText.ts); `path:` stays for those who know it.
    placeholder: 'Search artifacts by name or checksum',
  },
  securityCompliance: {
    id: 'securityCompliance',
    label: 'Security and Compliance',
    path: '/scans',
    requires: { services: ['xray'], adminOrTour: true },
    supportsProjectContext: false,
    keepSearchQuery: false,
    fieldKeys: { severity: 'severities', license: 'licenses', cve: 'cve' },
    // Without the permission nothing runs; with it, a severity or licence filter is enough.
    disabledRule: (query, permitted, model) => !permitted || (query.trim() === '' && !hasFilters(model)),
    placeholder: 'Search CVEs, licences and components',
  },
  builds: {
    id: 'builds',
    label: 'Builds',
    path: '/builds',
    requires: { services: ['artifactory'], features: ['!buildsDisabled'] },
    supportsProjectContext: true,
    keepSearchQuery: false,
    fieldKeys: { branch: 'branch' },
    placeholder: 'Search builds by name',
  },
  releaseBundles: {
    id: 'releaseBundles',
    label: 'Release Bundles',
    path: '/distribution',
    requires: {
      services: ['distribution'],
      licenseTypes: ['ENTERPRISE_PLUS', 'EDGE', 'ENTERPRISE_PLUS_TRIAL'],
    },
    supportsProjectContext: false,
    keepSearchQuery: false,
    fieldKeys: {},
    placeholder: 'Search release bundles by name',
  },
}

/** Admin, project admin or tour. */
export const isPermitted = (v: Viewer): boolean => v.canAdminProjects || v.isTour

/** Why a search type cannot be used by this viewer, or null when it can. */
export function unavailableReason(def: SearchTypeDef, v: Viewer): string | null {
  const r = def.requires
  for (const s of r.services ?? []) if (!v.services.includes(s)) return `requires the ${s} service`
  if (r.licenseTypes && !r.licenseTypes.includes(licenceKey(v.licenseType)))
    return 'not included in your licence'
  for (const f of r.features ?? []) {
    const negated = f.startsWith('!')
    const name = negated ? f.slice(1) : f
    const on = v.features[name] === true
    if (negated ? on : !on) return negated ? `not available with ${name}` : `requires ${name}`
  }
  if (r.adminOrTour && !isPermitted(v)) {
    // Security and Compliance depends on anonymous Xray access for everyone else.
    if (!(def.id === 'securityCompliance' && v.anonymousXrayAccess)) return 'requires more permissions'
  }
  if (v.projectKey !== null && !def.supportsProjectContext) return 'not available inside a project'
  return null
}

export const availableSearchTypes = (v: Viewer): ReadonlyArray<SearchTypeDef> =>
  SEARCH_TYPE_IDS.map((id) => SEARCH_TYPES[id]).filter((d) => unavailableReason(d, v) === null)

/** The route a search of this type opens: security compliance goes to the root inside the admin area. */
export function searchPath(def: SearchTypeDef, v: Viewer): string {
  if (def.id === 'securityCompliance' && v.inAdminArea) return '/'
  return def.path
}

/** The route without the `/ui` base, query or hash. */
const routePath = (path: string): string => path.replace(/^\/ui(?=\/|$)/, '').split(/[?#]/)[0] ?? ''

/** The type's own root route (e.g. the packages list), as opposed to a page below it (a package). */
export const isSearchRoot = (def: SearchTypeDef, path: string): boolean => {
  const p = routePath(path).replace(/\/+$/, '')
  return p === def.path
}

/**
 * The search type the bar shows for a route and the viewer's project (spec 000 section 4):
 * the route's own type when the viewer may use it there; otherwise the current type while it
 * is still usable (a project was selected, or the route is not a search route); otherwise the
 * first usable type. Null when nothing is usable.
 */
export function searchTypeFollowing(path: string, v: Viewer, current: SearchTypeId): SearchTypeId | null {
  const usable = (id: SearchTypeId) => unavailableReason(SEARCH_TYPES[id], v) === null
  const routed = searchTypeForRoute(path, v.projectKey)
  if (routed !== null && usable(routed)) return routed
  if (usable(current)) return current
  return SEARCH_TYPE_IDS.find(usable) ?? null
}

/** The search type a route stands for (with the project key); null for other routes. */
export function searchTypeForRoute(path: string, projectKey: string | null): SearchTypeId | null {
  const p = routePath(path)
  for (const id of SEARCH_TYPE_IDS) {
    const def = SEARCH_TYPES[id]
    if (p === def.path || p.startsWith(`${def.path}/`)) {
      if (projectKey !== null && !def.supportsProjectContext) return null
      return id
    }
  }
  if (p.startsWith('/distribution') || p.startsWith('/bundles')) return 'releaseBundles'
  return null
}
