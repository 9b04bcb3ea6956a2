import { left, right } from 'fp-ts/Either'
import type { CommandMeta, SliceArea } from '../shared/area'
import type { SessionEvent } from '../session/events'
import type { NavigationCommand } from '../navigation'
import type { PackagesCommand } from './commands'
import { canonicalJson } from '../shared/canonical'
// Package counts are for admins and project admins only (search's canSeeCounts is this rule).
import { canAdministerProjects, type SessionSlices } from '../session'
import {
  DownloadRequested,
  LandingRequested,
  ListMoreRequested,
  ListRequested,
  PackageRequested,
  TabSelected,
  UpstreamCheckRequested,
  VersionRequested,
  VersionsMoreRequested,
  packagesEvents,
  type PackagesEvent,
} from './events'
import { appendVersions, downloadMessageOf, upstreamQuestion } from './rules'
import { versionTabsOf } from '../packageTypes'
import { awaits, idle, reloading } from '../shared/loadable'
import {
  type ListState,
  type PackageDetails,
  type PackagesState,
  type VersionPanels,
  type VersionTab,
} from './types'
import {
  initialDetailsState,
  initialPackagesState,
  initialVersionPanels,
  initialVersionState,
} from './initial'
import { packagesCommandCodecs } from './commandCodecs.gen'

const sameQuery = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b)

/** What the decisions read of the rest of the state: whether the viewer may see counts, the searched checksum. */
interface PackagesContext {
  readonly canSeeCounts: boolean
  /** The checksum the search is by, if it is: a package opened from it shows the versions holding the file. */
  readonly searchedChecksum: string | undefined
}

/** The slices the context is read from: the app's state is one (the search reads this area, not back). */
interface PackagesSlices extends SessionSlices {
  readonly search: { readonly model: { readonly checksum?: string } }
}

function decide(command: PackagesCommand, s: PackagesState, context: PackagesContext, meta: CommandMeta) {
  const { canSeeCounts } = context
  switch (command.type) {
    case 'packages/OpenList': {
      // Initialisation is guarded: the same search already on its way is not asked twice.
      if (s.list.status === 'loading' && sameQuery(s.list.query, command.query))
        return left('this search is already loading')
      return right([ListRequested({ requestId: meta.id, query: command.query, withCount: canSeeCounts })])
    }
    case 'packages/OpenLanding':
      if (s.landing.status === 'loading') return left('the landing is already loading')
      return right([LandingRequested({ requestId: meta.id })])
    case 'packages/RetryList':
      if (s.list.status !== 'failed') return left('the list has not failed')
      return right([ListRequested({ requestId: meta.id, query: s.list.query, withCount: canSeeCounts })])
    case 'packages/LoadMore': {
      const { list } = s
      if (list.status !== 'loaded' || !list.data.hasNextPage || list.data.endCursor === null)
        return left('no further page')
      if (list.data.more.status === 'loading') return left('a page is already loading')
      return right([ListMoreRequested({ requestId: meta.id, query: list.query, after: list.data.endCursor })])
    }
    case 'packages/OpenPackage':
      if (command.packageId.trim() === '') return left('no package id')
      if (s.details.status === 'loading' && s.details.packageId === command.packageId)
        return left('this package is already loading')
      return right([
        PackageRequested({
          requestId: meta.id,
          packageId: command.packageId,
          ...(context.searchedChecksum ? { checksum: context.searchedChecksum } : {}),
        }),
      ])
    case 'packages/LoadMoreVersions': {
      const d = s.details
      if (d.status !== 'loaded') return left('no package is open')
      const { endCursor, hasNextPage, more } = d.data
      if (!hasNextPage || endCursor === null) return left('no further page of versions')
      if (more.status === 'loading') return left('a page of versions is already loading')
      return right([VersionsMoreRequested({ requestId: meta.id, packageId: d.packageId, after: endCursor })])
    }
    case 'packages/OpenVersion':
      if (command.packageId.trim() === '' || command.versionId.trim() === '')
        return left('no package or version id')
      if (
        s.version.status === 'loading' &&
        s.version.versionId === command.versionId &&
        openPackageId(s) === command.packageId
      )
        return left('this version is already loading')
      return right([
        VersionRequested({ requestId: meta.id, packageId: command.packageId, versionId: command.versionId }),
      ])
    case 'packages/SelectTab':
      if (command.level === 'version') {
        // The open package's type says which tabs its versions have (no Docker Layers on npm).
        const packageType = s.details.status === 'loaded' ? s.details.data.pkg.packageType : ''
        if (!(versionTabsOf(packageType) as ReadonlyArray<string>).includes(command.tab))
          return left(`${command.tab} is not a version tab of ${packageType || 'this'} package`)
      }
      return right([TabSelected({ level: command.level, tab: command.tab })])
    case 'packages/DownloadFile':
      return right([DownloadRequested({ file: command.file, repoKey: command.repoKey, path: command.path })])
    case 'packages/CheckUpstream': {
      const v = s.version
      if (v.status !== 'loaded' || v.data.id !== command.versionId) return left('this version is not open')
      if (upstreamQuestion(v.data.provenance) === 'none') return left('there is nothing to ask its upstream')
      if (v.upstreamCheck === 'checking') return left('its upstream is already being asked')
      if (upstreamQuestion(v.data.provenance) === 'ask' && v.upstreamUnsaid)
        return left('its upstream was asked and could not say: Retry asks again')
      return right([UpstreamCheckRequested({ requestId: meta.id, versionId: command.versionId })])
    }
  }
}

/** The package the details are about (loaded, loading or failed), if any. */
const openPackageId = (s: PackagesState): string | undefined =>
  s.details.status === 'idle' ? undefined : s.details.packageId

/** The request the version waits for or was answered by (its panels' answers carry it). */
const versionRequestId = (s: PackagesState): string | undefined =>
  s.version.status === 'idle' ? undefined : s.version.requestId

/** The request the details wait for or were answered by. */
const detailsRequestId = (s: PackagesState): string | undefined =>
  s.details.status === 'idle' ? undefined : s.details.requestId

const withPanelsLoading = <V extends VersionPanels>({
  dockerPlatforms: _platforms,
  upstreamCheck: _check,
  upstreamUnsaid: _unsaid,
  ...v
}: V): V => ({
  ...(v as V),
  readme: { status: 'loading', value: null },
  builds: { status: 'loading', value: [] },
  dockerLayers: { status: 'loading', value: [] },
  dependencies: { status: 'loading', value: [] },
  properties: { status: 'loading', value: [] },
})

const loadingDone = (s: PackagesState): PackagesState => ({ ...s, pageLoading: false })

/** Whether an answer is the further page a loaded list waits for (what it asked says which, not the answer). */
const awaitsMore = (list: Extract<ListState, { status: 'loaded' }>, requestId: string): boolean =>
  list.data.more.status === 'loading' && list.requestId === requestId

function evolve(s: PackagesState, event: PackagesEvent | SessionEvent): PackagesState {
  // Another area's fact: signing out forgets everything this area holds.
  if (event.type === 'session/SignedOut') return initialPackagesState
  if (!event.type.startsWith('packages/')) return s
  const e = event as PackagesEvent
  switch (e.type) {
    case 'packages/ListRequested': {
      const { query, requestId } = e.data
      return {
        ...s,
        pageLoading: query !== null,
        list: query === null ? { status: 'idle', requestId } : { status: 'loading', requestId, query },
      }
    }
    case 'packages/ListMoreRequested':
      if (s.list.status !== 'loaded') return s
      return {
        ...s,
        list: {
          ...s.list,
          requestId: e.data.requestId,
          data: { ...s.list.data, more: { status: 'loading' } },
        },
      }
    case 'packages/ListPageLoaded': {
      const { list } = s
      const page = e.data.items
      const answered = {
        endCursor: e.data.endCursor,
        hasNextPage: e.data.hasNextPage,
        totalCount: e.data.totalCount,
        more: idle,
      }
      if (list.status === 'loading' && list.requestId === e.data.requestId)
        return loadingDone({
          ...s,
          list: { ...list, status: 'loaded', data: { pages: [page], ...answered } },
        })
      if (list.status === 'loaded' && awaitsMore(list, e.data.requestId))
        return loadingDone({
          ...s,
          list: { ...list, data: { pages: [...list.data.pages, page], ...answered } },
        })
      return s
    }
    case 'packages/ListLoadFailed': {
      const { list } = s
      const { requestId, failure } = e.data
      // A failed further page keeps what is shown; a failed first page shows an empty list with a retry.
      if (list.status === 'loaded' && awaitsMore(list, requestId))
        return loadingDone({
          ...s,
          list: { ...list, data: { ...list.data, more: { status: 'failed', failure } } },
        })
      if (list.status !== 'loaded' && list.status !== 'failed' && list.requestId === requestId)
        return loadingDone({
          ...s,
          list: {
            status: 'failed',
            query: list.status === 'loading' ? list.query : null,
            requestId,
            failure,
          },
        })
      return s
    }
    case 'packages/LandingRequested':
      return { ...s, landing: reloading(s.landing, e.data.requestId) }
    case 'packages/LandingLoaded': {
      if (!awaits(s.landing, e.data.requestId)) return s
      const { newest, popular } = e.data
      return { ...s, landing: { status: 'loaded', data: { newest, popular } } }
    }
    case 'packages/LandingLoadFailed':
      if (!awaits(s.landing, e.data.requestId)) return s
      return { ...s, landing: { status: 'failed', failure: e.data.failure } }
    case 'packages/CountLoaded': {
      // No count is negative: a log line claiming one is read as unknown, as a v1 -1 is.
      const { count } = e.data
      return { ...s, packageCount: count !== null && count >= 0 ? count : null }
    }
    case 'packages/PackageRequested':
      return {
        ...s,
        pageLoading: true,
        // Keep the tab while moving between packages of the same kind of page.
        details: {
          tab: s.details.tab,
          status: 'loading',
          requestId: e.data.requestId,
          packageId: e.data.packageId,
        },
        version: initialVersionState,
      }
    case 'packages/PackageLoaded': {
      const d = s.details
      if (d.status !== 'loading' || e.data.requestId !== d.requestId) return s
      // The package page shows the newest version's readme: its panels load with it.
      const latest = e.data.versions[0]
      const { pkg, versions, hasNextPage, endCursor, holding } = e.data
      return loadingDone({
        ...s,
        details: {
          tab: d.tab,
          status: 'loaded',
          requestId: d.requestId,
          packageId: d.packageId,
          data: { pkg, versions, hasNextPage, endCursor, more: idle, ...(holding ? { holding } : {}) },
        },
        version: latest
          ? {
              ...withPanelsLoading(initialVersionPanels),
              status: 'loaded',
              requestId: e.data.requestId,
              versionId: latest.name,
              data: latest,
            }
          : initialVersionState,
      })
    }
    case 'packages/PackageNotFound':
    case 'packages/VersionNotFound':
      if (e.data.requestId !== detailsRequestId(s) && e.data.requestId !== versionRequestId(s)) return s
      return {
        ...s,
        pageLoading: false,
        details: e.type === 'packages/PackageNotFound' ? initialDetailsState : s.details,
        version: initialVersionState,
      }
    case 'packages/PackageLoadFailed': {
      const d = s.details
      if (d.status !== 'loading' || e.data.requestId !== d.requestId) return s
      const { tab, requestId, packageId } = d
      return loadingDone({
        ...s,
        details: { tab, status: 'failed', requestId, packageId, failure: e.data.failure },
      })
    }
    case 'packages/VersionRequested': {
      const samePackage = openPackageId(s) === e.data.packageId
      return {
        ...s,
        pageLoading: true,
        details: samePackage
          ? s.details
          : { tab: null, status: 'loading', requestId: e.data.requestId, packageId: e.data.packageId },
        version: {
          ...initialVersionPanels,
          status: 'loading',
          requestId: e.data.requestId,
          versionId: e.data.versionId,
        },
      }
    }
    case 'packages/VersionLoaded': {
      const { details: d, version: v } = s
      if (v.status !== 'loading' || e.data.requestId !== v.requestId || d.status === 'idle') return s
      // Versions already paged through for this package stay; otherwise the answer's first page.
      const before = d.status === 'loaded' ? d.data : undefined
      const keep = before !== undefined && before.versions.length > 0
      const paging = keep
        ? {}
        : { versions: e.data.versions, hasNextPage: e.data.hasNextPage, endCursor: e.data.endCursor }
      const data: PackageDetails = {
        ...(before ?? { versions: [], hasNextPage: false, endCursor: null, more: idle }),
        pkg: e.data.pkg,
        ...paging,
      }
      const { tab, requestId, packageId } = d
      return loadingDone({
        ...s,
        details: { tab, status: 'loaded', requestId, packageId, data },
        version: { ...withPanelsLoading(v), status: 'loaded', data: e.data.version },
      })
    }
    case 'packages/VersionsMoreRequested': {
      const d = s.details
      if (d.status !== 'loaded' || e.data.packageId !== d.packageId) return s
      return {
        ...s,
        details: { ...d, data: { ...d.data, more: { status: 'loading', requestId: e.data.requestId } } },
      }
    }
    case 'packages/VersionsPageLoaded':
    case 'packages/VersionsPageFailed': {
      const d = s.details
      if (
        d.status !== 'loaded' ||
        d.data.more.status !== 'loading' ||
        e.data.requestId !== d.data.more.requestId
      )
        return s
      const data: PackageDetails =
        e.type === 'packages/VersionsPageLoaded'
          ? {
              ...d.data,
              versions: appendVersions(d.data.versions, e.data.items),
              hasNextPage: e.data.hasNextPage,
              endCursor: e.data.endCursor,
              more: idle,
            }
          : { ...d.data, more: { status: 'failed', failure: e.data.failure } }
      return { ...s, details: { ...d, data } }
    }
    case 'packages/VersionLoadFailed': {
      const v = s.version
      if (v.status !== 'loading' || e.data.requestId !== v.requestId) return s
      const { status: _loading, ...panels } = v
      return loadingDone({ ...s, version: { ...panels, status: 'failed', failure: e.data.failure } })
    }
    case 'packages/ReadmeLoaded':
      if (e.data.requestId !== versionRequestId(s)) return s
      return { ...s, version: { ...s.version, readme: { status: 'loaded', value: e.data.value } } }
    case 'packages/BuildsLoaded':
      if (e.data.requestId !== versionRequestId(s)) return s
      return { ...s, version: { ...s.version, builds: { status: 'loaded', value: e.data.value } } }
    case 'packages/DockerLayersLoaded':
      if (e.data.requestId !== versionRequestId(s)) return s
      return {
        ...s,
        version: {
          ...s.version,
          dockerLayers: { status: 'loaded', value: e.data.value },
          ...(e.data.platforms ? { dockerPlatforms: e.data.platforms } : {}),
        },
      }
    case 'packages/DependenciesLoaded':
      if (e.data.requestId !== versionRequestId(s)) return s
      return { ...s, version: { ...s.version, dependencies: { status: 'loaded', value: e.data.value } } }
    case 'packages/PropertiesLoaded':
      if (e.data.requestId !== versionRequestId(s)) return s
      return { ...s, version: { ...s.version, properties: { status: 'loaded', value: e.data.value } } }
    case 'packages/TabSelected':
      return e.data.level === 'package'
        ? { ...s, details: { ...s.details, tab: e.data.tab } }
        : { ...s, version: { ...s.version, tab: e.data.tab as VersionTab } }
    case 'packages/DownloadRequested':
      return { ...s, version: { ...s.version, download: { file: e.data.file, message: null } } }
    case 'packages/DownloadFinished':
      return { ...s, version: { ...s.version, download: { file: null, message: null } } }
    case 'packages/UpstreamCheckRequested':
    case 'packages/UpstreamCheckFailed': {
      const v = s.version
      if (v.status !== 'loaded' || v.data.id !== e.data.versionId) return s
      const upstreamCheck = e.type === 'packages/UpstreamCheckRequested' ? 'checking' : 'failed'
      // A Retry starts over: an upstream that answers again is asked about the version once more.
      const { upstreamUnsaid: _unsaid, ...rest } = v
      const retried = upstreamCheck === 'checking' && upstreamQuestion(v.data.provenance) === 'retry'
      return { ...s, version: { ...(retried ? rest : v), upstreamCheck } }
    }
    case 'packages/UpstreamChecked': {
      const v = s.version
      if (v.status !== 'loaded' || v.data.id !== e.data.versionId) return s
      // What was asked is the provenance before the answer: an ask (not a Retry) is not repeated.
      const asked = upstreamQuestion(v.data.provenance) === 'ask'
      const { upstreamCheck: _done, upstreamUnsaid: _unsaid, ...kept } = v
      const rest = asked ? { ...kept, upstreamUnsaid: true as const } : kept
      const { versionId, provenance } = e.data
      // The package page's command reads its newest version from the details' list: it is told too.
      const d = s.details
      const details =
        d.status === 'loaded' && d.data.versions.some((x) => x.id === versionId)
          ? {
              ...d,
              data: {
                ...d.data,
                versions: d.data.versions.map((x) => (x.id === versionId ? { ...x, provenance } : x)),
              },
            }
          : d
      return { ...s, details, version: { ...rest, data: { ...v.data, provenance } } }
    }
    case 'packages/DownloadFailed':
      return { ...s, version: { ...s.version, download: { file: null, message: downloadMessageOf(e.data) } } }
  }
}

// A missing package or version goes to the 404 route (navigation owns the command).
function policies(envelope: { event: PackagesEvent }): ReadonlyArray<NavigationCommand> {
  const type = envelope.event.type
  if (type === 'packages/PackageNotFound' || type === 'packages/VersionNotFound')
    return [{ type: 'navigation/Navigate', to: '/404', replace: true }]
  return []
}

export const packagesArea: SliceArea<
  'packages',
  PackagesState,
  PackagesCommand,
  PackagesEvent,
  PackagesContext,
  NavigationCommand,
  PackagesSlices
> = {
  key: 'packages',
  commands: packagesCommandCodecs,
  initialState: initialPackagesState,
  events: packagesEvents,
  contextOf: (state) => ({
    canSeeCounts: canAdministerProjects(state),
    searchedChecksum: state.search.model.checksum,
  }),
  decide,
  evolve,
  evolvesOn: ['session/SignedOut'],
  policies,
}
