/**
 * The packages decider on a package's and a version's page: what opening them asks for and
 * refuses, what their answers (and stale answers) show, the version's panels, tabs, download,
 * and the Retry of a version its remote could not fetch.
 */
import { describe, expect, it } from 'vitest'
import { appSlice, initialAppState, type AppEvent, type AppState } from '../../domain/app'
import { packagesArea } from '../../domain/packages/decider'
import * as E from '../../domain/packages/events'
import { defaultPackageQuery } from '../../domain/packages/initial'
import type { PackageQuery, Provenance } from '../../domain/packages/types'
import type { CommandMeta } from '../../domain/shared/area'
import { makePackage, makeVersion } from '../support/fakePackagesApi'
import { foldEvents, spec } from '../support/decider'

const meta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', id: 'r-9' }
const fold = (events: ReadonlyArray<AppEvent>): AppState => foldEvents(events)
const given = (...events: AppEvent[]) => spec(appSlice(packagesArea), meta).given(...events)

const pkg = makePackage('react')
const other = makePackage('vue')
const v18 = makeVersion(pkg, '18.2.0')
const v17 = makeVersion(pkg, '17.0.2')
const offline = { kind: 'network', message: 'offline' } as const

const packageAsked = E.PackageRequested({ requestId: 'r-1', packageId: pkg.id })
const packageLoaded = E.PackageLoaded({
  requestId: 'r-1',
  pkg,
  versions: [v18],
  hasNextPage: true,
  endCursor: 'c-1',
})
const versionAsked = (requestId: string, versionId = '18.2.0', packageId = pkg.id) =>
  E.VersionRequested({ requestId, packageId, versionId })
const versionLoaded = (requestId: string, version = v18) =>
  E.VersionLoaded({ requestId, pkg, version, versions: [v18], hasNextPage: false, endCursor: null })

const panelsLoading = {
  readme: { status: 'loading', value: null },
  builds: { status: 'loading', value: [] },
  dockerLayers: { status: 'loading', value: [] },
  dependencies: { status: 'loading', value: [] },
  properties: { status: 'loading', value: [] },
}

describe('opening a package', () => {
  it('needs a package id', () => {
    given()
      .when({ type: 'packages/OpenPackage', packageId: '  ' })
      .rejected(/no package id/)
  })

  it('another package may be opened while one loads, and a loaded one may be opened again', () => {
    given(packageAsked)
      .when({ type: 'packages/OpenPackage', packageId: other.id })
      .then(E.PackageRequested({ requestId: 'r-9', packageId: other.id }))
    given(packageAsked, packageLoaded)
      .when({ type: 'packages/OpenPackage', packageId: pkg.id })
      .then(E.PackageRequested({ requestId: 'r-9', packageId: pkg.id }))
  })

  it('shows the page loading, then the package with its newest version, whose panels load', () => {
    expect(fold([packageAsked]).packages.pageLoading).toBe(true)
    const s = fold([packageAsked, packageLoaded])
    expect(s.packages.pageLoading).toBe(false)
    expect(s.packages.version).toEqual({
      tab: null,
      download: { file: null, message: null },
      ...panelsLoading,
      status: 'loaded',
      requestId: 'r-1',
      versionId: '18.2.0',
      data: v18,
    })
  })

  it('a package without versions shows no version', () => {
    const s = fold([
      packageAsked,
      E.PackageLoaded({ requestId: 'r-1', pkg, versions: [], hasNextPage: false, endCursor: null }),
    ])
    expect(s.packages.version).toEqual(initialAppState.packages.version)
  })

  it('opened from a checksum search, it keeps the versions holding the file', () => {
    const holding = { checksum: 'a'.repeat(64), versions: ['18.2.0'] }
    const s = fold([packageAsked, E.PackageLoaded({ ...packageLoaded.data, holding })])
    expect(s.packages.details).toMatchObject({ status: 'loaded', data: { holding } })
    expect(fold([packageAsked, packageLoaded]).packages.details).not.toHaveProperty('data.holding')
  })

  it("only the awaited request's answer counts", () => {
    const s = fold([
      packageAsked,
      E.PackageLoaded({ ...packageLoaded.data, requestId: 'r-0' }),
      E.PackageLoadFailed({ requestId: 'r-0', failure: offline }),
    ])
    expect(s.packages.details).toEqual({ tab: null, status: 'loading', requestId: 'r-1', packageId: pkg.id })
    expect(s.packages.pageLoading).toBe(true)
  })

  it('a failure is shown with its reason; a late failure leaves a loaded package shown', () => {
    const failed = fold([packageAsked, E.PackageLoadFailed({ requestId: 'r-1', failure: offline })])
    expect(failed.packages.details).toEqual({
      tab: null,
      status: 'failed',
      requestId: 'r-1',
      packageId: pkg.id,
      failure: offline,
    })
    expect(failed.packages.pageLoading).toBe(false)
    const late = fold([
      packageAsked,
      packageLoaded,
      E.PackageLoadFailed({ requestId: 'r-1', failure: offline }),
    ])
    expect(late.packages.details.status).toBe('loaded')
  })
})

describe('a missing package or version', () => {
  it('a missing package leaves nothing shown and goes to the 404 route', () => {
    const s = fold([packageAsked, E.PackageNotFound({ requestId: 'r-1', packageId: pkg.id })])
    expect(s.packages.details).toEqual(initialAppState.packages.details)
    expect(s.packages.version).toEqual(initialAppState.packages.version)
    expect(s.packages.pageLoading).toBe(false)
  })

  it('a missing version keeps its package and goes to the 404 route', () => {
    const s = fold([
      packageAsked,
      packageLoaded,
      versionAsked('r-2', '9.9.9'),
      E.VersionNotFound({ requestId: 'r-2', packageId: pkg.id, versionId: '9.9.9' }),
    ])
    expect(s.packages.details).toMatchObject({ status: 'loaded', packageId: pkg.id })
    expect(s.packages.version).toEqual(initialAppState.packages.version)
    expect(s.packages.pageLoading).toBe(false)
    const envelope = {
      seq: 1,
      at: meta.now,
      source: 'effect' as const,
      corr: 'c',
      event: E.VersionNotFound({ requestId: 'r-2', packageId: pkg.id, versionId: '9.9.9' }),
    }
    expect(appSlice(packagesArea).policies?.(envelope, initialAppState)).toEqual([
      { type: 'navigation/Navigate', to: '/404', replace: true },
    ])
  })

  it('a version opened directly whose package is missing leaves nothing shown', () => {
    const s = fold([versionAsked('r-2'), E.PackageNotFound({ requestId: 'r-2', packageId: pkg.id })])
    expect(s.packages.details).toEqual(initialAppState.packages.details)
    expect(s.packages.version).toEqual(initialAppState.packages.version)
  })

  it('an answer to another request changes nothing', () => {
    const before = fold([packageAsked, packageLoaded])
    const after = fold([
      packageAsked,
      packageLoaded,
      E.PackageNotFound({ requestId: 'r-0', packageId: pkg.id }),
      E.VersionNotFound({ requestId: 'r-0', packageId: pkg.id, versionId: '18.2.0' }),
    ])
    expect(after.packages).toEqual(before.packages)
  })

  it('nothing else goes anywhere', () => {
    const envelope = { seq: 1, at: meta.now, source: 'effect' as const, corr: 'c', event: packageLoaded }
    expect(appSlice(packagesArea).policies?.(envelope, initialAppState)).toEqual([])
  })
})

describe('opening a version', () => {
  it('needs a package and a version id', () => {
    for (const [packageId, versionId] of [
      ['', '1.0.0'],
      ['  ', '1.0.0'],
      [pkg.id, ' '],
    ] as const)
      given()
        .when({ type: 'packages/OpenVersion', packageId, versionId })
        .rejected(/no package or version id/)
  })

  it('the same version of the same package is not asked twice while it loads', () => {
    given(versionAsked('r-2'))
      .when({ type: 'packages/OpenVersion', packageId: pkg.id, versionId: '18.2.0' })
      .rejected(/already loading/)
    given(versionAsked('r-2'))
      .when({ type: 'packages/OpenVersion', packageId: pkg.id, versionId: '17.0.2' })
      .then(versionAsked('r-9', '17.0.2'))
    given(versionAsked('r-2', '1.0.0', other.id))
      .when({ type: 'packages/OpenVersion', packageId: pkg.id, versionId: '1.0.0' })
      .then(versionAsked('r-9', '1.0.0'))
    given(versionAsked('r-2'), versionLoaded('r-2'))
      .when({ type: 'packages/OpenVersion', packageId: pkg.id, versionId: '18.2.0' })
      .then(versionAsked('r-9'))
  })

  it('a version of another package shows that package loading', () => {
    const s = fold([packageAsked, packageLoaded, versionAsked('r-2', '1.0.0', other.id)])
    expect(s.packages.pageLoading).toBe(true)
    expect(s.packages.details).toEqual({
      tab: null,
      status: 'loading',
      requestId: 'r-2',
      packageId: other.id,
    })
  })

  it('a loaded version has its panels loading', () => {
    const s = fold([packageAsked, packageLoaded, versionAsked('r-2', '17.0.2'), versionLoaded('r-2', v17)])
    expect(s.packages.version).toMatchObject({ ...panelsLoading, status: 'loaded', data: v17 })
  })

  it("a stale version's answer changes nothing", () => {
    const asked = [packageAsked, packageLoaded, versionAsked('r-2', '17.0.2')]
    expect(fold([...asked, versionLoaded('r-0', v17)]).packages).toEqual(fold(asked).packages)
    expect(fold([...asked, E.VersionLoadFailed({ requestId: 'r-0', failure: offline })]).packages).toEqual(
      fold(asked).packages,
    )
  })

  it('a package shown without versions takes the versions of the version answer', () => {
    const s = fold([
      packageAsked,
      E.PackageLoaded({ requestId: 'r-1', pkg, versions: [], hasNextPage: false, endCursor: null }),
      versionAsked('r-2'),
      E.VersionLoaded({
        requestId: 'r-2',
        pkg,
        version: v18,
        versions: [v18, v17],
        hasNextPage: true,
        endCursor: 'c-2',
      }),
    ])
    expect(s.packages.details).toMatchObject({
      status: 'loaded',
      data: { versions: [v18, v17], hasNextPage: true, endCursor: 'c-2' },
    })
  })

  it("a version's answer repeated keeps the panels that arrived", () => {
    const shown = [
      versionAsked('r-2'),
      versionLoaded('r-2'),
      E.ReadmeLoaded({ requestId: 'r-2', value: '# React', failed: false }),
    ]
    expect(fold([...shown, versionLoaded('r-2')]).packages).toEqual(fold(shown).packages)
  })

  it('a failed version is shown failed with its reason', () => {
    const s = fold([versionAsked('r-2'), E.VersionLoadFailed({ requestId: 'r-2', failure: offline })])
    expect(s.packages.version).toEqual({
      ...initialAppState.packages.version,
      status: 'failed',
      requestId: 'r-2',
      versionId: '18.2.0',
      failure: offline,
    })
    expect(s.packages.pageLoading).toBe(false)
  })
})

describe("a version's panels", () => {
  const shown = [packageAsked, packageLoaded]
  const layer = { digest: 'sha256:1', size: 10, command: 'ADD x' }

  it('each panel shows its own answer for the version shown', () => {
    const s = fold([
      ...shown,
      E.ReadmeLoaded({ requestId: 'r-1', value: '# React', failed: false }),
      E.BuildsLoaded({
        requestId: 'r-1',
        value: [{ name: 'b', number: '1', started: meta.now, status: 'PASS' }],
        failed: false,
      }),
      E.DockerLayersLoaded({ requestId: 'r-1', value: [layer], failed: false, platforms: ['linux/amd64'] }),
      E.DependenciesLoaded({
        requestId: 'r-1',
        value: [{ name: 'loose-envify', version: '^1.1.0', scope: 'prod' }],
        failed: false,
      }),
      E.PropertiesLoaded({
        requestId: 'r-1',
        value: [{ key: 'npm.name', values: ['react'] }],
        failed: false,
      }),
    ])
    expect(s.packages.version).toMatchObject({
      readme: { status: 'loaded', value: '# React' },
      builds: { status: 'loaded', value: [{ name: 'b', number: '1' }] },
      dockerLayers: { status: 'loaded', value: [layer] },
      dockerPlatforms: ['linux/amd64'],
      dependencies: { status: 'loaded', value: [{ name: 'loose-envify' }] },
      properties: { status: 'loaded', value: [{ key: 'npm.name' }] },
    })
  })

  it('layers without platforms name none', () => {
    const s = fold([...shown, E.DockerLayersLoaded({ requestId: 'r-1', value: [layer], failed: false })])
    expect(s.packages.version).not.toHaveProperty('dockerPlatforms')
  })

  it("a panel's answer for another version changes nothing", () => {
    const s = fold([
      ...shown,
      E.ReadmeLoaded({ requestId: 'r-0', value: '# old', failed: false }),
      E.BuildsLoaded({ requestId: 'r-0', value: [], failed: false }),
      E.DockerLayersLoaded({ requestId: 'r-0', value: [layer], failed: false, platforms: ['linux/arm64'] }),
      E.DependenciesLoaded({ requestId: 'r-0', value: [], failed: false }),
      E.PropertiesLoaded({ requestId: 'r-0', value: [], failed: false }),
    ])
    expect(s.packages).toEqual(fold(shown).packages)
  })
})

describe('tabs and downloads', () => {
  it('a package tab may be any of the package page tabs, and is kept; a version tab likewise', () => {
    given()
      .when({ type: 'packages/SelectTab', level: 'package', tab: 'releases' })
      .then(E.TabSelected({ level: 'package', tab: 'releases' }))
    const s = fold([
      E.TabSelected({ level: 'package', tab: 'location' }),
      E.TabSelected({ level: 'version', tab: 'builds' }),
    ])
    expect(s.packages.details.tab).toBe('location')
    expect(s.packages.version.tab).toBe('builds')
  })

  it('without a package open, the refusal names no package type', () => {
    given()
      .when({ type: 'packages/SelectTab', level: 'version', tab: 'releases' })
      .rejected('releases is not a version tab of this package')
  })

  it('a download shows the file being downloaded until it finishes', () => {
    const asked = E.DownloadRequested({ file: 'a.tgz', repoKey: 'npm', path: 'a/-/a.tgz' })
    expect(fold([asked]).packages.version.download).toEqual({ file: 'a.tgz', message: null })
    expect(fold([asked, E.DownloadFinished({ file: 'a.tgz' })]).packages.version.download).toEqual({
      file: null,
      message: null,
    })
    given()
      .when({ type: 'packages/DownloadFile', file: 'a.tgz', repoKey: 'npm', path: 'a/-/a.tgz' })
      .then(asked)
  })
})

describe("asking a version's upstream", () => {
  const failing: Provenance = {
    kind: 'notCached',
    repository: 'npm-remote',
    upstream: 'https://registry.npmjs.org',
    offline: false,
    lastFailure: 'connect ETIMEDOUT',
    lastFailureAt: '2026-01-01T00:00:00.000Z',
    lastSuccessAt: null,
  }
  const unreachable = makeVersion(pkg, '18.2.0', { provenance: failing })
  const opened = [versionAsked('r-2'), versionLoaded('r-2', unreachable)]
  const retry = { type: 'packages/CheckUpstream', versionId: unreachable.id } as const

  it('asks the remote again for a version it could not fetch', () => {
    given(...opened)
      .when(retry)
      .then(E.UpstreamCheckRequested({ requestId: 'r-9', versionId: unreachable.id }))
  })

  it('asks whether the upstream has a version not cached that the remote would fetch, once', () => {
    const unknown: Provenance = { ...failing, lastFailure: null, lastFailureAt: null }
    const fetchable = makeVersion(pkg, '18.1.0', { provenance: unknown })
    const ask = { type: 'packages/CheckUpstream', versionId: fetchable.id } as const
    const loaded = [versionAsked('r-2'), versionLoaded('r-2', fetchable)]
    given(...loaded)
      .when(ask)
      .then(E.UpstreamCheckRequested({ requestId: 'r-9', versionId: fetchable.id }))
    const answer = (inUpstream: boolean) =>
      E.UpstreamChecked({
        requestId: 'r-3',
        versionId: fetchable.id,
        provenance: { ...unknown, inUpstream },
      })
    // Answered either way: nothing more to ask (the page shows the command, or why not).
    given(...loaded, E.UpstreamCheckRequested({ requestId: 'r-3', versionId: fetchable.id }), answer(true))
      .when(ask)
      .rejected(/nothing to ask/)
    given(...loaded, E.UpstreamCheckRequested({ requestId: 'r-3', versionId: fetchable.id }), answer(false))
      .when(ask)
      .rejected(/nothing to ask/)
    const offlineRemote = makeVersion(pkg, '18.0.0', { provenance: { ...unknown, offline: true } })
    given(versionAsked('r-2'), versionLoaded('r-2', offlineRemote))
      .when({ ...ask, versionId: offlineRemote.id })
      .rejected(/nothing to ask/)
  })

  it('after Retry finds the upstream answering, asks about the version once; an ask that could not say is not repeated', () => {
    const answering: Provenance = { ...failing, lastSuccessAt: '2026-01-02T00:00:00.000Z' }
    const checked = (provenance: Provenance) =>
      E.UpstreamChecked({ requestId: 'r-3', versionId: unreachable.id, provenance })
    const requested = E.UpstreamCheckRequested({ requestId: 'r-3', versionId: unreachable.id })
    const ask = { type: 'packages/CheckUpstream', versionId: unreachable.id } as const
    // The Retry's answer: reachable again, the version not answered for: asked about it.
    const retried = [...opened, requested, checked(answering)]
    given(...retried)
      .when(ask)
      .then(E.UpstreamCheckRequested({ requestId: 'r-9', versionId: unreachable.id }))
    // That ask's answer did not say either: not asked again.
    given(...retried, requested, checked(answering))
      .when(ask)
      .rejected(/could not say/)
    // Unreachable again, a Retry starts over.
    const again = [...retried, requested, checked(failing), requested, checked(answering)]
    given(...again)
      .when(ask)
      .then(E.UpstreamCheckRequested({ requestId: 'r-9', versionId: unreachable.id }))
  })

  it('only for the version open, not cached there, one ask at a time', () => {
    given()
      .when(retry)
      .rejected(/not open/)
    given(...opened)
      .when({ ...retry, versionId: 'npm://react/0.0.1' })
      .rejected(/not open/)
    given(versionAsked('r-2'), versionLoaded('r-2'))
      .when({ ...retry, versionId: v18.id })
      .rejected(/nothing to ask/)
    given(...opened, E.UpstreamCheckRequested({ requestId: 'r-3', versionId: unreachable.id }))
      .when(retry)
      .rejected(/already being asked/)
  })

  it('shows the ask on its way, its failure, and the answer, only for the version open', () => {
    const asked = E.UpstreamCheckRequested({ requestId: 'r-3', versionId: unreachable.id })
    expect(fold([...opened, asked]).packages.version).toMatchObject({ upstreamCheck: 'checking' })
    const failed = E.UpstreamCheckFailed({ requestId: 'r-3', versionId: unreachable.id, failure: offline })
    expect(fold([...opened, asked, failed]).packages.version).toMatchObject({ upstreamCheck: 'failed' })
    const fetched: Provenance = { ...failing, lastSuccessAt: '2026-01-02T00:00:00.000Z' }
    const answered = fold([
      ...opened,
      asked,
      E.UpstreamChecked({ requestId: 'r-3', versionId: unreachable.id, provenance: fetched }),
    ])
    expect(answered.packages.version).not.toHaveProperty('upstreamCheck')
    expect(answered.packages.version).toMatchObject({ status: 'loaded', data: { provenance: fetched } })
    const elsewhere = 'npm://react/0.0.1'
    const ignored = fold([
      ...opened,
      E.UpstreamCheckRequested({ requestId: 'r-3', versionId: elsewhere }),
      E.UpstreamCheckFailed({ requestId: 'r-3', versionId: elsewhere, failure: offline }),
      E.UpstreamChecked({ requestId: 'r-3', versionId: elsewhere, provenance: fetched }),
    ])
    expect(ignored.packages).toEqual(fold(opened).packages)
    const notLoaded = [versionAsked('r-2'), asked, E.UpstreamChecked({ ...asked.data, provenance: fetched })]
    expect(fold(notLoaded).packages).toEqual(fold([versionAsked('r-2')]).packages)
  })
})

describe("asking the upstream about a package page's newest version", () => {
  const unknown: Provenance = {
    kind: 'notCached',
    repository: 'npm-remote',
    upstream: 'http://127.0.0.1:4873/',
    offline: false,
    lastFailure: null,
    lastFailureAt: null,
    lastSuccessAt: null,
  }
  const newest = makeVersion(pkg, '18.2.0', { provenance: unknown })
  const opened = [
    packageAsked,
    E.PackageLoaded({ requestId: 'r-1', pkg, versions: [newest, v17], hasNextPage: false, endCursor: null }),
  ]

  it('may ask about the newest version, the one its command names', () => {
    given(...opened)
      .when({ type: 'packages/CheckUpstream', versionId: newest.id })
      .then(E.UpstreamCheckRequested({ requestId: 'r-9', versionId: newest.id }))
  })

  it("the answer reaches the package's list of versions, which the command reads", () => {
    const provenance: Provenance = { ...unknown, inUpstream: false }
    const s = fold([
      ...opened,
      E.UpstreamCheckRequested({ requestId: 'r-2', versionId: newest.id }),
      E.UpstreamChecked({ requestId: 'r-2', versionId: newest.id, provenance }),
    ]).packages
    expect(s.details.status === 'loaded' && s.details.data.versions.map((v) => v.provenance)).toEqual([
      provenance,
      v17.provenance,
    ])
    expect(s.version).toMatchObject({ status: 'loaded', data: { id: newest.id, provenance } })
  })
})

describe('the list and the landing: answers not awaited', () => {
  const react: PackageQuery = { ...defaultPackageQuery, name: 'react*' }
  const page = (requestId: string, name: string, hasNextPage = true) =>
    E.ListPageLoaded({
      requestId,
      items: [makePackage(name)],
      endCursor: hasNextPage ? name : null,
      hasNextPage,
      totalCount: 3,
      more: false,
    })
  const loaded = [E.ListRequested({ requestId: 'r-1', query: react }), page('r-1', 'react')]

  it('the count-only page does not show the page loading', () => {
    expect(fold([E.ListRequested({ requestId: 'r-1', query: null })]).packages.pageLoading).toBe(false)
  })

  it('a further page is not asked of a list with none, and without a cursor there is none', () => {
    expect(fold([E.ListMoreRequested({ requestId: 'r-2', query: react, after: 'x' })]).packages.list).toEqual(
      {
        status: 'idle',
      },
    )
    given(E.ListRequested({ requestId: 'r-1', query: react }), {
      ...page('r-1', 'react'),
      data: { ...page('r-1', 'react').data, endCursor: null },
    })
      .when({ type: 'packages/LoadMore' })
      .rejected(/no further page/)
  })

  it("while a further page loads, the first page's answer again adds nothing", () => {
    const s = fold([
      ...loaded,
      E.ListMoreRequested({ requestId: 'r-2', query: react, after: 'react' }),
      page('r-1', 'x'),
    ])
    expect(s.packages.list).toMatchObject({ status: 'loaded', data: { pages: [[{ name: 'react' }]] } })
  })

  it('a failure of no awaited request changes nothing', () => {
    const failure = (requestId: string) => E.ListLoadFailed({ requestId, failure: offline, more: false })
    const loading = [E.ListRequested({ requestId: 'r-1', query: react })]
    const failed = [...loading, failure('r-1')]
    // A loaded list awaiting no further page, a failed one, and one loading another request.
    for (const [events, requestId] of [
      [loaded, 'r-1'],
      [failed, 'r-1'],
      [loading, 'r-0'],
    ] as const)
      expect(fold([...events, failure(requestId)]).packages).toEqual(fold(events).packages)
  })

  it('a further page of versions is not asked for another package, nor taken when not awaited', () => {
    const shown = [packageAsked, packageLoaded]
    expect(
      fold([...shown, E.VersionsMoreRequested({ requestId: 'r-2', packageId: other.id, after: 'c-1' })])
        .packages,
    ).toEqual(fold(shown).packages)
    expect(
      fold([E.VersionsMoreRequested({ requestId: 'r-2', packageId: pkg.id, after: 'c-1' })]).packages,
    ).toEqual(initialAppState.packages)
    const again = [
      ...shown,
      E.VersionsMoreRequested({ requestId: 'r-2', packageId: pkg.id, after: 'c-1' }),
      E.VersionsPageLoaded({ requestId: 'r-2', items: [v17], hasNextPage: true, endCursor: 'c-2' }),
    ]
    const repeated = fold([
      ...again,
      E.VersionsPageLoaded({ requestId: 'r-2', items: [v17], hasNextPage: false, endCursor: null }),
      E.VersionsPageFailed({ requestId: 'r-2', failure: offline }),
    ])
    expect(repeated.packages).toEqual(fold(again).packages)
  })

  it('news of further versions while no package is shown, or while it loads, changes nothing', () => {
    const more = E.VersionsMoreRequested({ requestId: 'r-2', packageId: pkg.id, after: 'c-1' })
    expect(fold([packageAsked, more]).packages).toEqual(fold([packageAsked]).packages)
    for (const answer of [
      E.VersionsPageLoaded({ requestId: 'r-2', items: [v17], hasNextPage: false, endCursor: null }),
      E.VersionsPageFailed({ requestId: 'r-2', failure: offline }),
    ]) {
      expect(fold([answer]).packages).toEqual(initialAppState.packages)
      expect(fold([packageAsked, answer]).packages).toEqual(fold([packageAsked]).packages)
    }
  })

  it('versions with a next page but no cursor have no further page', () => {
    given(packageAsked, E.PackageLoaded({ ...packageLoaded.data, endCursor: null }))
      .when({ type: 'packages/LoadMoreVersions' })
      .rejected(/no further page of versions/)
  })

  it('a landing answer or failure to another request leaves it loading', () => {
    const asked = [E.LandingRequested({ requestId: 'r-1' })]
    const s = fold([
      ...asked,
      E.LandingLoaded({ requestId: 'r-0', newest: [], popular: [] }),
      E.LandingLoadFailed({ requestId: 'r-0', failure: offline }),
    ])
    expect(s.packages.landing).toEqual({ status: 'loading', requestId: 'r-1' })
  })

  it('a count of zero is a count', () => {
    expect(fold([E.CountLoaded({ requestId: 'r', count: 0 })]).packages.packageCount).toBe(0)
  })
})
