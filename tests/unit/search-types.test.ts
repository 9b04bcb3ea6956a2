/**
 * The universal search bar's search types (spec 001 sections 2 and 6, spec 000 section 4): what
 * each type requires of the viewer and why it is refused, which types the bar offers and in what
 * order, the route each opens, the type a route stands for, and when the search button is on.
 */
import { describe, expect, it } from 'vitest'
import {
  SEARCH_TYPES,
  SEARCH_TYPE_IDS,
  availableSearchTypes,
  isSearchRoot,
  searchPath,
  searchTypeFollowing,
  searchTypeForRoute,
  unavailableReason,
  type SearchTypeDef,
  type SearchTypeId,
} from '../../domain/search/searchTypes'
import { anonymousViewer, type Viewer } from '../../domain/search/viewer'
import { DEFAULT_SEARCH_MODEL, type SearchModel } from '../../domain/search/model'
import { checkBarText } from '../../domain/search/textProblems'
import { isSearchButtonDisabled } from '../../domain/search/rules'
import { modelFromText } from '../../domain/search/barText'
import { searchArea } from '../../domain/search'
import * as E from '../../domain/search/events'
import { searchModelFromQuery } from '../../domain/search/model'
import { appSlice, type AppEvent } from '../../domain/app'
import { FeaturesLoaded } from '../../domain/platform/events'
import { platformWith, signedIn } from '../support/fixtures'
import { spec } from '../support/decider'
import { anonymousContext, sidebarItems } from '../../domain/navigation'

/** A viewer who may use every type: every service, an Enterprise+ licence, a project admin. */
const everything: Viewer = {
  ...anonymousViewer,
  userName: 'ana',
  canAdminProjects: true,
  services: ['artifactory', 'xray', 'distribution'],
  licenseType: 'ENTERPRISE_PLUS',
}

const reasons = (v: Viewer): Record<SearchTypeId, string | null> =>
  Object.fromEntries(SEARCH_TYPE_IDS.map((id) => [id, unavailableReason(SEARCH_TYPES[id], v)])) as Record<
    SearchTypeId,
    string | null
  >

const ids = (v: Viewer) => availableSearchTypes(v).map((d) => d.id)

describe('what each search type requires (spec 001 §6)', () => {
  it('a viewer with every service, Enterprise+ and the permission may use all five', () => {
    expect(reasons(everything)).toEqual({
      packages: null,
      artifacts: null,
      securityCompliance: null,
      builds: null,
      releaseBundles: null,
    })
  })

  it('each type names the service it needs', () => {
    expect(reasons({ ...everything, services: [] })).toEqual({
      packages: 'requires the artifactory service',
      artifacts: 'requires the artifactory service',
      securityCompliance: 'requires the xray service',
      builds: 'requires the artifactory service',
      releaseBundles: 'requires the distribution service',
    })
    // Only the missing service's types are refused.
    expect(reasons({ ...everything, services: ['artifactory', 'distribution'] })).toMatchObject({
      packages: null,
      securityCompliance: 'requires the xray service',
      releaseBundles: null,
    })
    expect(reasons({ ...everything, services: ['artifactory', 'xray'] })).toMatchObject({
      securityCompliance: null,
      releaseBundles: 'requires the distribution service',
    })
  })

  it('a feature with "!" must not be supported: artifacts without artifact search, builds without builds', () => {
    expect(reasons({ ...everything, features: { artifactSearchDisabled: true } })).toMatchObject({
      packages: null,
      artifacts: 'not available with artifactSearchDisabled',
      builds: null,
    })
    expect(reasons({ ...everything, features: { buildsDisabled: true } })).toMatchObject({
      artifacts: null,
      builds: 'not available with buildsDisabled',
    })
    // A feature said to be off is not supported.
    expect(
      reasons({ ...everything, features: { artifactSearchDisabled: false, buildsDisabled: false } }),
    ).toMatchObject({
      artifacts: null,
      builds: null,
    })
  })

  it('a feature without "!" must be supported (a type a script defines)', () => {
    const def: SearchTypeDef = { ...SEARCH_TYPES.builds, requires: { features: ['pipelines'] } }
    expect(unavailableReason(def, everything)).toBe('requires pipelines')
    expect(unavailableReason(def, { ...everything, features: { pipelines: false } })).toBe(
      'requires pipelines',
    )
    expect(unavailableReason(def, { ...everything, features: { pipelines: true } })).toBeNull()
  })

  it('release bundles need one of the licences that include them', () => {
    expect(reasons({ ...everything, licenseType: 'ENTERPRISE' }).releaseBundles).toBe(
      'not included in your licence',
    )
    for (const licenseType of ['ENTERPRISE_PLUS', 'EDGE', 'ENTERPRISE_PLUS_TRIAL'])
      expect(reasons({ ...everything, licenseType }).releaseBundles, licenseType).toBeNull()
    // The other types do not depend on the licence.
    expect(reasons({ ...everything, licenseType: '' })).toMatchObject({
      packages: null,
      artifacts: null,
      securityCompliance: null,
      builds: null,
    })
  })

  it('the permission counts only for security & compliance, and anonymous Xray access only there', () => {
    const plain = { ...everything, canAdminProjects: false }
    expect(reasons(plain)).toEqual({
      packages: null,
      artifacts: null,
      securityCompliance: 'requires more permissions',
      builds: null,
      releaseBundles: null,
    })
    // Another type that asks for the permission is not opened by anonymous Xray access.
    const def: SearchTypeDef = { ...SEARCH_TYPES.builds, requires: { adminOrTour: true } }
    expect(unavailableReason(def, { ...plain, anonymousXrayAccess: true })).toBe('requires more permissions')
    expect(unavailableReason(def, { ...plain, isTour: true })).toBeNull()
  })

  it('inside a project, security & compliance and release bundles are not available', () => {
    expect(reasons({ ...everything, projectKey: 'proj1' })).toEqual({
      packages: null,
      artifacts: null,
      securityCompliance: 'not available inside a project',
      builds: null,
      releaseBundles: 'not available inside a project',
    })
  })
})

describe('the types the bar offers', () => {
  it('are the usable ones, in the bar’s order', () => {
    expect(ids(everything)).toEqual([
      'packages',
      'artifacts',
      'securityCompliance',
      'builds',
      'releaseBundles',
    ])
    expect(ids(anonymousViewer)).toEqual(['packages', 'artifacts', 'builds'])
    expect(ids({ ...everything, projectKey: 'proj1' })).toEqual(['packages', 'artifacts', 'builds'])
    expect(ids({ ...anonymousViewer, services: [] })).toEqual([])
  })
})

describe('the route a search opens (spec 001 §2)', () => {
  it('is the type’s own list', () => {
    expect(
      Object.fromEntries(SEARCH_TYPE_IDS.map((id) => [id, searchPath(SEARCH_TYPES[id], everything)])),
    ).toEqual({
      packages: '/packages',
      artifacts: '/artifacts/browse',
      securityCompliance: '/scans',
      builds: '/builds',
      releaseBundles: '/distribution',
    })
  })

  it('inside the admin area only security & compliance goes to the root', () => {
    const admin = { ...everything, inAdminArea: true }
    expect(searchPath(SEARCH_TYPES.securityCompliance, admin)).toBe('/')
    expect(searchPath(SEARCH_TYPES.packages, admin)).toBe('/packages')
    expect(searchPath(SEARCH_TYPES.releaseBundles, admin)).toBe('/distribution')
  })
})

describe('the type a route stands for (spec 000 §4)', () => {
  it('each type’s list and the pages below it, with or without the /ui base', () => {
    expect(searchTypeForRoute('/packages', null)).toBe('packages')
    expect(searchTypeForRoute('/ui/packages', null)).toBe('packages')
    expect(searchTypeForRoute('/ui/packages/npm%3A%2F%2Freact', null)).toBe('packages')
    expect(searchTypeForRoute('/artifacts/browse', null)).toBe('artifacts')
    expect(searchTypeForRoute('/ui/artifacts/browse/tree/General', null)).toBe('artifacts')
    expect(searchTypeForRoute('/scans', null)).toBe('securityCompliance')
    expect(searchTypeForRoute('/scans/CVE-2021-44228', null)).toBe('securityCompliance')
    expect(searchTypeForRoute('/ui/builds/web/12', null)).toBe('builds')
    expect(searchTypeForRoute('/distribution', null)).toBe('releaseBundles')
  })

  it('a query or a hash is not part of the route', () => {
    expect(searchTypeForRoute('/packages?q=react', null)).toBe('packages')
    expect(searchTypeForRoute('/builds#top', null)).toBe('builds')
  })

  it('a route that only begins with a type’s name is not that type', () => {
    expect(searchTypeForRoute('/packagesx', null)).toBeNull()
    expect(searchTypeForRoute('/uipackages', null)).toBeNull()
    expect(searchTypeForRoute('/artifacts', null)).toBeNull()
    expect(searchTypeForRoute('/admin/packages', null)).toBeNull()
    expect(searchTypeForRoute('/admin/distribution', null)).toBeNull()
    expect(searchTypeForRoute('/', null)).toBeNull()
  })

  it('after a bundles path the type is release bundles (spec 001 §2)', () => {
    expect(searchTypeForRoute('/bundles', null)).toBe('releaseBundles')
    expect(searchTypeForRoute('/ui/bundles/release/app/1.0', null)).toBe('releaseBundles')
    expect(searchTypeForRoute('/distribution/release_bundles', null)).toBe('releaseBundles')
  })

  it('inside a project, a route of a type without project context stands for none', () => {
    expect(searchTypeForRoute('/scans', 'proj1')).toBeNull()
    expect(searchTypeForRoute('/distribution', 'proj1')).toBeNull()
    expect(searchTypeForRoute('/packages', 'proj1')).toBe('packages')
    expect(searchTypeForRoute('/artifacts/browse', 'proj1')).toBe('artifacts')
    expect(searchTypeForRoute('/builds', 'proj1')).toBe('builds')
  })

  it('the list itself, not a page below it, is the type’s root', () => {
    const packages = SEARCH_TYPES.packages
    for (const path of [
      '/packages',
      '/ui/packages',
      '/packages/',
      '/ui/packages//',
      '/packages?q=react',
      '/packages#x',
    ])
      expect(isSearchRoot(packages, path), path).toBe(true)
    for (const path of [
      '/packages/npm%3A%2F%2Freact',
      '/packages/ui',
      '/packagesx',
      '/uipackages',
      '/builds',
      '/',
    ])
      expect(isSearchRoot(packages, path), path).toBe(false)
    expect(isSearchRoot(SEARCH_TYPES.artifacts, '/ui/artifacts/browse/')).toBe(true)
  })
})

describe('the type the bar shows for a route (spec 000 §4)', () => {
  it("is the route's own type when the viewer may use it", () => {
    expect(searchTypeFollowing('/builds', everything, 'packages')).toBe('builds')
    expect(searchTypeFollowing('/ui/scans', everything, 'packages')).toBe('securityCompliance')
  })

  it('otherwise the current type while it is usable, on any other route', () => {
    expect(searchTypeFollowing('/scans', anonymousViewer, 'builds')).toBe('builds')
    expect(searchTypeFollowing('/home', everything, 'releaseBundles')).toBe('releaseBundles')
  })

  it('otherwise the first usable type, or none', () => {
    const inProject = { ...everything, projectKey: 'proj1' }
    expect(searchTypeFollowing('/home', inProject, 'releaseBundles')).toBe('packages')
    expect(searchTypeFollowing('/home', { ...inProject, services: [] }, 'releaseBundles')).toBeNull()
    // Without the artifact manager nothing of it is usable; security & compliance still is.
    expect(searchTypeFollowing('/home', { ...everything, services: ['xray'] }, 'packages')).toBe(
      'securityCompliance',
    )
  })
})

describe('the search button (spec 001 §2: empty text, unless the type has its own rule)', () => {
  const check = (def: SearchTypeDef, text: string, model: Partial<SearchModel> = {}, permitted = false) =>
    checkBarText({ text, model: { ...DEFAULT_SEARCH_MODEL, ...model }, def, permitted, offered: [] }).disabled

  it('a package search may run on any one of its filters alone', () => {
    const packages = SEARCH_TYPES.packages
    expect(check(packages, '')).toBe(true)
    expect(check(packages, '   ')).toBe(true)
    expect(check(packages, 'type:npm')).toBe(false)
    expect(check(packages, 'repo:npm-remote')).toBe(false)
    expect(check(packages, 'license:MIT')).toBe(false)
    expect(check(packages, 'severity:High')).toBe(false)
    expect(check(packages, 'react')).toBe(false)
  })

  it("the type's own rule (query, permission, model): a package or security model with a filter and no text runs", () => {
    // The rule as the specification gives it, for a caller holding a model whose filters the
    // query does not spell (a list's filters chosen, the bar left empty).
    const disabled = (id: SearchTypeId, model: Partial<SearchModel>, permitted = true) =>
      isSearchButtonDisabled({
        query: ' ',
        permitted,
        model: { ...DEFAULT_SEARCH_MODEL, ...model },
        rule: SEARCH_TYPES[id].disabledRule,
      })
    expect(disabled('packages', {})).toBe(true)
    for (const filter of [
      { packageTypes: ['npm'] },
      { repositories: ['npm-remote'] },
      { licenses: ['MIT'] },
      { severities: ['High'] },
    ])
      expect(disabled('packages', filter), JSON.stringify(filter)).toBe(false)
    expect(disabled('securityCompliance', {})).toBe(true)
    expect(disabled('securityCompliance', { severities: ['Critical'] })).toBe(false)
    expect(disabled('securityCompliance', { licenses: ['GPL-3.0'] })).toBe(false)
    expect(disabled('securityCompliance', { severities: ['Critical'] }, false)).toBe(true)
    // The other types have no rule of their own: text is needed whatever the model.
    expect(disabled('builds', { packageTypes: ['npm'] })).toBe(true)
  })

  it('security & compliance runs nothing without the permission, and a severity or licence is enough with it', () => {
    const security = SEARCH_TYPES.securityCompliance
    expect(check(security, 'log4j')).toBe(true)
    expect(check(security, 'log4j', {}, true)).toBe(false)
    expect(check(security, '', {}, true)).toBe(true)
    expect(check(security, ' ', {}, true)).toBe(true)
    expect(check(security, 'severity:Critical', {}, true)).toBe(false)
    expect(check(security, 'license:GPL-3.0', {}, true)).toBe(false)
    expect(check(security, 'severity:Critical')).toBe(true)
  })

  it('the other types need text', () => {
    for (const id of ['artifacts', 'builds', 'releaseBundles'] as const) {
      expect(check(SEARCH_TYPES[id], ' '), id).toBe(true)
      expect(check(SEARCH_TYPES[id], 'app'), id).toBe(false)
    }
  })
})

describe("the words of each type's bar", () => {
  const read = (id: SearchTypeId, text: string) => modelFromText(text, SEARCH_TYPES[id], DEFAULT_SEARCH_MODEL)

  it('packages: every filter of the package list', () => {
    expect(
      read(
        'packages',
        'react type:npm repo:npm-remote license:MIT severity:High tag:ui desc:hooks before:2024-01-01 after:2023-01-01 scope:@acme',
      ),
    ).toMatchObject({
      name: 'react',
      packageTypes: ['npm'],
      repositories: ['npm-remote'],
      licenses: ['MIT'],
      severities: ['High'],
      tags: ['ui'],
      description: 'hooks',
      before: '2024-01-01',
      after: '2023-01-01',
      scope: '@acme',
    })
  })

  it('artifacts, security & compliance and builds: their own words; release bundles: none', () => {
    expect(read('artifacts', 'app repo:libs path:org/* checksum:abc')).toMatchObject({
      name: 'app',
      repositories: ['libs'],
      path: 'org/*',
      checksum: 'abc',
    })
    expect(read('securityCompliance', 'log4j severity:High license:MIT cve:CVE-1')).toMatchObject({
      name: 'log4j',
      severities: ['High'],
      licenses: ['MIT'],
      cve: 'CVE-1',
    })
    expect(read('builds', 'web branch:main')).toMatchObject({ name: 'web', branch: 'main' })
    expect(read('releaseBundles', 'app type:npm').name).toBe('app type:npm')
    expect(read('artifacts', 'app type:npm').packageTypes).toEqual([])
  })
})

describe('a type refused by the bar says which type and why', () => {
  const search = spec(appSlice(searchArea))
  const change = (searchType: SearchTypeId, ...given: AppEvent[]) =>
    search.given(...given).when({ type: 'search/ChangeType', searchType })

  it('names the type as the bar labels it', () => {
    change('securityCompliance').rejected(/^Security and Compliance search requires the xray service$/)
    change('releaseBundles').rejected(/^Release Bundles search requires the distribution service$/)
    change('builds', FeaturesLoaded({ features: { buildsDisabled: true } })).rejected(
      /^Builds search not available with buildsDisabled$/,
    )
    change('artifacts', FeaturesLoaded({ features: { artifactSearchDisabled: true } })).rejected(
      /^Artifacts search not available with artifactSearchDisabled$/,
    )
  })
})

describe('the URL of a type that keeps its search query (spec 001 §2, keepSearchQuery)', () => {
  const search = spec(appSlice(searchArea))
  const everyService = [platformWith(['artifactory', 'xray', 'distribution']), signedIn('ana', true)]
  const sync = (path: string, query: string) =>
    search
      .given(...everyService)
      .when({ type: 'search/SyncWithUrl', path, query })
      .events()

  it('artifacts read their search from their list’s URL', () => {
    expect(sync('/artifacts/browse', 'q=app')).toEqual([
      E.UrlRestored({ type: 'artifacts', model: searchModelFromQuery('q=app'), text: 'app' }),
    ])
  })

  it('security & compliance and release bundles do not: the bar starts empty', () => {
    for (const [path, type] of [
      ['/scans', 'securityCompliance'],
      ['/distribution', 'releaseBundles'],
    ] as const)
      expect(sync(path, 'q=app'), path).toEqual([
        E.UrlRestored({ type, model: DEFAULT_SEARCH_MODEL, text: '' }),
      ])
  })
})

describe("each type's prompt in the bar", () => {
  it('says what it searches, differs from the others', () => {
    const prompts = SEARCH_TYPE_IDS.map((id) => SEARCH_TYPES[id].placeholder)
    for (const prompt of prompts) expect(prompt).toMatch(/^Search \S/)
    expect(new Set(prompts).size).toBe(prompts.length)
  })

  it('suggests only `key:` words the type reads', () => {
    for (const id of SEARCH_TYPE_IDS) {
      const def = SEARCH_TYPES[id]
      const keys = [...def.placeholder.matchAll(/([a-z]+):/g)].map((m) => m[1])
      for (const key of keys) expect(Object.keys(def.fieldKeys), `${id} ${key}`).toContain(key)
    }
  })
})

describe('the security search type', () => {
  it('is named as the sidebar names the same product', () => {
    // The bar said 'Security and Compliance' beside the sidebar's 'Security and Compliance'.
    const ctx = { ...anonymousContext, signedIn: true, userName: 'developer', licenseType: 'Enterprise+' }
    const teaser = sidebarItems('application', ctx).find((i) => i.id === 'securityTeaser')
    expect(SEARCH_TYPES.securityCompliance.label).toBe(teaser?.title)
  })
})
