/** The packages decider: given events, when a command, then events (or a rejection). */
import { describe, expect, it } from 'vitest'
import { appSlice, initialAppState, type AppEvent, type AppState } from '../../domain/app'
import { packagesArea } from '../../domain/packages/decider'
import { upcast } from '../../domain/log'
import * as E from '../../domain/packages/events'
import { type PackageQuery } from '../../domain/packages/types'
import { defaultPackageQuery } from '../../domain/packages/initial'
import type { CommandMeta } from '../../domain/shared/area'
import { makePackage, makeVersion } from '../support/fakePackagesApi'
import { versionTabsOf } from '../../domain/packageTypes'
import { evolve, foldEvents, spec } from '../support/decider'
import { SignedIn, SignedOut } from '../../domain/session/events'
import { loadedPackage, user as sessionUser } from '../support/fixtures'
import { listRows } from '../../domain/packages/rules'
import { UrlRestored } from '../../domain/search/events'
import { searchModelFromQuery } from '../../domain/search/model'

const meta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', id: 'r-2' }
const fold = (events: ReadonlyArray<AppEvent>): AppState => foldEvents(events)
const given = (...events: AppEvent[]) => spec(appSlice(packagesArea), meta).given(...events)

const react: PackageQuery = { ...defaultPackageQuery, name: 'react*', packageTypes: ['npm'] }
const pkg = makePackage('react')
const v18 = makeVersion(pkg, '18.2.0')

describe('packages list', () => {
  it('opening a search asks for its first page', () => {
    given()
      .when({ type: 'packages/OpenList', query: react })
      .then(E.ListRequested({ requestId: 'r-2', query: react, withCount: false }))
  })

  it('an admin or a project admin asks for the package count with it; a regular user does not', () => {
    for (const [user, withCount] of [
      [sessionUser({ admin: true }), true],
      [sessionUser({ projectAdmin: true }), true],
      [sessionUser(), false],
    ] as const)
      given(SignedIn({ user, via: 'password' }))
        .when({ type: 'packages/OpenList', query: null })
        .then(E.ListRequested({ requestId: 'r-2', query: null, withCount }))
  })

  it('is guarded against a second initialisation of the same search while it loads', () => {
    given(E.ListRequested({ requestId: 'r-1', query: react }))
      .when({ type: 'packages/OpenList', query: react })
      .rejected(/already loading/)
  })

  it('a different search supersedes the one loading', () => {
    const other = { ...react, name: 'vue*' }
    given(E.ListRequested({ requestId: 'r-1', query: react }))
      .when({ type: 'packages/OpenList', query: other })
      .then(E.ListRequested({ requestId: 'r-2', query: other, withCount: false }))
  })

  it('sets and clears the page-loading flag', () => {
    const loading = fold([E.ListRequested({ requestId: 'r-1', query: react })])
    expect(loading.packages.pageLoading).toBe(true)
    expect(loading.packages.list.status).toBe('loading')
    const loaded = evolve(
      loading,
      E.ListPageLoaded({
        requestId: 'r-1',
        items: [pkg],
        endCursor: '1',
        hasNextPage: true,
        totalCount: 2,
        more: false,
      }),
    )
    expect(loaded.packages.pageLoading).toBe(false)
    expect(listRows(loaded.packages.list).rowCount).toBe(1)
  })

  it('ignores an answer to a superseded request', () => {
    const s = fold([
      E.ListRequested({ requestId: 'r-1', query: react }),
      E.ListRequested({ requestId: 'r-2', query: { ...react, name: 'vue*' } }),
      E.ListPageLoaded({
        requestId: 'r-1',
        items: [pkg],
        endCursor: null,
        hasNextPage: false,
        totalCount: 1,
        more: false,
      }),
    ])
    expect(s.packages.list.status).toBe('loading')
    expect(listRows(s.packages.list).rowCount).toBe(0)
  })

  it('pages on with the end cursor, and appends', () => {
    const first = [
      E.ListRequested({ requestId: 'r-1', query: react }),
      E.ListPageLoaded({
        requestId: 'r-1',
        items: [pkg],
        endCursor: 'c1',
        hasNextPage: true,
        totalCount: 2,
        more: false,
      }),
    ]
    given(...first)
      .when({ type: 'packages/LoadMore' })
      .then(E.ListMoreRequested({ requestId: 'r-2', query: react, after: 'c1' }))
    const s = fold([
      ...first,
      E.ListMoreRequested({ requestId: 'r-2', query: react, after: 'c1' }),
      E.ListPageLoaded({
        requestId: 'r-2',
        items: [makePackage('react-dom')],
        endCursor: 'c2',
        hasNextPage: false,
        totalCount: 2,
        more: true,
      }),
    ])
    expect(listRows(s.packages.list).rowCount).toBe(2)
    expect(
      listRows(s.packages.list)
        .pages.flat()
        .map((p) => p.name),
    ).toEqual(['react', 'react-dom'])
    expect(s.packages.list).toMatchObject({
      status: 'loaded',
      requestId: 'r-2',
      data: { endCursor: 'c2', hasNextPage: false, totalCount: 2, more: { status: 'idle' } },
    })
    given(...first.slice(0, 1))
      .when({ type: 'packages/LoadMore' })
      .rejected(/no further page|already/)
  })

  it('a failed first page shows an empty list that can be retried', () => {
    const failed = [
      E.ListRequested({ requestId: 'r-1', query: react }),
      E.ListLoadFailed({ requestId: 'r-1', failure: { kind: 'network', message: 'down' }, more: false }),
    ]
    const s = fold(failed)
    expect(s.packages.list.status).toBe('failed')
    expect(listRows(s.packages.list).rowCount).toBe(0)
    expect(s.packages.pageLoading).toBe(false)
    given(...failed)
      .when({ type: 'packages/RetryList' })
      .then(E.ListRequested({ requestId: 'r-2', query: react, withCount: false }))
    given()
      .when({ type: 'packages/RetryList' })
      .rejected(/not failed/)
  })

  it('a failed further page keeps the rows; asking again clears the failure', () => {
    const pkgA = makePackage('react')
    const failed = [
      E.ListRequested({ requestId: 'r-1', query: react }),
      E.ListPageLoaded({
        requestId: 'r-1',
        items: [pkgA],
        endCursor: '1',
        hasNextPage: true,
        totalCount: 2,
        more: false,
      }),
      E.ListMoreRequested({ requestId: 'r-2', query: react, after: '1' }),
      E.ListLoadFailed({ requestId: 'r-2', failure: { kind: 'network', message: 'down' }, more: true }),
    ]
    const s = fold(failed)
    expect(s.packages.list).toMatchObject({
      status: 'loaded',
      data: { more: { status: 'failed', failure: { message: 'down' } } },
    })
    expect(listRows(s.packages.list)).toMatchObject({ rowCount: 1, more: 'failed' })
    given(...failed)
      .when({ type: 'packages/LoadMore' })
      .then(E.ListMoreRequested({ requestId: 'r-2', query: react, after: '1' }))
    const again = fold([...failed, E.ListMoreRequested({ requestId: 'r-3', query: react, after: '1' })])
    expect(again.packages.list).toMatchObject({ status: 'loaded', data: { more: { status: 'loading' } } })
    given(...failed, E.ListMoreRequested({ requestId: 'r-3', query: react, after: '1' }))
      .when({ type: 'packages/LoadMore' })
      .rejected(/already loading/)
  })

  it('takes a further page only while it is awaited: an answer repeated adds no rows', () => {
    const page = (requestId: string, name: string, more: boolean) =>
      E.ListPageLoaded({
        requestId,
        items: [makePackage(name)],
        endCursor: name,
        hasNextPage: true,
        totalCount: 3,
        more,
      })
    const s = fold([
      E.ListRequested({ requestId: 'r-1', query: react }),
      page('r-1', 'react', false),
      E.ListMoreRequested({ requestId: 'r-2', query: react, after: 'react' }),
      page('r-2', 'react-dom', true),
      page('r-2', 'react-dom', true),
    ])
    expect(listRows(s.packages.list).rowCount).toBe(2)
  })

  it('without a search, the count failing is the list failing, and a retry asks for the count again', () => {
    const failed = [
      E.ListRequested({ requestId: 'r-1', query: null, withCount: true }),
      E.ListLoadFailed({
        requestId: 'r-1',
        failure: { kind: 'status', status: 500, message: 'no' },
        more: false,
      }),
    ]
    expect(fold(failed.slice(0, 1)).packages.list).toEqual({ status: 'idle', requestId: 'r-1' })
    expect(fold(failed).packages.list).toEqual({
      status: 'failed',
      query: null,
      requestId: 'r-1',
      failure: { kind: 'status', status: 500, message: 'no' },
    })
    given(...failed)
      .when({ type: 'packages/RetryList' })
      .then(E.ListRequested({ requestId: 'r-2', query: null, withCount: false }))
  })

  it('keeps the package count unknown (null) until a count arrives; a failed count (null in its event) is unknown', () => {
    expect(fold([]).packages.packageCount).toBeNull()
    expect(fold([E.CountLoaded({ requestId: 'r', count: 42 })]).packages.packageCount).toBe(42)
    const failed = [
      E.CountLoaded({ requestId: 'r', count: 42 }),
      E.CountLoaded({ requestId: 'r', count: null }),
    ]
    expect(fold(failed).packages.packageCount).toBeNull()
    // The replay property test's counterexample: a negative count is no count.
    expect(fold([E.CountLoaded({ requestId: 'r', count: -5e-324 })]).packages.packageCount).toBeNull()
  })
})

describe('package and version details', () => {
  it('guards a package load against a concurrent one', () => {
    given(E.PackageRequested({ requestId: 'r-1', packageId: pkg.id }))
      .when({ type: 'packages/OpenPackage', packageId: pkg.id })
      .rejected(/already loading/)
  })

  it('a package opened from a checksum search asks for the versions holding the file', () => {
    const sum = 'a'.repeat(64)
    given(UrlRestored({ type: 'packages', model: searchModelFromQuery(`checksum=${sum}&is_checksum=true`) }))
      .when({ type: 'packages/OpenPackage', packageId: pkg.id })
      .then(E.PackageRequested({ requestId: meta.id, packageId: pkg.id, checksum: sum }))
    given()
      .when({ type: 'packages/OpenPackage', packageId: pkg.id })
      .then(E.PackageRequested({ requestId: meta.id, packageId: pkg.id }))
  })

  it('a missing package goes to the 404 route', () => {
    const envelope = {
      seq: 1,
      at: meta.now,
      source: 'effect' as const,
      corr: 'c',
      event: E.PackageNotFound({ requestId: 'r-1', packageId: 'npm://nope' }),
    }
    expect(appSlice(packagesArea).policies?.(envelope, initialAppState)).toEqual([
      { type: 'navigation/Navigate', to: '/404', replace: true },
    ])
  })

  it('a loaded version starts its panels loading; a failed panel shows empty', () => {
    const s = fold([
      E.VersionRequested({ requestId: 'r-1', packageId: pkg.id, versionId: '18.2.0' }),
      E.VersionLoaded({
        requestId: 'r-1',
        pkg,
        version: v18,
        versions: [v18],
        hasNextPage: false,
        endCursor: null,
      }),
      E.ReadmeLoaded({ requestId: 'r-1', value: null, failed: true }),
    ])
    expect(s.packages.version.readme).toEqual({ status: 'loaded', value: null })
    expect(s.packages.version.builds.status).toBe('loading')
    expect(loadedPackage(s).pkg.name).toBe('react')
  })

  describe('versions past the first page', () => {
    const loaded = (hasNextPage: boolean) => [
      E.PackageRequested({ requestId: 'r-1', packageId: pkg.id }),
      E.PackageLoaded({ requestId: 'r-1', pkg, versions: [v18], hasNextPage, endCursor: 'c-1' }),
    ]
    const v17 = makeVersion(pkg, '17.0.2')

    it('asks for the next page after the cursor', () => {
      given(...loaded(true))
        .when({ type: 'packages/LoadMoreVersions' })
        .then(E.VersionsMoreRequested({ requestId: 'r-2', packageId: pkg.id, after: 'c-1' }))
    })

    it('refuses when there is no further page, or one is already on its way', () => {
      given(...loaded(false))
        .when({ type: 'packages/LoadMoreVersions' })
        .rejected(/no further page/)
      given(...loaded(true), E.VersionsMoreRequested({ requestId: 'r-9', packageId: pkg.id, after: 'c-1' }))
        .when({ type: 'packages/LoadMoreVersions' })
        .rejected(/already loading/)
      given()
        .when({ type: 'packages/LoadMoreVersions' })
        .rejected(/no package/)
    })

    it('appends the page and moves the cursor; a stale answer changes nothing', () => {
      const asked = [
        ...loaded(true),
        E.VersionsMoreRequested({ requestId: 'r-2', packageId: pkg.id, after: 'c-1' }),
      ]
      const stale = fold([
        ...asked,
        E.VersionsPageLoaded({ requestId: 'r-old', items: [v17], hasNextPage: false, endCursor: null }),
      ])
      expect(loadedPackage(stale)).toMatchObject({
        versions: [v18],
        more: { status: 'loading', requestId: 'r-2' },
      })
      const s = fold([
        ...asked,
        E.VersionsPageLoaded({ requestId: 'r-2', items: [v17], hasNextPage: false, endCursor: 'c-2' }),
      ])
      expect(loadedPackage(s).versions.map((v) => v.name)).toEqual(['18.2.0', '17.0.2'])
      expect(loadedPackage(s)).toMatchObject({
        hasNextPage: false,
        endCursor: 'c-2',
        more: { status: 'idle' },
      })
    })

    it('a failed page keeps the versions shown and can be asked for again', () => {
      const failed = [
        ...loaded(true),
        E.VersionsMoreRequested({ requestId: 'r-2', packageId: pkg.id, after: 'c-1' }),
        E.VersionsPageFailed({ requestId: 'r-2', failure: { kind: 'network', message: 'offline' } }),
      ]
      const s = fold(failed)
      expect(loadedPackage(s)).toMatchObject({
        versions: [v18],
        more: { status: 'failed', failure: { message: 'offline' } },
      })
      given(...failed)
        .when({ type: 'packages/LoadMoreVersions' })
        .then(E.VersionsMoreRequested({ requestId: 'r-2', packageId: pkg.id, after: 'c-1' }))
    })

    it("a package's answer counts only while it loads: a repeated one keeps the versions paged through", () => {
      const s = fold([
        ...loaded(true),
        E.VersionsMoreRequested({ requestId: 'r-2', packageId: pkg.id, after: 'c-1' }),
        E.VersionsPageLoaded({ requestId: 'r-2', items: [v17], hasNextPage: false, endCursor: 'c-2' }),
        E.PackageLoaded({ requestId: 'r-1', pkg, versions: [v18], hasNextPage: true, endCursor: 'c-1' }),
      ])
      expect(loadedPackage(s)).toMatchObject({ versions: [v18, v17], hasNextPage: false, endCursor: 'c-2' })
    })

    const versionAsked = E.VersionRequested({ requestId: 'r-2', packageId: pkg.id, versionId: '18.2.0' })
    const versionLoaded = E.VersionLoaded({
      requestId: 'r-2',
      pkg,
      version: v18,
      versions: [v18],
      hasNextPage: false,
      endCursor: null,
    })
    const offline = { kind: 'network', message: 'offline' } as const

    it('a version opened after its package failed shows the package, without the failure', () => {
      const s = fold([
        E.PackageRequested({ requestId: 'r-1', packageId: pkg.id }),
        E.PackageLoadFailed({ requestId: 'r-1', failure: offline }),
        versionAsked,
        versionLoaded,
      ])
      expect(s.packages.details).toEqual({
        status: 'loaded',
        tab: null,
        requestId: 'r-1',
        packageId: pkg.id,
        data: { pkg, versions: [v18], hasNextPage: false, endCursor: null, more: { status: 'idle' } },
      })
    })

    it("a version's answer counts only while it loads: a late failure leaves it shown", () => {
      const s = fold([
        versionAsked,
        versionLoaded,
        E.VersionLoadFailed({ requestId: 'r-2', failure: offline }),
      ])
      expect(s.packages.version).toMatchObject({
        status: 'loaded',
        requestId: 'r-2',
        versionId: '18.2.0',
        data: v18,
      })
      expect(s.packages.version).not.toHaveProperty('failure')
    })

    it('a v1 VersionLoaded of an older log replays as a first page with nothing further', () => {
      const v1 = { requestId: 'r-1', pkg, version: v18, versions: [v18] }
      const lifted = upcast('packages/VersionLoaded', 1, v1)
      expect(lifted).toMatchObject({ ok: true, data: { ...v1, hasNextPage: false, endCursor: null } })
    })

    it('opening a version of the same package keeps the versions paged through so far', () => {
      const s = fold([
        ...loaded(true),
        E.VersionsMoreRequested({ requestId: 'r-2', packageId: pkg.id, after: 'c-1' }),
        E.VersionsPageLoaded({ requestId: 'r-2', items: [v17], hasNextPage: true, endCursor: 'c-2' }),
        E.VersionRequested({ requestId: 'r-3', packageId: pkg.id, versionId: '17.0.2' }),
        E.VersionLoaded({
          requestId: 'r-3',
          pkg,
          version: v17,
          versions: [v18],
          hasNextPage: true,
          endCursor: 'c-1',
        }),
      ])
      expect(loadedPackage(s).versions.map((v) => v.name)).toEqual(['18.2.0', '17.0.2'])
      expect(loadedPackage(s).endCursor).toBe('c-2')
    })
  })

  it('only version tabs are accepted at version level', () => {
    given()
      .when({ type: 'packages/SelectTab', level: 'version', tab: 'releases' })
      .rejected(/not a version tab/)
    given()
      .when({ type: 'packages/SelectTab', level: 'version', tab: 'builds' })
      .then(E.TabSelected({ level: 'version', tab: 'builds' }))
  })

  it('spec 001 §2: Docker Layers is a version tab of docker packages only', () => {
    const opened = (p: typeof pkg) => [
      E.PackageRequested({ requestId: 'r-1', packageId: p.id }),
      E.PackageLoaded({ requestId: 'r-1', pkg: p, versions: [], hasNextPage: false, endCursor: null }),
    ]
    given(...opened(pkg))
      .when({ type: 'packages/SelectTab', level: 'version', tab: 'dockerLayers' })
      .rejected(/not a version tab of npm/)
    const image = { ...makePackage('nginx'), packageType: 'docker' }
    given(...opened(image))
      .when({ type: 'packages/SelectTab', level: 'version', tab: 'dockerLayers' })
      .then(E.TabSelected({ level: 'version', tab: 'dockerLayers' }))
    expect(versionTabsOf('npm')).toEqual(['readme', 'builds'])
    expect(versionTabsOf('Docker')).toEqual(['readme', 'builds', 'dockerLayers'])
  })

  it('a download failure says why: blocked by a policy, refused, not found, or failed', () => {
    const base = [E.DownloadRequested({ file: 'a.tgz', repoKey: 'npm', path: 'a/-/a.tgz' })]
    const at = (status: number | null, more: { code?: string; policy?: string; watch?: string } = {}) =>
      fold([...base, E.DownloadFailed({ file: 'a.tgz', status, message: 'x', ...more })]).packages.version
        .download
    // The platform's code says a watch's policy blocks the version, whatever the status.
    expect(at(403, { code: 'BLOCKED', policy: 'no-high', watch: 'everything' })).toEqual({
      file: null,
      message: { key: 'downloadBlocked', file: 'a.tgz', policy: 'no-high', watch: 'everything' },
    })
    expect(at(403, { code: 'BLOCKED' }).message).toEqual({ key: 'downloadBlocked', file: 'a.tgz' })
    // A 403 without the code (a log older than it, another refusal) is a refusal without a reason.
    expect(at(403).message).toEqual({ key: 'downloadForbidden', file: 'a.tgz' })
    expect(at(403, { code: 'FORBIDDEN' }).message).toEqual({ key: 'downloadForbidden', file: 'a.tgz' })
    expect(at(404).message).toEqual({ key: 'downloadNotFound', file: 'a.tgz' })
    expect(at(500).message).toEqual({ key: 'downloadFailed', file: 'a.tgz' })
    expect(at(null).message).toEqual({ key: 'downloadFailed', file: 'a.tgz' })
  })

  it('signing out clears the area', () => {
    const s = fold([
      E.ListRequested({ requestId: 'r-1', query: react }),
      { type: 'session/SignedOut', data: {} } as unknown as AppEvent,
    ])
    expect(s.packages).toEqual(initialAppState.packages)
  })
})

describe('packages landing', () => {
  const newest = [makePackage('b'), makePackage('a')]
  const popular = [makePackage('a')]

  it('opening the page without a search asks for the landing', () => {
    given()
      .when({ type: 'packages/OpenLanding' })
      .then(E.LandingRequested({ requestId: 'r-2' }))
  })

  it('is not asked twice while it loads', () => {
    given(E.LandingRequested({ requestId: 'r-1' }))
      .when({ type: 'packages/OpenLanding' })
      .rejected(/already loading/)
  })

  it('holds the answer to the request it waits for, and ignores a superseded one', () => {
    const loaded = fold([
      E.LandingRequested({ requestId: 'r-1' }),
      E.LandingLoaded({ requestId: 'r-0', newest: [], popular: [] }),
      E.LandingLoaded({ requestId: 'r-1', newest, popular }),
    ])
    expect(loaded.packages.landing).toEqual({ status: 'loaded', data: { newest, popular } })
    // Asked again: the shown lists stay while the new answer is on its way.
    const again = evolve(loaded, E.LandingRequested({ requestId: 'r-3' }))
    expect(again.packages.landing).toEqual({
      status: 'loading',
      requestId: 'r-3',
      previous: { newest, popular },
    })
  })

  it('a failure is kept with its reason; signing out forgets the landing', () => {
    const failure = { kind: 'status', status: 500, message: '' } as const
    const failed = fold([
      E.LandingRequested({ requestId: 'r-1' }),
      E.LandingLoadFailed({ requestId: 'r-1', failure }),
    ])
    expect(failed.packages.landing).toEqual({ status: 'failed', failure })
    const out = evolve(failed, SignedOut({ reason: 'user' }))
    expect(out.packages.landing).toEqual({ status: 'idle' })
  })
})
