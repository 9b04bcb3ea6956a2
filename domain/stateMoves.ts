/**
 * Moves of state from one area to another, newest last. A log written before a move has its
 * trailer's hash taken over the state as it was then, and a bounded log's snapshot holds that
 * state: `before` gives the current state in the earlier shape (replay compares the trailer's
 * hash with it too), `after` lifts an earlier snapshot into today's (a no-op on a current one).
 * Events that moved keep replaying through their `formerly` type strings (domain/shared/events.ts).
 */
import type { AppState } from './app'
import { hiddenSetMeUp, type SetMeUpPanel } from './setMeUp/types'
import { closedQuickSetup, type QuickSetupState } from './quickSetup/types'
import { initialPreferencesState, type PreferencesState } from './preferences/types'
import { navigationTypeOf } from './preferences/rules'
import { repositoryProblemText } from './repositories/words'
import type { RepositoryMessage } from './repositories/messages'
import type {
  DetailsState,
  DownloadMessage,
  HoldingVersions,
  ListPages,
  ListState,
  PackageDetails,
  PackageQuery,
  PackageTab,
} from './packages/types'
import type { Failure } from './shared/failure'
import type { ChecksumLookup, ReleaseBundle } from './releaseBundles/types'

type Root = Record<string, unknown>

export interface StateMove {
  readonly name: string
  readonly before: (state: Root) => Root
  readonly after: (state: Root) => Root
}

type Slice = Record<string, unknown>
// A key of an earlier shape too (`onboarding`, an area no longer in AppState).
const slice = (state: Root, key: keyof AppState | 'onboarding'): Slice => (state[key] ?? {}) as Slice

/** The onboarding slice while quick setup and set-me-up were parts of it. */
type EarlierOnboarding = {
  readonly personalization?: unknown
  readonly quickSetup?: QuickSetupState
  readonly clientFlow?: unknown
  readonly setMeUp?: SetMeUpPanel
  readonly clientBaseUrl?: string
  readonly clientReverseProxies?: unknown
  readonly clientBaseUrlFailure?: Failure
}

const SET_UP_KEYS = ['clientBaseUrl', 'clientBaseUrlFailure'] as const

/** Quick setup and set-me-up went from the navigation area to the onboarding area. */
const setUpToOnboarding: StateMove = {
  name: 'quick setup and set-me-up: navigation -> onboarding',
  before(state) {
    // Quick setup is in the onboarding area here (the later move put it back: STATE_MOVES).
    const onboarding = slice(state, 'onboarding') as EarlierOnboarding
    const { quickSetup, setMeUp, clientBaseUrl, clientBaseUrlFailure, ...rest } = onboarding
    const q = quickSetup ?? closedQuickSetup
    return {
      ...state,
      navigation: {
        ...slice(state, 'navigation'),
        quickSetupVisible: q.visible,
        setMeUp: setMeUp ?? hiddenSetMeUp,
        singlePackageSelection: q.singlePackageSelection,
        predefinedPackageType: q.predefinedPackageType,
        clientBaseUrl,
        // Earlier builds kept only the failure's message.
        clientBaseUrlFailure: clientBaseUrlFailure?.message,
      },
      onboarding: rest,
    }
  },
  after(state) {
    const navigation = slice(state, 'navigation')
    if (!('setMeUp' in navigation) && !('quickSetupVisible' in navigation)) return state
    const { quickSetupVisible, setMeUp, singlePackageSelection, predefinedPackageType, ...rest } = navigation
    const moved: Slice = {}
    for (const key of SET_UP_KEYS) {
      if (rest[key] !== undefined) moved[key] = rest[key]
      delete rest[key]
    }
    // An earlier build kept the failure's message alone: the kind and status are not known.
    if (typeof moved.clientBaseUrlFailure === 'string')
      moved.clientBaseUrlFailure = { kind: 'status', message: moved.clientBaseUrlFailure }
    const quickSetup = {
      visible: quickSetupVisible === true,
      singlePackageSelection: singlePackageSelection === true,
      ...(typeof predefinedPackageType === 'string' ? { predefinedPackageType } : {}),
    }
    const open =
      quickSetup.visible || quickSetup.singlePackageSelection || 'predefinedPackageType' in quickSetup
    const shown = (setMeUp as { visible?: unknown } | undefined)?.visible === true
    return {
      ...state,
      navigation: rest,
      onboarding: {
        ...slice(state, 'onboarding'),
        ...moved,
        ...(open ? { quickSetup } : {}),
        ...(shown ? { setMeUp } : {}),
      },
    }
  },
}

/** The tour went from the navigation area to its own: the tour area's field ← navigation's. */
const TOUR_FIELDS = { running: 'tour', completed: 'tourCompleted', guideContext: 'guideContext' } as const

const tourToOwnArea: StateMove = {
  name: 'tour: navigation -> tour',
  before(state) {
    const { tour, ...rest } = state
    const navigation = { ...slice(state, 'navigation') }
    for (const [field, former] of Object.entries(TOUR_FIELDS))
      navigation[former] = (tour as Slice | undefined)?.[field]
    return { ...rest, navigation }
  },
  after(state) {
    const navigation = { ...slice(state, 'navigation') }
    if (!Object.values(TOUR_FIELDS).some((former) => former in navigation)) return state
    const tour: Slice = { ...slice(state, 'tour') }
    for (const [field, former] of Object.entries(TOUR_FIELDS)) {
      if (navigation[former] !== undefined) tour[field] = navigation[former]
      delete navigation[former]
    }
    return { ...state, navigation, tour }
  },
}

/**
 * The navigation type went to the preferences area: the platform's start-up value and
 * the navigation area's type in use were two copies; the area keeps what the platform said and
 * what the user chose since, and the type in use is derived (`navigationTypeOf`).
 */
const navigationTypeToPreferences: StateMove = {
  name: 'navigation type: platform and navigation -> preferences',
  before(state) {
    const { preferences, ...rest } = state
    const prefs = (preferences ?? initialPreferencesState) as PreferencesState
    return {
      ...rest,
      platform: { ...slice(state, 'platform'), navigationType: prefs.savedNavigationType },
      navigation: { ...slice(state, 'navigation'), navigationType: navigationTypeOf(prefs) },
    }
  },
  after(state) {
    const { navigationType: inUse, ...navigation } = slice(state, 'navigation')
    if (inUse === undefined) return state
    const { navigationType: saved, ...platform } = slice(state, 'platform')
    const prefs: PreferencesState = { savedNavigationType: typeof saved === 'string' ? saved : null }
    const chosen = inUse === 'classic' ? 'classic' : 'new'
    return {
      ...state,
      platform,
      navigation,
      preferences: chosen === navigationTypeOf(prefs) ? prefs : { ...prefs, chosenNavigationType: chosen },
    }
  },
}

/** The state with one state of an area changed (`change` gives undefined to leave it as it is). */
function withState(
  state: Root,
  area: keyof AppState,
  key: string,
  change: (value: Slice, area: Slice) => Slice | undefined,
): Root {
  const of = slice(state, area)
  const value = of[key] as Slice | undefined
  const changed = value && change(value, of)
  return changed ? { ...state, [area]: { ...of, [key]: changed } } : state
}

/** The state with a state of the packages area changed (`change` gives undefined to leave it as it is). */
const withPackages = (
  state: Root,
  key: 'list' | 'details' | 'version',
  change: (value: Slice) => Slice | undefined,
) => withState(state, 'packages', key, change)

/** The packages list's row count is derived from its pages: it was stored beside them. */
const listRowCountDerived: StateMove = {
  name: 'packages list: rowCount derived',
  before: (state) =>
    withPackages(state, 'list', (list) => {
      // listRows' sum, here so the log does not load the packages rules.
      const pages = Array.isArray(list.pages) ? (list.pages as unknown[][]) : []
      return { ...list, rowCount: pages.reduce((n, page) => n + page.length, 0) }
    }),
  after: (state) =>
    withPackages(state, 'list', (list) => {
      if (!('rowCount' in list)) return undefined
      const { rowCount: _derived, ...rest } = list
      return rest
    }),
}

/**
 * The repository form's problems are message keys: an earlier build kept each as its
 * words, which the keys' words are (a problem it recorded as prose is `recorded` text now).
 */
const repositoryProblemsAsKeys: StateMove = {
  name: 'repositories problems: words -> message keys',
  before(state) {
    const repositories = slice(state, 'repositories')
    const problems = repositories.problems as Record<string, RepositoryMessage> | undefined
    if (!problems) return state
    const words = Object.fromEntries(
      Object.entries(problems).map(([field, problem]) => [field, repositoryProblemText(problem)]),
    )
    return { ...state, repositories: { ...repositories, problems: words } }
  },
  after(state) {
    const repositories = slice(state, 'repositories')
    const problems = repositories.problems as Record<string, unknown> | undefined
    if (!problems || !Object.values(problems).some((p) => typeof p === 'string')) return state
    const keys = Object.fromEntries(
      Object.entries(problems).map(([field, p]) => [
        field,
        typeof p === 'string' ? { key: 'recorded', text: p } : p,
      ]),
    )
    return { ...state, repositories: { ...repositories, problems: keys } }
  },
}

/** The packages list as earlier builds kept it: a status beside flags, nullable fields and -1. */
const FLAT_LIST = {
  query: null,
  requestId: null,
  pages: [],
  endCursor: null,
  hasNextPage: false,
  loadingMore: false,
  totalCount: -1,
  failure: null,
}

function flatList(list: ListState): Slice {
  switch (list.status) {
    case 'idle':
      return { ...FLAT_LIST, status: 'idle', requestId: list.requestId ?? null }
    case 'loading':
      return { ...FLAT_LIST, status: 'loading', query: list.query, requestId: list.requestId }
    case 'loaded': {
      const { more, ...pages } = list.data
      return {
        ...pages,
        status: 'loaded',
        query: list.query,
        requestId: list.requestId,
        loadingMore: more.status === 'loading',
        failure: more.status === 'failed' ? more.failure : null,
      }
    }
    case 'failed':
      return {
        ...FLAT_LIST,
        status: 'failed',
        query: list.query,
        requestId: list.requestId,
        failure: list.failure,
      }
  }
}

function listOfFlat(flat: Slice): ListState {
  const query = flat.query as PackageQuery | null
  const requestId = typeof flat.requestId === 'string' ? flat.requestId : null
  const failure = flat.failure as Failure | null
  if (flat.status === 'failed')
    return { status: 'failed', query, requestId: requestId ?? '', failure: failure ?? UNKNOWN_FAILURE }
  if (query === null || requestId === null || (flat.status !== 'loading' && flat.status !== 'loaded'))
    return requestId === null ? { status: 'idle' } : { status: 'idle', requestId }
  if (flat.status === 'loading') return { status: 'loading', query, requestId }
  const more: ListPages['more'] =
    flat.loadingMore === true
      ? { status: 'loading' }
      : failure !== null
        ? { status: 'failed', failure }
        : { status: 'idle' }
  const { pages, endCursor, hasNextPage, totalCount } = flat as unknown as ListPages
  return { status: 'loaded', query, requestId, data: { pages, endCursor, hasNextPage, totalCount, more } }
}

// A failed list of an earlier snapshot always had its failure; this stands in for one that did not.
const UNKNOWN_FAILURE: Failure = { kind: 'network', message: 'unknown failure' }

/**
 * The packages list is a tagged union: earlier builds kept a status beside flags
 * (`loadingMore`), nullable fields (`failure`, `query`) and `totalCount: -1` for unknown.
 */
const listAsUnion: StateMove = {
  name: 'packages list: flags -> tagged union',
  before: (state) => withPackages(state, 'list', (list) => flatList(list as unknown as ListState)),
  after: (state) =>
    withPackages(state, 'list', (list) =>
      'loadingMore' in list ? (listOfFlat(list) as unknown as Slice) : undefined,
    ),
}

/**
 * The release bundles' checksum lookup is a tagged union: earlier builds kept a
 * status beside a nullable request, the bundles and a nullable failure.
 */
const lookupAsUnion: StateMove = {
  name: 'releaseBundles lookup: flags -> tagged union',
  before(state) {
    const area = slice(state, 'releaseBundles')
    const lookup = area.lookup as ChecksumLookup | undefined
    if (!lookup) return state
    const asked = lookup.status === 'idle' ? { checksum: '', requestId: null } : lookup
    const flat = {
      status: lookup.status,
      checksum: asked.checksum,
      requestId: asked.requestId ?? null,
      bundles: lookup.status === 'loaded' ? lookup.data : [],
      failure: lookup.status === 'failed' ? lookup.failure : null,
    }
    return { ...state, releaseBundles: { ...area, lookup: flat } }
  },
  after(state) {
    const area = slice(state, 'releaseBundles')
    const flat = area.lookup as Slice | undefined
    if (!flat || !('bundles' in flat)) return state
    const checksum = String(flat.checksum ?? '')
    const requestId = typeof flat.requestId === 'string' ? flat.requestId : null
    const failure = flat.failure as Failure | null
    let lookup: ChecksumLookup = { status: 'idle' }
    if (flat.status === 'invalid')
      lookup =
        requestId === null ? { status: 'invalid', checksum } : { status: 'invalid', checksum, requestId }
    else if (requestId !== null && flat.status === 'loading')
      lookup = { status: 'loading', checksum, requestId }
    else if (requestId !== null && flat.status === 'loaded')
      lookup = { status: 'loaded', checksum, requestId, data: flat.bundles as ReadonlyArray<ReleaseBundle> }
    else if (requestId !== null && flat.status === 'failed')
      lookup = { status: 'failed', checksum, requestId, failure: failure ?? UNKNOWN_FAILURE }
    return { ...state, releaseBundles: { ...area, lookup } }
  },
}

/** The open package as earlier builds kept it: a status beside nullable fields. */
const FLAT_DETAILS = {
  requestId: null,
  packageId: null,
  pkg: null,
  versions: [],
  versionsHasNextPage: false,
  versionsEndCursor: null,
  versionsMoreRequestId: null,
  versionsFailure: null,
  failure: null,
}

function flatDetails(details: DetailsState): Slice {
  const { tab } = details
  switch (details.status) {
    case 'idle':
      return { ...FLAT_DETAILS, status: 'idle', tab }
    case 'loading':
      return {
        ...FLAT_DETAILS,
        status: 'loading',
        tab,
        requestId: details.requestId,
        packageId: details.packageId,
      }
    case 'failed': {
      const { requestId, packageId, failure } = details
      return { ...FLAT_DETAILS, status: 'failed', tab, requestId, packageId, failure }
    }
    case 'loaded': {
      const { pkg, versions, hasNextPage, endCursor, more, holding } = details.data
      return {
        ...FLAT_DETAILS,
        status: 'loaded',
        tab,
        requestId: details.requestId,
        packageId: details.packageId,
        pkg,
        versions,
        versionsHasNextPage: hasNextPage,
        versionsEndCursor: endCursor,
        versionsMoreRequestId: more.status === 'loading' ? more.requestId : null,
        versionsFailure: more.status === 'failed' ? more.failure : null,
        ...(holding ? { holding } : {}),
      }
    }
  }
}

function detailsOfFlat(flat: Slice): DetailsState {
  const tab = (flat.tab ?? null) as PackageTab | null
  const requestId = typeof flat.requestId === 'string' ? flat.requestId : null
  const packageId = typeof flat.packageId === 'string' ? flat.packageId : null
  if (requestId === null || packageId === null) return { status: 'idle', tab }
  const asked = { tab, requestId, packageId }
  const failure = flat.failure as Failure | null
  if (flat.status === 'failed') return { ...asked, status: 'failed', failure: failure ?? UNKNOWN_FAILURE }
  if (flat.status !== 'loaded' || flat.pkg === null) return { ...asked, status: 'loading' }
  const moreId = flat.versionsMoreRequestId
  const moreFailure = flat.versionsFailure as Failure | null
  const data: PackageDetails = {
    pkg: flat.pkg as PackageDetails['pkg'],
    versions: flat.versions as PackageDetails['versions'],
    hasNextPage: flat.versionsHasNextPage === true,
    endCursor: (flat.versionsEndCursor ?? null) as string | null,
    more:
      typeof moreId === 'string'
        ? { status: 'loading', requestId: moreId }
        : moreFailure
          ? { status: 'failed', failure: moreFailure }
          : { status: 'idle' },
    ...(flat.holding ? { holding: flat.holding as HoldingVersions } : {}),
  }
  return { ...asked, status: 'loaded', data }
}

/**
 * The open package is a tagged union: earlier builds kept a status beside nullable
 * fields (`pkg`, `requestId`, `failure`, the further page's request and failure).
 */
const detailsAsUnion: StateMove = {
  name: 'packages details: flags -> tagged union',
  before: (state) => withPackages(state, 'details', (now) => flatDetails(now as unknown as DetailsState)),
  after: (state) =>
    withPackages(state, 'details', (flat) =>
      'versionsMoreRequestId' in flat ? (detailsOfFlat(flat) as unknown as Slice) : undefined,
    ),
}

/** The package count is null while unknown: earlier builds kept -1 for it. */
const packageCountUnknownAsNull: StateMove = {
  name: 'packages count: -1 -> null',
  before(state) {
    const packages = slice(state, 'packages')
    return packages.packageCount === null ? { ...state, packages: { ...packages, packageCount: -1 } } : state
  },
  after(state) {
    const packages = slice(state, 'packages')
    const count = packages.packageCount
    return typeof count === 'number' && count < 0
      ? { ...state, packages: { ...packages, packageCount: null } }
      : state
  },
}

/**
 * The open version is a tagged union: earlier builds kept a status beside nullable
 * fields (`requestId`, `versionId`, `version`, `failure`); its panels, tab and download stay.
 */
const versionAsUnion: StateMove = {
  name: 'packages version: flags -> tagged union',
  before: (state) =>
    withPackages(state, 'version', (now) => {
      const { status, data, failure, ...rest } = now as Slice & Partial<Record<'data' | 'failure', unknown>>
      const asked = status === 'idle' ? {} : rest
      return {
        ...rest,
        status,
        requestId: asked.requestId ?? null,
        versionId: asked.versionId ?? null,
        version: data ?? null,
        failure: failure ?? null,
      }
    }),
  after: (state) =>
    withPackages(state, 'version', (flat) => ('version' in flat ? versionOfFlat(flat) : undefined)),
}

function versionOfFlat(flat: Slice): Slice {
  const { status, requestId, versionId, version: data, failure, ...panels } = flat
  const asked =
    typeof requestId === 'string' && typeof versionId === 'string' ? { requestId, versionId } : null
  const now = (
    asked === null
      ? { status: 'idle' }
      : status === 'failed'
        ? { ...asked, status, failure: failure ?? UNKNOWN_FAILURE }
        : status === 'loaded' && data
          ? { ...asked, status, data }
          : { ...asked, status: 'loading' }
  ) as Slice
  return { ...panels, ...now }
}

const INTEGRATIONS_LOADS = ['catalogue', 'vendorList', 'repos'] as const

/** The integrations area's loads with a loaded one's field renamed (`from` -> `to`). */
function renamingLoaded(state: Root, from: string, to: string): Root {
  const area = slice(state, 'integrations')
  const renamed: Slice = {}
  for (const key of INTEGRATIONS_LOADS) {
    const load = area[key] as Slice | undefined
    if (load?.status !== 'loaded' || !(from in load)) continue
    const { [from]: value, ...rest } = load
    renamed[key] = { ...rest, [to]: value }
  }
  return Object.keys(renamed).length === 0 ? state : { ...state, integrations: { ...area, ...renamed } }
}

/**
 * The integrations area's loads are the shared Loadable: a loaded one's data is
 * `data`, where earlier builds named it `value`.
 */
const integrationsLoadsShared: StateMove = {
  name: 'integrations loads: value -> data',
  before: (state) => renamingLoaded(state, 'data', 'value'),
  after: (state) => renamingLoaded(state, 'value', 'data'),
}

/**
 * The support bundles list is the shared Loadable: earlier builds kept a status beside
 * the rows (kept while reloading or failed) and the last failure (`failure`, kept while a retry
 * loaded). A retry after a failure, while it loads, no longer holds that failure: a log whose
 * trailer was taken then does not replay to it (no kept log holds one: they never open the list).
 */
const bundleListAsLoadable: StateMove = {
  name: 'support bundles list: flags -> Loadable',
  before: (state) =>
    withState(state, 'supportBundles', 'list', (list) => {
      if ('bundles' in list) return undefined
      const { status, requestId = '', data, previous, failure = null } = list
      return { status, requestId, bundles: data ?? previous ?? [], failure }
    }),
  after: (state) =>
    withState(state, 'supportBundles', 'list', (list) => {
      if (!('bundles' in list)) return undefined
      const { status, requestId, bundles, failure } = list as Slice & { bundles: ReadonlyArray<unknown> }
      const previous = bundles.length > 0 ? { previous: bundles } : {}
      if (status === 'loaded') return { status, requestId, data: bundles }
      if (status === 'loading') return { status, requestId, ...previous }
      if (status === 'failed') return { status, requestId, failure: failure ?? UNKNOWN_FAILURE, ...previous }
      return { status: 'idle' }
    }),
}

/**
 * The search bar's suggestions are the shared Loadable, a request named by its text:
 * earlier builds kept a status beside the text asked (the bar's own text once asked), the items
 * (kept while new text loaded) and the last failure (kept likewise). Text asked after a failure
 * no longer holds that failure while it loads: a log whose trailer was taken then does not
 * replay to it (the kept logs type no text that is answered).
 */
const suggestionsAsLoadable: StateMove = {
  name: 'search suggestions: flags -> Loadable',
  before: (state) =>
    withState(state, 'search', 'suggestions', (now, search) => {
      if ('items' in now) return undefined
      const { status, requestId, data, previous, failure = null } = now
      const text = status === 'idle' ? '' : status === 'loading' ? requestId : search.text
      return { status, text, items: data ?? previous ?? [], failure }
    }),
  after: (state) =>
    withState(state, 'search', 'suggestions', (flat) => {
      if (!('items' in flat)) return undefined
      const { status, text, items, failure } = flat as Slice & { items: ReadonlyArray<unknown> }
      if (status === 'loaded') return { status, data: items }
      if (status === 'failed') return { status, failure: failure ?? UNKNOWN_FAILURE }
      if (status === 'loading')
        return { status, requestId: text, ...(items.length > 0 ? { previous: items } : {}) }
      return { status: 'idle' }
    }),
}

/** The packages page's landing (newest and most downloaded packages) came after the rest of the area. */
const packagesLandingAdded: StateMove = {
  name: 'packages landing added',
  before(state) {
    const packages = slice(state, 'packages')
    if (!('landing' in packages)) return state
    const { landing: _added, ...rest } = packages
    return { ...state, packages: rest }
  },
  after(state) {
    const packages = slice(state, 'packages')
    if (!('list' in packages) || 'landing' in packages) return state
    return { ...state, packages: { ...packages, landing: { status: 'idle' } } }
  },
}

/** The artifact search's results (the artifacts page) came after the rest of the search area. */
const artifactSearchAdded: StateMove = {
  name: 'artifact search results added',
  before(state) {
    const search = slice(state, 'search')
    if (!('artifactHits' in search)) return state
    const { artifactHits: _hits, artifactSearchAsked: _asked, ...rest } = search
    return { ...state, search: rest }
  },
  after(state) {
    const search = slice(state, 'search')
    if (!('suggestions' in search) || 'artifactHits' in search) return state
    return { ...state, search: { ...search, artifactSearchAsked: null, artifactHits: { status: 'idle' } } }
  },
}

/** The education center went from the onboarding area (a part of it) to an area of its own. */
const educationToOwnArea: StateMove = {
  name: 'education center: onboarding -> education',
  before(state) {
    const { education, ...rest } = state
    const center = (education as Slice | undefined)?.center
    if (center === undefined) return rest
    return { ...rest, onboarding: { ...slice(state, 'onboarding'), educationCenter: center } }
  },
  after(state) {
    const onboarding = slice(state, 'onboarding')
    // A state of an earlier build has no education area: it gets the area's initial slice.
    if (!('educationCenter' in onboarding)) return 'education' in state ? state : { ...state, education: {} }
    const { educationCenter, ...rest } = onboarding
    return {
      ...state,
      onboarding: rest,
      education: {
        ...slice(state, 'education'),
        ...(educationCenter === undefined ? {} : { center: educationCenter }),
      },
    }
  },
}

/**
 * Quick setup (the wizard and the client flow it relaunches) went from the onboarding area, where
 * it was a part, to an area of its own: `onboarding.quickSetup` is `quickSetup.wizard` now.
 */
const quickSetupToOwnArea: StateMove = {
  name: 'the quick setup area: onboarding -> quickSetup',
  before(state) {
    const { quickSetup, ...rest } = state
    const { wizard, clientFlow } = (quickSetup ?? {}) as Slice
    if (wizard === undefined && clientFlow === undefined) return rest
    return {
      ...rest,
      onboarding: {
        ...slice(state, 'onboarding'),
        ...(wizard === undefined ? {} : { quickSetup: wizard }),
        ...(clientFlow === undefined ? {} : { clientFlow }),
      },
    }
  },
  after(state) {
    const onboarding = slice(state, 'onboarding')
    // A state of an earlier build has no quick setup area: it gets the area's initial slice.
    if (!('quickSetup' in onboarding) && !('clientFlow' in onboarding))
      return 'quickSetup' in state ? state : { ...state, quickSetup: {} }
    const { quickSetup, clientFlow, ...rest } = onboarding as EarlierOnboarding
    return {
      ...state,
      onboarding: rest,
      quickSetup: {
        ...slice(state, 'quickSetup'),
        ...(quickSetup === undefined ? {} : { wizard: quickSetup }),
        ...(clientFlow === undefined ? {} : { clientFlow }),
      },
    }
  },
}

/** The open version's download message, and the version with another in its place. */
function downloadMessageIn(state: Root): { message: unknown; put: (message: unknown) => Root } | null {
  const packages = slice(state, 'packages')
  const version = packages.version as Slice | undefined
  const download = version?.download as Slice | undefined
  if (!version || !download || !('message' in download)) return null
  return {
    message: download.message,
    put: (message) => ({
      ...state,
      packages: { ...packages, version: { ...version, download: { ...download, message } } },
    }),
  }
}

/** What an earlier build said of a failed download: a 403 or a 404 in words, nothing of the rest. */
function earlierDownloadWords(message: DownloadMessage): string | null {
  switch (message.key) {
    case 'downloadBlocked':
    case 'downloadForbidden':
      return `You do not have permission to download ${message.file}`
    case 'downloadNotFound':
      return `${message.file} was not found`
    case 'downloadFailed':
      return null
    case 'recorded':
      return message.text
  }
}

/**
 * A failed download's message is a key with its data (a version a watch's policy blocks says
 * so): an earlier build kept the words of a 403 or a 404 only, which it recorded as prose.
 */
const downloadMessageAsKey: StateMove = {
  name: 'packages download: words -> message keys',
  before(state) {
    const found = downloadMessageIn(state)
    if (!found || found.message === null || typeof found.message !== 'object') return state
    return found.put(earlierDownloadWords(found.message as DownloadMessage))
  },
  after(state) {
    const found = downloadMessageIn(state)
    if (!found || typeof found.message !== 'string') return state
    return found.put({ key: 'recorded', text: found.message })
  },
}

/**
 * A part of the onboarding area went to an area of its own (`key`): each of its `fields`, by its
 * name in the new area, was the onboarding field it names. A state of an earlier build has no
 * such area, and gets the area's initial slice.
 */
const partToOwnArea = (
  name: string,
  key: keyof AppState,
  fields: Readonly<Record<string, string>>,
): StateMove => ({
  name,
  before(state) {
    const { [key]: part, ...rest } = state
    const moved = (part ?? {}) as Slice
    const onboarding = { ...slice(state, 'onboarding') }
    for (const [field, former] of Object.entries(fields))
      if (moved[field] !== undefined) onboarding[former] = moved[field]
    return Object.keys(moved).length === 0 ? rest : { ...rest, onboarding }
  },
  after(state) {
    const onboarding = { ...slice(state, 'onboarding') }
    if (!Object.values(fields).some((former) => former in onboarding))
      return key in state ? state : { ...state, [key]: {} }
    const lifted: Slice = { ...slice(state, key) }
    for (const [field, former] of Object.entries(fields)) {
      if (onboarding[former] !== undefined) lifted[field] = onboarding[former]
      delete onboarding[former]
    }
    return { ...state, onboarding, [key]: lifted }
  },
})

/**
 * Set-me-up (its panel and the address clients are set up with) went from the onboarding area,
 * where it was a part, to an area of its own: `onboarding.setMeUp` is `setMeUp.panel` now.
 */
const setMeUpToOwnArea = partToOwnArea('the set-me-up area: onboarding -> setMeUp', 'setMeUp', {
  panel: 'setMeUp',
  clientBaseUrl: 'clientBaseUrl',
  clientReverseProxies: 'clientReverseProxies',
  clientBaseUrlFailure: 'clientBaseUrlFailure',
})

/**
 * Getting started (the questionnaire and the saving of the getting-started flag) went from the
 * onboarding area, where it was a part, to an area of its own: `onboarding.gettingStartedSave`
 * is `gettingStarted.seenSave` now.
 */
const gettingStartedToOwnArea = partToOwnArea(
  'the getting-started area: onboarding -> gettingStarted',
  'gettingStarted',
  { questionnaire: 'questionnaire', seenSave: 'gettingStartedSave' },
)

/**
 * Contact us (the form's request and the requests admins read) went from the onboarding area,
 * where it was a part, to an area of its own: `onboarding.contact` is `contact.form` now.
 */
const contactToOwnArea = partToOwnArea('the contact area: onboarding -> contact', 'contact', {
  form: 'contact',
  requests: 'contactRequests',
})

/**
 * Personalization, the onboarding area's last part, went to an area of its own
 * (`onboarding.personalization` is `personalization.card` now), and the onboarding area went
 * with it: a state of every earlier build has an onboarding slice, empty once its parts had left.
 */
const personalizationToOwnArea: StateMove = {
  name: 'the personalization area: onboarding -> personalization, and no onboarding area',
  before(state) {
    const { personalization, ...rest } = state
    const card = (personalization as Slice | undefined)?.card
    const onboarding = {
      ...slice(state, 'onboarding'),
      ...(card === undefined ? {} : { personalization: card }),
    }
    return { ...rest, onboarding }
  },
  after(state) {
    if (!('onboarding' in state))
      return 'personalization' in state ? state : { ...state, personalization: {} }
    const { onboarding: _gone, ...rest } = state
    const card = slice(state, 'onboarding').personalization
    return {
      ...rest,
      personalization: { ...slice(state, 'personalization'), ...(card === undefined ? {} : { card }) },
    }
  },
}

export const STATE_MOVES: ReadonlyArray<StateMove> = [
  setUpToOnboarding,
  tourToOwnArea,
  navigationTypeToPreferences,
  listRowCountDerived,
  repositoryProblemsAsKeys,
  listAsUnion,
  lookupAsUnion,
  detailsAsUnion,
  packageCountUnknownAsNull,
  versionAsUnion,
  integrationsLoadsShared,
  bundleListAsLoadable,
  suggestionsAsLoadable,
  packagesLandingAdded,
  artifactSearchAdded,
  educationToOwnArea,
  quickSetupToOwnArea,
  downloadMessageAsKey,
  setMeUpToOwnArea,
  gettingStartedToOwnArea,
  contactToOwnArea,
  personalizationToOwnArea,
]

/**
 * The state in each earlier shape, newest first (the current state not included): before each
 * of `moves` (all of them unless told), from the last.
 */
export function earlierShapes(state: AppState | Root, moves: ReadonlyArray<StateMove> = STATE_MOVES): Root[] {
  const shapes: Root[] = []
  let current = state as unknown as Root
  for (let i = moves.length - 1; i >= 0; i--) {
    current = moves[i]!.before(current)
    shapes.push(current)
  }
  return shapes
}

/** A snapshot of any earlier shape, in today's. */
export const currentShape = (state: Root): Root => STATE_MOVES.reduce((s, move) => move.after(s), state)

const isRecord = (value: unknown): value is Root =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The keys that tell a union's variants apart: another value there is another shape. */
const TAGS = ['status', 'step', 'kind', 'type'] as const

/**
 * A recorded state (a bounded log's snapshot) with what the initial state gained since it was
 * written: a key it lacks gets its initial value, down through records, never into a variant
 * other than the initial one's. The hash is unchanged (it leaves out what equals the initial
 * state), and views need not guard against a page or a field an older build did not have.
 */
export function withInitialDefaults(recorded: unknown, initial: unknown): unknown {
  if (!isRecord(recorded) || !isRecord(initial)) return recorded
  if (TAGS.some((tag) => tag in recorded && tag in initial && recorded[tag] !== initial[tag])) return recorded
  const out: Root = { ...recorded }
  for (const [key, value] of Object.entries(initial))
    out[key] = key in recorded ? withInitialDefaults(recorded[key], value) : value
  return out
}
