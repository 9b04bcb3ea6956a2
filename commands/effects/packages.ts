/**
 * Effects of the packages area: each reacts to a recorded request, calls the packages port
 * and records the answer. A newer request of the same kind cancels the older one
 * (switchMap, and the AbortSignal reaches fetch).
 */
import { EMPTY, filter, from, map, merge, mergeMap, switchMap, type Observable } from 'rxjs'
import { isLeft, left, right } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import {
  BuildsLoaded,
  DependenciesLoaded,
  DockerLayersLoaded,
  DownloadFailed,
  DownloadFinished,
  LandingLoadFailed,
  LandingLoaded,
  ListLoadFailed,
  ListPageLoaded,
  PackageLoadFailed,
  PackageLoaded,
  PackageNotFound,
  PropertiesLoaded,
  ReadmeLoaded,
  UpstreamCheckFailed,
  UpstreamChecked,
  VersionLoadFailed,
  VersionLoaded,
  VersionNotFound,
  VersionsPageFailed,
  VersionsPageLoaded,
} from '../../domain/packages/events'
import { LANDING_SIZE, MORE_PAGE_SIZE, PAGE_SIZE, type Landing } from '../../domain/packages/types'
import { LANDING_QUERIES, upstreamQuestion, versionPanelsOf } from '../../domain/packages/rules'
import { countAnswered } from '../../domain/packages/count'
import type { DownloadFailure, Result } from '../../adapters/ports'
import { asked, caused, type Effect, type EffectOutput, type EffectTable } from './types'
import { ofType, request, settle, thrown } from './operators'

/** First pages and further pages of the list; a new search supersedes the one in flight. */
const list: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('packages/ListRequested', 'packages/ListMoreRequested'),
    switchMap((env): Observable<EffectOutput> => {
      const more = env.event.type === 'packages/ListMoreRequested'
      const query = env.event.data.query
      if (query === null) return EMPTY
      const after = env.event.type === 'packages/ListMoreRequested' ? env.event.data.after : null
      const requestId = env.event.data.requestId
      return request(
        env,
        (signal) =>
          ports.packagesApi.searchPackages(
            query,
            { first: more ? MORE_PAGE_SIZE : PAGE_SIZE, after },
            signal,
          ),
        {
          done: (page) =>
            ListPageLoaded({
              requestId,
              items: page.items,
              endCursor: page.endCursor,
              hasNextPage: page.hasNextPage,
              totalCount: page.totalCount,
              more,
            }),
          failed: (failure) =>
            failure.kind === 'aborted' ? [] : ListLoadFailed({ requestId, failure, more }),
        },
      )
    }),
  )

/** The package count, when the list's request asked for it. */
const count: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('packages/ListRequested'),
    filter((env) => env.event.data.withCount === true),
    switchMap((env) =>
      request(env, () => ports.packagesApi.countPackages(env.event.data.query), {
        done: (count) => countAnswered(env.event.data, right(count)),
        failed: (failure) => countAnswered(env.event.data, left(failure)),
      }),
    ),
  )

const packageDetails: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('packages/PackageRequested'),
    switchMap((env) => {
      const { requestId, packageId, checksum } = env.event.data
      const load = async (): Promise<AppEvent> => {
        // Side by side: the versions' page used to wait for the package's answer, a round trip
        // the page of a package with 1,000 versions showed (bench: packagePage).
        const [pkg, versions, holding] = await Promise.all([
          ports.packagesApi.getPackage(packageId),
          ports.packagesApi.listVersions({ packageId }, { first: PAGE_SIZE, after: null }),
          checksum
            ? ports.packagesApi.listVersions({ packageId, checksum }, { first: PAGE_SIZE, after: null })
            : null,
        ])
        if (isLeft(pkg)) return PackageLoadFailed({ requestId, failure: pkg.left })
        if (pkg.right === null) return PackageNotFound({ requestId, packageId })
        return PackageLoaded({
          requestId,
          pkg: pkg.right,
          versions: isLeft(versions) ? [] : versions.right.items,
          hasNextPage: isLeft(versions) ? false : versions.right.hasNextPage,
          endCursor: isLeft(versions) ? null : versions.right.endCursor,
          ...(checksum && holding && !isLeft(holding)
            ? { holding: { checksum, versions: holding.right.items.map((v) => v.name) } }
            : {}),
        })
      }
      return from(
        load().catch((error: unknown) => PackageLoadFailed({ requestId, failure: thrown(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

const versionDetails: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('packages/VersionRequested'),
    switchMap((env) => {
      const { requestId, packageId, versionId } = env.event.data
      const load = async (): Promise<AppEvent> => {
        const api = ports.packagesApi
        // The version (with its files, which the list does not carry) is asked beside the list.
        const [pkg, all, one] = await Promise.all([
          api.getPackage(packageId),
          api.listVersions({ packageId }, { first: PAGE_SIZE, after: null }),
          api.getVersion(packageId, versionId),
        ])
        if (isLeft(pkg)) return VersionLoadFailed({ requestId, failure: pkg.left })
        if (pkg.right === null) return VersionNotFound({ requestId, packageId, versionId })
        if (isLeft(one)) return VersionLoadFailed({ requestId, failure: one.left })
        if (one.right === null) return VersionNotFound({ requestId, packageId, versionId })
        return VersionLoaded({
          requestId,
          pkg: pkg.right,
          version: one.right,
          versions: isLeft(all) ? [] : all.right.items,
          hasNextPage: isLeft(all) ? false : all.right.hasNextPage,
          endCursor: isLeft(all) ? null : all.right.endCursor,
        })
      }
      return from(
        load().catch((error: unknown) => VersionLoadFailed({ requestId, failure: thrown(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

/** Further pages of the open package's versions; opening another package drops the one in flight. */
const versionsMore: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('packages/VersionsMoreRequested', 'packages/PackageRequested'),
    switchMap((env) => {
      if (env.event.type !== 'packages/VersionsMoreRequested') return EMPTY
      const { requestId, packageId, after } = env.event.data
      return request(env, () => ports.packagesApi.listVersions({ packageId }, { first: PAGE_SIZE, after }), {
        done: ({ items, hasNextPage, endCursor }) =>
          VersionsPageLoaded({ requestId, items, hasNextPage, endCursor }),
        failed: (failure) => VersionsPageFailed({ requestId, failure }),
      })
    }),
  )

/**
 * A loaded version's panels: readme, builds, docker layers, npm dependencies and
 * properties. A failure is recorded and shows as empty, as the specification says.
 */
const versionPanels: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('packages/VersionLoaded', 'packages/PackageLoaded'),
    switchMap((env) => {
      const { requestId, pkg } = env.event.data
      const version =
        env.event.type === 'packages/VersionLoaded' ? env.event.data.version : env.event.data.versions[0]
      if (!version) return EMPTY
      const api = ports.packagesApi
      const panels = versionPanelsOf(pkg.packageType, version.repos)
      // A failed panel shows empty: its value is the empty one, and the failure is noted. A panel
      // the package type does not have is empty without a call.
      const orEmpty = async <W, A>(at: W | null, call: (at: W) => Promise<Result<A>>, empty: A) => {
        if (at === null) return { value: empty, failed: false }
        const answer = await settle(() => call(at))
        return isLeft(answer) ? { value: empty, failed: true } : { value: answer.right, failed: false }
      }
      const jobs: Promise<AppEvent>[] = [
        orEmpty(panels.readmePath, (path) => api.getReadme(version.id, path), '').then((r) =>
          ReadmeLoaded({
            requestId,
            value: r.failed || r.value.trim() === '' ? null : r.value,
            failed: r.failed,
          }),
        ),
        orEmpty(panels.builds, (at) => api.getBuilds(at.repoKey, at.path), [] as const).then((r) =>
          BuildsLoaded({ requestId, value: [...r.value], failed: r.failed }),
        ),
        orEmpty(panels.dockerLayers, (at) => api.getDockerLayers(at.repoKey, at.path), {
          layers: [],
          platforms: [],
        }).then((r) =>
          DockerLayersLoaded({
            requestId,
            value: [...r.value.layers],
            failed: r.failed,
            ...(r.value.platforms.length > 0 ? { platforms: [...r.value.platforms] } : {}),
          }),
        ),
        orEmpty(panels.npm, (at) => api.getNpmDependencies(at), [] as const).then((r) =>
          DependenciesLoaded({ requestId, value: [...r.value], failed: r.failed }),
        ),
        orEmpty(panels.npm, (at) => api.getNpmProperties(at), [] as const).then((r) =>
          PropertiesLoaded({ requestId, value: [...r.value], failed: r.failed }),
        ),
      ]
      return merge(...jobs.map((job) => from(job))).pipe(map((event) => caused(env, event)))
    }),
  )

/** The failure as its event records it: the platform's code, and what blocks a version it refuses. */
const downloadRefusal = ({ status, message, code, policy, watch }: DownloadFailure) => ({
  status: status ?? null,
  message,
  ...(code !== undefined ? { code } : {}),
  ...(policy !== undefined ? { policy } : {}),
  ...(watch !== undefined ? { watch } : {}),
})

const download: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('packages/DownloadRequested'),
    mergeMap((env) => {
      const { file, repoKey, path } = env.event.data
      return request(env, () => ports.packagesApi.download(repoKey, path), {
        done: () => DownloadFinished({ file }),
        failed: (failure) => DownloadFailed({ file, ...downloadRefusal(failure) }),
      })
    }),
  )

/** The landing's newest and most downloaded packages, asked together; either failing fails both. */
const landing: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('packages/LandingRequested'),
    switchMap((env) => {
      const { requestId } = env.event.data
      const first = { first: LANDING_SIZE, after: null }
      const load = async (): Promise<Result<Landing>> => {
        const [newest, popular] = await Promise.all([
          ports.packagesApi.searchPackages(LANDING_QUERIES.newest, first),
          ports.packagesApi.searchPackages(LANDING_QUERIES.popular, first),
        ])
        if (isLeft(newest)) return newest
        if (isLeft(popular)) return popular
        return right({ newest: newest.right.items, popular: popular.right.items })
      }
      return request(env, load, {
        done: (found) => LandingLoaded({ requestId, ...found }),
        failed: (failure) => LandingLoadFailed({ requestId, failure }),
      })
    }),
  )

/**
 * A version its remote has not cached, opened while the remote would fetch it: whether the
 * upstream has it is asked at once, so the page offers no install command that would fail. A
 * package page's command names its newest version, which is asked about the same way. So is a
 * version whose Retry found the upstream answering again but not yet asked about it (the
 * decider refuses a second ask whose answer would not say either).
 */
const upstreamAsked: Effect = (events$) =>
  events$.pipe(
    ofType('packages/VersionLoaded', 'packages/PackageLoaded', 'packages/UpstreamChecked'),
    mergeMap((env) => {
      const e = env.event
      const version =
        e.type === 'packages/VersionLoaded'
          ? e.data.version
          : e.type === 'packages/PackageLoaded'
            ? e.data.versions[0]
            : { id: e.data.versionId, provenance: e.data.provenance }
      if (!version || upstreamQuestion(version.provenance) !== 'ask') return EMPTY
      return [asked(env, { type: 'packages/CheckUpstream', versionId: version.id })]
    }),
  )

/** The version's remote asks its upstream and says where the version stands. */
const upstreamCheck: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('packages/UpstreamCheckRequested'),
    mergeMap((env) => {
      const { requestId, versionId } = env.event.data
      return request(env, () => ports.packagesApi.checkUpstream(versionId), {
        done: (provenance) => UpstreamChecked({ requestId, versionId, provenance }),
        failed: (failure) => UpstreamCheckFailed({ requestId, versionId, failure }),
      })
    }),
  )

// Effects of the packages area: each calls a port and turns the answer into an event.
export const packagesEffects: EffectTable = {
  list,
  count,
  packageDetails,
  versionDetails,
  versionsMore,
  versionPanels,
  download,
  landing,
  upstreamAsked,
  upstreamCheck,
}
