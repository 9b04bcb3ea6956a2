/** The packages effects through the real bus, with an in-memory platform. */
import { describe, expect, it } from 'vitest'
import { createApp } from '../../composition/createApp'
import { type PackageQuery } from '../../domain/packages/types'
import { defaultPackageQuery } from '../../domain/packages/initial'
import { fakePorts } from '../support/fakePorts'
import { fakePackagesApi, makePackage, makeVersion } from '../support/fakePackagesApi'
import { flush } from '../support/wait'
import { listRows } from '../../domain/packages/rules'
import { loadedPackage } from '../support/fixtures'

const q = (name: string): PackageQuery => ({ ...defaultPackageQuery, name })

function setup(count = 250) {
  const packages = Array.from({ length: count }, (_, i) => makePackage(`pkg-${String(i).padStart(4, '0')}`))
  const react = makePackage('react')
  packages.push(react)
  const api = fakePackagesApi({
    packages,
    versions: { [react.id]: [makeVersion(react, '18.2.0'), makeVersion(react, '17.0.2')] },
    readmes: { [`${react.id}/18.2.0`]: '# React' },
  })
  const app = createApp({ ports: fakePorts({ packagesApi: api }) })
  return { app, api, react }
}

describe('packages effects', () => {
  it('loads a first page of 100, further pages of 300, and pages on with the cursor', async () => {
    const { app, api } = setup()
    app.dispatch({ type: 'packages/OpenList', query: q('pkg-*') })
    await flush(1)
    expect(listRows(app.getState().packages.list)).toMatchObject({ rowCount: 100, totalCount: 250 })
    app.dispatch({ type: 'packages/LoadMore' })
    await flush(1)
    expect(listRows(app.getState().packages.list)).toMatchObject({ rowCount: 250, hasNextPage: false })
    const pages = api.catalogue.calls.filter((c) => c.name === 'searchPackages').map((c) => c.args[1])
    expect(pages).toEqual([
      { first: 100, after: null },
      { first: 300, after: '100' },
    ])
  })

  it('cancels a superseded search: its signal is aborted and its answer never lands', async () => {
    const { app, api } = setup()
    let open!: () => void
    api.catalogue.gate = new Promise<void>((r) => (open = r))
    app.dispatch({ type: 'packages/OpenList', query: q('pkg-00*') })
    app.dispatch({ type: 'packages/OpenList', query: q('react') })
    const signals = api.catalogue.calls
      .filter((c) => c.name === 'searchPackages')
      .map((c) => c.args[2] as AbortSignal)
    expect(signals.map((s) => s.aborted)).toEqual([true, false])
    open()
    await flush(1)
    const { pages } = listRows(app.getState().packages.list)
    expect(pages.flat().map((p) => p.name)).toEqual(['react'])
    const types = app
      .exportLog()
      .split('\n')
      .filter((l) => l.includes('packages/ListPageLoaded'))
    expect(types).toHaveLength(1)
  })

  it('a list failure records it and leaves an empty list', async () => {
    const { app, api } = setup()
    api.catalogue.failures.searchPackages = { kind: 'status', status: 500, message: 'boom' }
    app.dispatch({ type: 'packages/OpenList', query: q('react') })
    await flush(1)
    expect(app.getState().packages.list.status).toBe('failed')
    delete api.catalogue.failures.searchPackages
    app.dispatch({ type: 'packages/RetryList' })
    await flush(1)
    expect(app.getState().packages.list.status).toBe('loaded')
  })

  it('does not ask for counts for a regular user', async () => {
    const { app, api } = setup()
    app.dispatch({ type: 'packages/OpenList', query: null })
    await flush(1)
    expect(api.catalogue.calls.some((c) => c.name === 'countPackages')).toBe(false)
    expect(app.getState().packages.packageCount).toBeNull()
  })

  it('loads a version, its readme and its panels; failing panels show empty', async () => {
    const { app, api, react } = setup()
    api.catalogue.failures.getBuilds = { kind: 'status', status: 500, message: 'x' }
    app.dispatch({ type: 'packages/OpenVersion', packageId: react.id, versionId: '18.2.0' })
    await flush(1)
    await flush(1)
    const v = app.getState().packages.version
    expect(v).toMatchObject({ status: 'loaded', versionId: '18.2.0', data: { name: '18.2.0' } })
    expect(v.readme).toEqual({ status: 'loaded', value: '# React' })
    expect(v.builds).toEqual({ status: 'loaded', value: [] })
    expect(loadedPackage(app.getState()).versions.map((x) => x.name)).toEqual(['18.2.0', '17.0.2'])
    expect(app.getState().packages.pageLoading).toBe(false)
  })

  it("a version's files come with the version's own page; the package page's list carries none", async () => {
    const { app, api, react } = setup()
    app.dispatch({ type: 'packages/OpenPackage', packageId: react.id })
    await flush(1)
    expect(loadedPackage(app.getState()).versions[0]).not.toHaveProperty('files')
    app.dispatch({ type: 'packages/OpenVersion', packageId: react.id, versionId: '17.0.2' })
    await flush(1)
    await flush(1)
    const v = app.getState().packages.version
    const stored = api.catalogue.versions[react.id]!.find((x) => x.name === '17.0.2')!
    expect(v.status === 'loaded' && 'files' in v.data && v.data.files).toEqual(stored.files)
    expect(api.catalogue.calls).toContainEqual({ name: 'getVersion', args: [react.id, '17.0.2'] })
  })

  it('a version the package does not have is not found', async () => {
    const { app, react } = setup()
    app.dispatch({ type: 'packages/OpenVersion', packageId: react.id, versionId: '9.9.9' })
    await flush(1)
    await flush(1)
    expect(app.getState().packages.version.status).toBe('idle')
    expect(app.getState().navigation.location.path).toBe('/404')
  })

  it('pages through more than 100 versions with the cursor, none twice', async () => {
    const { app, api } = setup()
    const many = makePackage('many', { versionsCount: 250 })
    api.catalogue.packages.push(many)
    api.catalogue.versions[many.id] = Array.from({ length: 250 }, (_, i) =>
      makeVersion(many, `1.0.${250 - i}`),
    )
    app.dispatch({ type: 'packages/OpenPackage', packageId: many.id })
    await flush(1)
    expect(loadedPackage(app.getState()).versions).toHaveLength(100)
    app.dispatch({ type: 'packages/LoadMoreVersions' })
    await flush(1)
    app.dispatch({ type: 'packages/LoadMoreVersions' })
    await flush(1)
    const details = loadedPackage(app.getState())
    expect(details.versions.map((v) => v.name)).toEqual(api.catalogue.versions[many.id]!.map((v) => v.name))
    expect(details.hasNextPage).toBe(false)
    const pages = api.catalogue.calls
      .filter((c) => c.name === 'listVersions' && (c.args[0] as { packageId: string }).packageId === many.id)
      .map((c) => c.args[1])
    expect(pages).toEqual([
      { first: 100, after: null },
      { first: 100, after: '100' },
      { first: 100, after: '200' },
    ])
  })

  it("asks for a package's versions without waiting for the package's own answer", async () => {
    const { api, react } = setup()
    // The package's answer never comes: its versions must have been asked for all the same.
    const asked: string[] = []
    const held = fakePorts({
      packagesApi: {
        ...api,
        getPackage: (id) => {
          asked.push(`getPackage ${id}`)
          return new Promise(() => undefined)
        },
        listVersions: (filter, page) => {
          asked.push(`listVersions ${filter.packageId}`)
          return api.listVersions(filter, page)
        },
      },
    })
    const slow = createApp({ ports: held })
    slow.dispatch({ type: 'packages/OpenPackage', packageId: react.id })
    await flush(1)
    expect(asked).toEqual([`getPackage ${react.id}`, `listVersions ${react.id}`])
  })

  it('a package that does not exist asks navigation for the 404 route', async () => {
    const { app } = setup()
    app.dispatch({ type: 'packages/OpenPackage', packageId: 'npm://no-such' })
    await flush(1)
    const log = app.exportLog()
    expect(log).toContain('packages/PackageNotFound')
    // The navigation area decides it (a rejection is recorded until it handles Navigate).
    expect(log).toMatch(/navigation\/(Navigated|Deferred)|bus\/CommandRejected/)
  })

  it('a failed download records why: the platform’s code and what blocks the version', async () => {
    const { app, api } = setup()
    api.catalogue.failures.download = { kind: 'status', status: 404, message: 'Not Found' }
    app.dispatch({ type: 'packages/DownloadFile', file: 'x.tgz', repoKey: 'npm', path: 'x/-/x.tgz' })
    await flush(1)
    expect(app.getState().packages.version.download.message).toEqual({
      key: 'downloadNotFound',
      file: 'x.tgz',
    })
    api.catalogue.failures.download = {
      kind: 'status',
      status: 403,
      message: 'x@1 is blocked',
      code: 'BLOCKED',
      policy: 'no-high',
      watch: 'everything',
    }
    app.dispatch({ type: 'packages/DownloadFile', file: 'x.tgz', repoKey: 'npm', path: 'x/-/x.tgz' })
    await flush(1)
    const failed = app
      .exportLog()
      .split('\n')
      .filter((l) => l.includes('"packages/DownloadFailed"'))
      .map((l) => (JSON.parse(l) as { data: unknown }).data)
    expect(failed.at(-1)).toEqual({
      file: 'x.tgz',
      status: 403,
      message: 'x@1 is blocked',
      code: 'BLOCKED',
      policy: 'no-high',
      watch: 'everything',
    })
    expect(app.getState().packages.version.download.message).toEqual({
      key: 'downloadBlocked',
      file: 'x.tgz',
      policy: 'no-high',
      watch: 'everything',
    })
  })
})
