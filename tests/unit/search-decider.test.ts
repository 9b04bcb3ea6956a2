/** The search decider (given events, when command, then events) and its effects on the bus. */
import { describe, expect, it } from 'vitest'
import { initialAppState, type AppEvent, type AppState, appSlice } from '../../domain/app'
import { searchArea } from '../../domain/search'
import { currentSuggestions, unknownPackageTypes, unknownSearchKeys } from '../../domain/search/textProblems'
import * as E from '../../domain/search/events'
import {
  DEFAULT_SEARCH_MODEL,
  carriedQuery,
  searchModelFromQuery,
  type SearchModel,
} from '../../domain/search/model'
import { packageQueryOf } from '../../domain/search/packageQuery'
import {
  SEARCH_TYPES,
  searchPath,
  searchTypeForRoute,
  unavailableReason,
} from '../../domain/search/searchTypes'
import { anonymousViewer, canSeeCounts, viewerOf } from '../../domain/search/viewer'
import { SignedIn } from '../../domain/session/events'
import * as P from '../../domain/platform/events'
import { Navigated, ProjectSelected } from '../../domain/navigation/events'
import { platformWith } from '../support/fixtures'
import { user } from '../support/fixtures'
import type { CommandMeta } from '../../domain/shared/area'
import { createApp } from '../../composition/createApp'
import { RECENT_SEARCHES_KEY } from '../../commands/effects/search'
import { fakePorts } from '../support/fakePorts'
import { fakePackagesApi, makePackage } from '../support/fakePackagesApi'
import { evolve, foldEvents, spec } from '../support/decider'
import { flush } from '../support/wait'

const meta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', id: 's-1' }
const fold = (events: ReadonlyArray<AppEvent>): AppState => foldEvents(events)
const search = spec(appSlice(searchArea), meta)

type SearchRanData = Parameters<typeof E.SearchRan>[0]

/** The whole event of a search that ran: its model (over the defaults), its route (the type's
 *  path and the model's query unless `path` says otherwise), remembered as recent search `meta.id`
 *  of the anonymous viewer, and the text the bar shows after it. */
const ran = (ran: {
  text: string
  model: Partial<SearchModel>
  query: string
  path?: string
  type?: SearchRanData['type']
  /** The recent searches before it (none unless said). */
  before?: SearchRanData['recent'][]
}) => {
  const type = ran.type ?? 'packages'
  const model = { ...DEFAULT_SEARCH_MODEL, ...ran.model }
  const recent = { id: meta.id, type, queryString: ran.query, searchModel: model }
  return E.SearchRan({
    type,
    model,
    path: ran.path ?? `/packages?${ran.query}`,
    owner: 'anonymous',
    recent,
    list: [recent, ...(ran.before ?? [])],
    text: ran.text,
  })
}

/** Given one recent search (id r1) of packages, when it is selected. */
const selectRecent = (queryString: string, searchModel: SearchModel) =>
  search
    .given(
      E.RecentLoaded({
        owner: 'anonymous',
        items: [{ id: 'r1', type: 'packages', queryString, searchModel }],
      }),
    )
    .when({ type: 'search/SelectRecent', id: 'r1' })

describe('running a search', () => {
  it('parses the text: free words are the name, known key:value words fill filters', () => {
    search
      .given(E.TextChanged({ text: 'react type:npm' }))
      .when({ type: 'search/Run' })
      .then(
        ran({
          text: 'react type:npm',
          model: { name: 'react', packageTypes: ['npm'] },
          query: 'q=react&pkg=npm',
        }),
      )
  })

  it('quoted names round-trip through the URL', () => {
    const model = { ...DEFAULT_SEARCH_MODEL, name: 'my package', packageTypes: ['npm'] }
    const query = 'q=my+package&pkg=npm'
    search
      .given(E.TextChanged({ text: '"my package" type:npm' }))
      .when({ type: 'search/Run' })
      .then(ran({ text: '"my package" type:npm', model, query }))
    expect(searchModelFromQuery(query)).toEqual(model)
  })

  it('the search button rule: empty text with no filter runs nothing', () => {
    search
      .given()
      .when({ type: 'search/Run' })
      .rejected(/^nothing to search for$/)
    // …but a package search may run on a filter alone.
    search
      .given()
      .when({ type: 'search/Run', model: { ...DEFAULT_SEARCH_MODEL, packageTypes: ['npm'] } })
      .then(ran({ text: 'type:npm', model: { packageTypes: ['npm'] }, query: 'pkg=npm' }))
  })

  it('running navigates to the type route with the model in the query', () => {
    const envelope = {
      seq: 1,
      at: meta.now,
      source: 'ui' as const,
      corr: 'c',
      event: E.SearchRan({
        type: 'packages',
        model: { ...DEFAULT_SEARCH_MODEL, name: 'react' },
        path: '/packages?q=react',
        owner: 'anonymous',
        recent: { id: 'x', type: 'packages', queryString: 'q=react', searchModel: DEFAULT_SEARCH_MODEL },
        list: null,
      }),
    }
    expect(appSlice(searchArea).policies?.(envelope, initialAppState)).toEqual([
      { type: 'navigation/Navigate', to: '/packages?q=react' },
    ])
  })

  it('recent searches: newest first, same type and query deduplicated, capped at 10', () => {
    let state = fold([])
    const ranFor = (text: string, id: string) => {
      state = evolve(state, E.TextChanged({ text }))
      state = search.at(state).when({ type: 'search/Run' }, { id }).after()
    }
    for (let i = 0; i < 12; i++) ranFor(`pkg${i}`, `id${i}`)
    ranFor('pkg5', 'again')
    expect(state.search.recent.map((r) => r.queryString)).toEqual([
      'q=pkg5',
      'q=pkg11',
      'q=pkg10',
      'q=pkg9',
      'q=pkg8',
      'q=pkg7',
      'q=pkg6',
      'q=pkg4',
      'q=pkg3',
      'q=pkg2',
    ])
  })

  it('selecting a recent search restores its model and type and re-runs it', () => {
    const model = { ...DEFAULT_SEARCH_MODEL, name: 'lodash', packageTypes: ['npm'] }
    selectRecent('q=lodash&pkg=npm', model).then(
      ran({ text: 'lodash type:npm', model, query: 'q=lodash&pkg=npm' }),
    )
  })

  it('an Archive recent search runs as Quick when archive search is off', () => {
    const model = { ...DEFAULT_SEARCH_MODEL, name: 'x', artifactsSearchType: 'Archive' as const }
    selectRecent('q=x&ast=Archive', model).then(
      ran({
        text: 'x',
        model: { ...model, artifactsSearchType: 'Quick' },
        query: 'q=x',
        // The Archive one stays beside it: their queries differ.
        before: [{ id: 'r1', type: 'packages', queryString: 'q=x&ast=Archive', searchModel: model }],
      }),
    )
  })

  it('an Archive recent search runs as Archive when the platform has archive search on', () => {
    const model = { ...DEFAULT_SEARCH_MODEL, name: 'x', artifactsSearchType: 'Archive' as const }
    const decided = search
      .given(
        P.FeaturesLoaded({ features: { archiveSearch: true } }),
        E.RecentLoaded({
          owner: 'anonymous',
          items: [{ id: 'r1', type: 'packages', queryString: 'q=x&ast=Archive', searchModel: model }],
        }),
      )
      .when({ type: 'search/SelectRecent', id: 'r1' })
      .events()
    const ranData = decided[0]?.type === 'search/SearchRan' ? decided[0].data : undefined
    expect(ranData?.model.artifactsSearchType).toBe('Archive')
    expect(ranData?.recent.queryString).toContain('Archive')
  })

  it('changing the search type keeps only the name', () => {
    const d = search
      .given(
        E.UrlRestored({
          type: 'packages',
          model: { ...DEFAULT_SEARCH_MODEL, name: 'react', packageTypes: ['npm'] },
        }),
      )
      .when({ type: 'search/ChangeType', searchType: 'artifacts' })
    d.then(
      E.TypeChanged({ type: 'artifacts', model: { ...DEFAULT_SEARCH_MODEL, name: 'react' }, text: 'react' }),
    )
  })

  it('spec 001 §4: changing the search type resets the model and keeps only the name of the text', () => {
    // Typed, not yet run: the filter words belong to the packages type and go with the change.
    const d = search
      .given(E.TextChanged({ text: 'react type:npm desc:library' }))
      .when({ type: 'search/ChangeType', searchType: 'artifacts' })
    d.then(
      E.TypeChanged({ type: 'artifacts', model: { ...DEFAULT_SEARCH_MODEL, name: 'react' }, text: 'react' }),
    )
    const state = d.after()
    expect(state.search.text).toBe('react')
    search
      .at(state)
      .when({ type: 'search/Run' })
      .then(
        ran({
          text: 'react',
          model: { name: 'react' },
          query: 'q=react',
          path: '/artifacts/browse?q=react',
          type: 'artifacts',
        }),
      )
  })

  it('spec 001 §5: a filter the text no longer has is not carried into the next search', () => {
    let state = fold([])
    const runText = (text: string, model: Partial<SearchModel>, query: string) => {
      state = evolve(state, E.TextChanged({ text }))
      const d = search.at(state).when({ type: 'search/Run' })
      d.then(ran({ text, model, query, before: [...state.search.recent] }))
      state = d.after()
    }
    runText('type:bogus', { packageTypes: ['bogus'] }, 'pkg=bogus')
    // The bar shows the filter it ran with, so deleting it from the text deletes it.
    expect(state.search.text).toBe('type:bogus')
    runText('lodash type:npm', { name: 'lodash', packageTypes: ['npm'] }, 'q=lodash&pkg=npm')
    runText('lodash', { name: 'lodash' }, 'q=lodash')
  })

  it('the list sort survives a new text search (the text never says it)', () => {
    search
      .given(
        E.UrlRestored({ type: 'packages', model: { ...DEFAULT_SEARCH_MODEL, name: 'a', sortType: 'desc' } }),
        E.TextChanged({ text: 'b' }),
      )
      .when({ type: 'search/Run' })
      .then(ran({ text: 'b', model: { name: 'b', sortType: 'desc' }, query: 'q=b&sort_type=desc' }))
  })

  it('the bar names unknown filter keys and package types the platform does not offer', () => {
    expect(unknownSearchKeys('react foo:1 type:npm bar:x foo:2', SEARCH_TYPES.packages)).toEqual([
      'foo',
      'bar',
    ])
    expect(unknownSearchKeys('react type:npm', SEARCH_TYPES.packages)).toEqual([])
    // Artifacts know only repo: a package filter word there is named.
    expect(unknownSearchKeys('react type:npm', SEARCH_TYPES.artifacts)).toEqual(['type'])
    const model = { ...DEFAULT_SEARCH_MODEL, packageTypes: ['bogus', 'golang', 'npm', 'all'] }
    expect(unknownPackageTypes(model, ['npm', 'go'])).toEqual(['bogus'])
    expect(unknownPackageTypes(model, [])).toEqual([])
  })

  it('a search type the viewer may not use is rejected with its reason', () => {
    search
      .given()
      .when({ type: 'search/ChangeType', searchType: 'securityCompliance' })
      .rejected(/requires the xray service/)
  })
})

describe('search types and their requirements', () => {
  const v = { ...anonymousViewer, services: ['artifactory', 'xray', 'distribution'] }
  it('security compliance needs admin, project admin or tour (or anonymous Xray access)', () => {
    expect(unavailableReason(SEARCH_TYPES.securityCompliance, v)).toMatch(/permissions/)
    const admin = { ...v, isAdmin: true, canAdminProjects: true }
    expect(unavailableReason(SEARCH_TYPES.securityCompliance, admin)).toBeNull()
    // A project admin is not an admin, but may administer projects.
    expect(unavailableReason(SEARCH_TYPES.securityCompliance, { ...v, canAdminProjects: true })).toBeNull()
    expect(unavailableReason(SEARCH_TYPES.securityCompliance, { ...v, isTour: true })).toBeNull()
    expect(unavailableReason(SEARCH_TYPES.securityCompliance, { ...v, anonymousXrayAccess: true })).toBeNull()
  })
  it('admins and project admins see package counts, from the session rule; nobody else does', () => {
    const as = (admin: boolean, projectAdmin: boolean) =>
      canSeeCounts(viewerOf(fold([SignedIn({ user: user({ admin, projectAdmin }), via: 'password' })])))
    expect(as(true, false)).toBe(true)
    expect(as(false, true)).toBe(true)
    expect(as(false, false)).toBe(false)
    expect(canSeeCounts(viewerOf(fold([])))).toBe(false)
  })
  it('goes to the root path inside the admin area', () => {
    expect(searchPath(SEARCH_TYPES.securityCompliance, { ...v, inAdminArea: true })).toBe('/')
    expect(searchPath(SEARCH_TYPES.securityCompliance, v)).toBe('/scans')
  })
  it('licence types and features with "!"', () => {
    expect(unavailableReason(SEARCH_TYPES.releaseBundles, v)).toMatch(/licence/)
    expect(
      unavailableReason(SEARCH_TYPES.releaseBundles, { ...v, licenseType: 'enterprise_plus' }),
    ).toBeNull()
    // The reference platform (and others) spell the plan `Enterprise+` or `Enterprise Plus`.
    for (const licenseType of ['Enterprise+', 'Enterprise Plus', 'Edge', 'Enterprise+ Trial'])
      expect(unavailableReason(SEARCH_TYPES.releaseBundles, { ...v, licenseType }), licenseType).toBeNull()
    for (const licenseType of ['Enterprise', 'Pro X', 'N/A', ''])
      expect(unavailableReason(SEARCH_TYPES.releaseBundles, { ...v, licenseType }), licenseType).toMatch(
        /licence/,
      )
    expect(unavailableReason(SEARCH_TYPES.builds, { ...v, features: { buildsDisabled: true } })).toMatch(
      /not available/,
    )
  })
  it('types without project context are disabled inside a project', () => {
    const inProject = {
      ...v,
      isAdmin: true,
      canAdminProjects: true,
      projectKey: 'proj1',
      licenseType: 'ENTERPRISE_PLUS',
    }
    expect(unavailableReason(SEARCH_TYPES.securityCompliance, inProject)).toMatch(/project/)
    expect(unavailableReason(SEARCH_TYPES.packages, inProject)).toBeNull()
  })
  it('the route (and project) determine the type', () => {
    expect(searchTypeForRoute('/ui/packages/npm%3A%2F%2Freact', null)).toBe('packages')
    expect(searchTypeForRoute('/builds', null)).toBe('builds')
    expect(searchTypeForRoute('/scans', 'p1')).toBeNull()
    expect(searchTypeForRoute('/home', null)).toBeNull()
  })
  it('URL sync restores the model for a route that keeps its query', () => {
    search
      .given()
      .when({ type: 'search/SyncWithUrl', path: '/packages', query: 'q=react&pkg=npm' })
      .then(
        E.UrlRestored({
          type: 'packages',
          model: { ...DEFAULT_SEARCH_MODEL, name: 'react', packageTypes: ['npm'] },
          text: 'react type:npm',
        }),
      )
    search
      .given(E.UrlRestored({ type: 'packages', model: searchModelFromQuery('q=react&pkg=npm') }))
      .when({ type: 'search/SyncWithUrl', path: '/packages', query: 'q=react&pkg=npm' })
      .rejected(/already in step/)
  })
})

describe('the search type follows the route and the project; keepSearchQuery', () => {
  const xrayAdmin = [
    platformWith(['artifactory', 'xray'], 'Enterprise+'),
    SignedIn({ user: user({ admin: true }), via: 'password' }),
  ]
  const on = (path: string, query: string, events: AppEvent[]) =>
    search.given(...events).when({ type: 'search/SyncWithUrl', path, query })
  /** The bar restored to `type`, with the model's name (and nothing else) as its text. */
  const restored = (type: Parameters<typeof E.UrlRestored>[0]['type'], name = '') =>
    E.UrlRestored({ type, model: { ...DEFAULT_SEARCH_MODEL, name }, text: name })

  it("a package page below the list keeps the list's search (the bar still shows it)", () => {
    const listed = [E.UrlRestored({ type: 'packages', model: searchModelFromQuery('q=react&pkg=npm') })]
    on('/packages/npm%3A%2F%2Freact', '', listed).rejected(/already in step/)
    on('/packages/npm%3A%2F%2Freact/19.2.0', 'tab=files', listed).rejected(/already in step/)
    // Back on the list, its URL is the truth again: no query is no search.
    on('/packages', '', listed).then(restored('packages'))
  })

  it('a type that does not keep its search query resets the model (keeping the name) on its route', () => {
    const listed = [E.UrlRestored({ type: 'packages', model: searchModelFromQuery('q=react&pkg=npm') })]
    on('/builds', 'q=other&pkg=docker', listed).then(restored('builds', 'react'))
  })

  it('a route of a type the viewer may not use leaves the type as it is', () => {
    // Security & compliance needs Xray and admin (or project admin, or tour).
    on('/scans', '', [platformWith(['artifactory'], 'Enterprise+')]).rejected(/already in step/)
    on('/scans', '', xrayAdmin).then(restored('securityCompliance'))
  })

  it('selecting a project moves the bar off a type that has no project context', () => {
    const onScans = [...xrayAdmin, E.UrlRestored({ type: 'securityCompliance', model: DEFAULT_SEARCH_MODEL })]
    on('/scans', '', onScans).rejected(/already in step/)
    const inProject = [...onScans, ProjectSelected({ user: 'admin', key: 'proj1' })]
    on('/scans', '', inProject).then(restored('packages'))
    on('/home', '', inProject).then(restored('packages'))
  })
})

describe('parameters a search carries over from its page', () => {
  const on = (path: string, query: string) =>
    Navigated({ location: { path, query }, routeName: 'packages', mode: 'push' } as Parameters<
      typeof Navigated
    >[0])
  /** A search for react that opened `path` (the model's query and the parameters carried). */
  const reactRanTo = (path: string) =>
    ran({ text: 'react', model: { name: 'react' }, query: 'q=react', path })

  it('on the same list, parameters the model does not own stay (release versions only, contact us)', () => {
    // The model's own keys (q, pkg) come from the model; the old URL's are not carried.
    search
      .given(on('/packages', '?q=old&pkg=npm&rel=1&contactUsContext=trial'), E.TextChanged({ text: 'react' }))
      .when({ type: 'search/Run' })
      .then(reactRanTo('/packages?q=react&rel=1&contactUsContext=trial'))
  })

  it('from another page, only the contact-us context comes along', () => {
    search
      .given(
        on('/distribution/source', '?rel=1&contactUsContext=trial&tab=x'),
        E.TextChanged({ text: 'react' }),
      )
      .when({ type: 'search/Run' })
      .then(reactRanTo('/packages?q=react&contactUsContext=trial'))
  })

  it('re-running a recent search carries no page parameter of the page it runs on', () => {
    const model = { ...DEFAULT_SEARCH_MODEL, name: 'lodash' }
    search
      .given(
        on('/packages', '?q=old&rel=1&contactUsContext=trial'),
        E.RecentLoaded({
          owner: 'anonymous',
          items: [{ id: 'r1', type: 'packages', queryString: 'q=lodash', searchModel: model }],
        }),
      )
      .when({ type: 'search/SelectRecent', id: 'r1' })
      .then(
        ran({
          text: 'lodash',
          model,
          query: 'q=lodash',
          path: '/packages?q=lodash&contactUsContext=trial',
        }),
      )
  })

  it('carriedQuery never carries a key the model owns', () => {
    expect(carriedQuery({ path: '/packages', query: '?q=a&pkg=npm&sev=high&rel=1' }, '/packages')).toBe(
      'rel=1',
    )
    expect(carriedQuery({ path: '/packages/', query: '' }, '/packages')).toBe('')
  })
})

describe('the legacy package search mapping', () => {
  it('lowercases the name, adds the trailing wildcard, maps severities and sort', () => {
    const q = packageQueryOf(
      {
        ...DEFAULT_SEARCH_MODEL,
        name: 'React',
        description: 'ui',
        severities: ['high', 'bogus'],
        sortType: 'desc',
      },
      { releaseOnly: true },
    )
    expect(q).toMatchObject({
      name: 'react*',
      description: '*ui*',
      severities: ['HIGH'],
      releaseOnly: true,
      sort: { field: 'NAME', direction: 'DESC' },
    })
  })
  it('no search at all is a count-only list', () => {
    expect(packageQueryOf(DEFAULT_SEARCH_MODEL, { releaseOnly: false })).toBeNull()
  })
  it('All means every type', () => {
    expect(
      packageQueryOf({ ...DEFAULT_SEARCH_MODEL, packageTypes: ['all'] }, { releaseOnly: false })
        ?.packageTypes,
    ).toEqual([])
  })
})

describe('search effects', () => {
  it('debounces typing into one suggestion request, cancelling none needlessly', async () => {
    const api = fakePackagesApi({
      packages: [makePackage('react'), makePackage('react-dom'), makePackage('vue')],
    })
    const ports = fakePorts({ packagesApi: api })
    const app = createApp({ ports })
    for (const text of ['r', 're', 'rea', 'reac', 'react']) app.dispatch({ type: 'search/ChangeText', text })
    expect(api.catalogue.calls.filter((c) => c.name === 'searchPackages')).toHaveLength(0)
    ports.advance(300)
    await flush(1)
    const calls = api.catalogue.calls.filter((c) => c.name === 'searchPackages')
    expect(calls).toHaveLength(1)
    expect((calls[0]?.args[0] as { name: string }).name).toBe('react*')
    expect(currentSuggestions(app.getState().search.suggestions).items.map((i) => i.name)).toEqual([
      'react',
      'react-dom',
    ])
  })

  it('a newer suggestion request aborts the older one', async () => {
    const api = fakePackagesApi({ packages: [makePackage('react')] })
    let open!: () => void
    api.catalogue.gate = new Promise<void>((r) => (open = r))
    const ports = fakePorts({ packagesApi: api })
    const app = createApp({ ports })
    app.dispatch({ type: 'search/ChangeText', text: 'rea' })
    ports.advance(300)
    app.dispatch({ type: 'search/ChangeText', text: 'react' })
    ports.advance(300)
    const signals = api.catalogue.calls.map((c) => c.args[2] as AbortSignal)
    expect(signals.map((s) => s.aborted)).toEqual([true, false])
    open()
    await flush(1)
    expect(app.getState().search).toMatchObject({ text: 'react', suggestions: { status: 'loaded' } })
  })

  it('keeps recent searches per user in local storage and loads them back', () => {
    const ports = fakePorts()
    const app = createApp({ ports })
    app.dispatch({ type: 'search/ChangeText', text: 'react' })
    app.dispatch({ type: 'search/Run' })
    const stored = JSON.parse(ports.localStore.get(RECENT_SEARCHES_KEY) ?? '{}') as Record<string, unknown[]>
    expect(Object.keys(stored)).toEqual(['anonymous'])
    expect(stored.anonymous).toHaveLength(1)
    const again = createApp({ ports })
    // Nothing is read before the search bar is used (the login page has none)…
    expect(again.getState().search.recentOwner).toBeNull()
    // …and its first sync with the URL loads them, even when it is rejected as already in step.
    again.dispatch({ type: 'search/SyncWithUrl', path: '/packages', query: '' })
    expect(again.getState().search.recentOwner).toBe('anonymous')
    expect(again.getState().search.recent.map((r) => r.queryString)).toEqual(['q=react'])
  })

  it("writes the list the search names, keeping other users' lists", () => {
    const ports = fakePorts()
    const theirs = [{ id: 'd1', type: 'packages', queryString: 'q=vue', searchModel: DEFAULT_SEARCH_MODEL }]
    ports.localStore.set(RECENT_SEARCHES_KEY, JSON.stringify({ developer: theirs }))
    const app = createApp({ ports })
    app.dispatch({ type: 'search/ChangeText', text: 'react' })
    app.dispatch({ type: 'search/Run' })
    app.dispatch({ type: 'search/ChangeText', text: 'lodash' })
    app.dispatch({ type: 'search/Run' })
    const stored = JSON.parse(ports.localStore.get(RECENT_SEARCHES_KEY) ?? '{}') as Record<string, unknown[]>
    expect(stored).toEqual({ developer: theirs, anonymous: app.getState().search.recent })
    expect(app.getState().search.recent.map((r) => r.queryString)).toEqual(['q=lodash', 'q=react'])
  })

  it('ignores corrupt storage', () => {
    const ports = fakePorts()
    ports.localStore.set(RECENT_SEARCHES_KEY, '{"anonymous":[{"id":1}],"x":')
    const app = createApp({ ports })
    app.dispatch({ type: 'search/SyncWithUrl', path: '/packages', query: '' })
    expect(app.getState().search.recentOwner).toBe('anonymous')
    expect(app.getState().search.recent).toEqual([])
  })
})

describe('asking for suggestions once typing pauses', () => {
  it("asks for the package name the bar's text holds, lower-cased", () => {
    search
      .given(E.TextChanged({ text: 'React type:npm' }))
      .when({ type: 'search/AskSuggestions', text: 'React type:npm' })
      .then(E.SuggestionsAsked({ text: 'React type:npm', name: 'react' }))
  })

  it('asks nothing for a text typed over, a text of filters only, or another search type', () => {
    search
      .given(E.TextChanged({ text: 'reac' }))
      .when({ type: 'search/AskSuggestions', text: 'rea' })
      .then()
    search
      .given(E.TextChanged({ text: 'type:npm' }))
      .when({ type: 'search/AskSuggestions', text: 'type:npm' })
      .then()
    search
      .given(
        E.TypeChanged({
          type: 'artifacts',
          model: { ...DEFAULT_SEARCH_MODEL, name: 'react' },
          text: 'react',
        }),
      )
      .when({ type: 'search/AskSuggestions', text: 'react' })
      .then()
  })
})

describe('the suggestions (the shared Loadable, a request named by its text)', () => {
  const item = { id: 'npm://react', name: 'react', packageType: 'npm', latestVersion: '18.2.0' }
  const failure = { kind: 'network', message: 'down' } as const
  const suggestionsOf = (...events: AppEvent[]) => foldEvents(events).search.suggestions

  it('ask for the text typed, and keep those shown while the text goes on changing', () => {
    expect(suggestionsOf(E.TextChanged({ text: 're' }))).toEqual({ status: 'loading', requestId: 're' })
    const answered = [E.TextChanged({ text: 're' }), E.SuggestionsLoaded({ text: 're', items: [item] })]
    expect(suggestionsOf(...answered)).toEqual({ status: 'loaded', data: [item] })
    const typing = [...answered, E.TextChanged({ text: 'rea' }), E.TextChanged({ text: 'reac' })]
    expect(suggestionsOf(...typing)).toEqual({ status: 'loading', requestId: 'reac', previous: [item] })
    expect(suggestionsOf(...typing, E.TextChanged({ text: ' ' }))).toEqual({ status: 'idle' })
  })

  it('count only the answer for the text as it is now', () => {
    const typing = [E.TextChanged({ text: 're' }), E.TextChanged({ text: 'rea' })]
    expect(suggestionsOf(...typing, E.SuggestionsLoaded({ text: 're', items: [item] }))).toEqual(
      suggestionsOf(...typing),
    )
    expect(suggestionsOf(...typing, E.SuggestionsFailed({ text: 're', failure }))).toEqual(
      suggestionsOf(...typing),
    )
    expect(suggestionsOf(...typing, E.SuggestionsFailed({ text: 'rea', failure }))).toEqual({
      status: 'failed',
      failure,
    })
  })
})
