/**
 * The browser's bus with deferred areas (commands/browserApp.ts, from ui/areas.ts): areas the login page never
 * uses load their domain code with their first command. The session below gives the same log
 * (but for the times) as the eager app Node runs, and its export replays in Node, all areas
 * eager, to the same state and hash. Commands of an area still loading wait in order; a failed
 * load is recorded and the next command tries again.
 */
import { describe, expect, it } from 'vitest'
import { VirtualAction, VirtualTimeScheduler } from 'rxjs'
import { right } from 'fp-ts/Either'
import { createBus, type App } from '../../commands/bus'
import { browserAreas, createBrowserApp } from '../../commands/browserApp'
import { areaManifests } from '../../ui/areas'
import { createApp } from '../../composition/createApp'
import {
  areaByKey,
  areas,
  type AnyArea,
  type AppCommand,
  type AppEvent,
  type AppState,
} from '../../domain/app'
import { MFE_MOUNT_LIMIT_MS, createAreaRegistry } from '../../domain/areaRegistry'
import { replayLog } from '../../domain/log'
import { logStateHash } from '../../domain/logHash'
import { stateHash } from '../../domain/shared/canonical'
import type { AdminApi, Ports } from '../../adapters/ports'
import type { GeneralConfig } from '../../domain/admin/types'
import { defaultPackageQuery } from '../../domain/packages/initial'
import { fakePorts, notFaked } from '../support/fakePorts'
import { fakePackagesApi, makePackage, makeVersion } from '../support/fakePackagesApi'
import { flush } from '../support/wait'
import { listRows } from '../../domain/packages/rules'
// The test's runner transforms a module the first time it is imported, which under load takes
// more turns than the session waits; the deferred areas' public surfaces are transformed up
// front so their loads take the few turns a browser's cached chunk would.
import '../../domain/admin'
import '../../domain/packages'

// Module loads and effects answer in later tasks: a few turns of the event loop settle them.
function ports(): Ports {
  const react = makePackage('react')
  let config: GeneralConfig = { serverName: 'acme', baseUrl: 'https://acme.test', customMessage: '' }
  const adminApi: AdminApi = {
    ...notFaked<AdminApi>(),
    generalConfig: async () => right(config),
    saveGeneralConfig: async (next) => right((config = next)),
    proxies: async () => right([]),
  }
  return fakePorts({
    adminApi,
    packagesApi: fakePackagesApi({
      packages: [react, makePackage('vue')],
      versions: { [react.id]: [makeVersion(react, '18.2.0')] },
    }),
  })
}

const session: ReadonlyArray<AppCommand> = [
  { type: 'navigation/Navigate', to: '/packages' },
  { type: 'packages/OpenList', query: { ...defaultPackageQuery, name: 'react' } },
  { type: 'packages/OpenPackage', packageId: makePackage('react').id },
  { type: 'packages/SelectTab', level: 'package', tab: 'builds' },
  { type: 'admin/Load', resource: 'generalConfig' },
  { type: 'admin/Load', resource: 'proxies' },
  {
    type: 'admin/Save',
    form: 'generalConfig',
    op: {
      kind: 'saveGeneralConfig',
      config: { serverName: 'acme2', baseUrl: 'https://acme.test', customMessage: '' },
    },
  },
  { type: 'admin/ResetForm', form: 'generalConfig' },
  { type: 'packages/OpenPackage', packageId: 'npm://missing' },
]

async function run(app: App): Promise<App> {
  for (const command of session) {
    app.dispatch(command)
    await flush()
  }
  return app
}

// The times are the only thing allowed to differ between two runs.
const withoutTimes = (log: string) =>
  log
    .trim()
    .split('\n')
    .map((line) => {
      const { at: _at, ...rest } = JSON.parse(line) as Record<string, unknown>
      return rest
    })

describe('deferred areas on the browser bus', () => {
  it('a session over packages and admin exports a log that replays, all areas eager, to the same state and hash', async () => {
    const app = await run(createBrowserApp(ports(), areaManifests))
    const state = app.getState()
    // The session really used the deferred areas, their policies included.
    expect(listRows(state.packages.list).rowCount).toBe(1)
    expect(state.admin.resources.generalConfig).toMatchObject({ status: 'loaded' })
    const log = app.exportLog()
    const types = withoutTimes(log).map((l) => l.type)
    for (const type of ['packages/ListPageLoaded', 'packages/PackageNotFound', 'admin/Saved'])
      expect(types).toContain(type)
    // The areas' policies, registered when they loaded, reacted: a toast, and the 404 page.
    expect(
      withoutTimes(log)
        .filter((l) => l.source === 'policy')
        .map((l) => l.type),
    ).toEqual(['notifications/Shown', 'navigation/Deferred'])
    expect(types).not.toContain('bus/CommandRejected')

    const replayed = replayLog(log)
    expect(replayed.errors).toEqual([])
    expect(replayed.hashMatches).toBe(true)
    expect(replayed.state).toEqual(state)
    expect(replayed.actualHash).toBe(logStateHash(state))
    app.dispose()
  })

  it('the same session on the eager app gives the same log but for the times', async () => {
    const deferred = await run(createBrowserApp(ports(), areaManifests))
    const eager = await run(createApp({ ports: ports() }))
    expect(withoutTimes(deferred.exportLog())).toEqual(withoutTimes(eager.exportLog()))
    expect(stateHash(deferred.getState())).toBe(stateHash(eager.getState()))
    deferred.dispose()
    eager.dispose()
  })

  it('loads nothing for the login page: every deferred area waits for its first command', async () => {
    const registry = browserAreas(areaManifests)
    const app = createBus({ ports: ports(), effects: {}, areas: registry })
    app.dispatch({ type: 'navigation/Navigate', to: '/login' })
    await flush()
    for (const key of [
      'admin',
      'serviceStatus',
      'packages',
      'releaseBundles',
      'personalization',
      'supportBundles',
    ])
      expect(registry.deferred(key), key).toBeDefined()
    app.dispatch({ type: 'admin/Load', resource: 'proxies' })
    await flush()
    expect(registry.deferred('admin')).toBeUndefined()
    expect(registry.deferred('packages')).toBeDefined()
    app.dispose()
  })
})

describe('a deferred area that loads late or fails to load', () => {
  const packagesArea = areaByKey.get('packages')!
  function setup(load: () => Promise<AnyArea>) {
    const registry = createAreaRegistry<AppState, AppEvent, AnyArea>(
      areas.map((a) => (a.key === 'packages' ? { key: a.key, initialState: a.initialState, load } : a)),
    )
    // Virtual time that runs only what is due by `maxFrames`.
    const scheduler = new VirtualTimeScheduler(VirtualAction, 0)
    const ports = fakePorts({ scheduler })
    const app = createBus({ ports, effects: {}, areas: registry })
    const events: Array<{ type: string; corr: string; source: string; command?: unknown }> = []
    app.events$.subscribe((e) =>
      events.push({
        type: e.event.type,
        corr: e.corr,
        source: e.source,
        command: (e.event.data as { command?: unknown }).command,
      }),
    )
    const advanceTo = (ms: number) => {
      scheduler.maxFrames = ms
      scheduler.flush()
    }
    return { app, registry, events, advanceTo }
  }

  it('queues the commands while loading and decides them in order, with their correlation ids', async () => {
    let release!: (area: AnyArea) => void
    const { app, events } = setup(() => new Promise((r) => (release = r)))
    app.dispatch({ type: 'packages/OpenList', query: { ...defaultPackageQuery, name: 'a' } }, 'router')
    app.dispatch({ type: 'navigation/Navigate', to: '/packages' })
    app.dispatch({ type: 'packages/OpenList', query: { ...defaultPackageQuery, name: 'b' } })
    await flush()
    // The navigation command went ahead; the packages ones wait for their area.
    expect(events.some((e) => e.type.startsWith('packages/'))).toBe(false)
    expect(events.some((e) => e.type.startsWith('navigation/'))).toBe(true)
    expect(app.getState().packages.list.status).toBe('idle')
    release(packagesArea)
    await flush()
    const requested = events.filter((e) => e.type === 'packages/ListRequested')
    expect(requested.map((e) => e.source)).toEqual(['router', 'ui'])
    // The correlation ids were taken when the commands arrived: the first before navigation's.
    const navCorr = events.find((e) => e.type.startsWith('navigation/'))!.corr
    expect(requested[0]!.corr).toBe('id-1')
    expect(requested[0]!.corr).not.toBe(navCorr)
    expect(app.getState().packages.list).toMatchObject({ query: { name: 'b' } })
    app.dispose()
  })

  it('records a failed load as a rejection of each waiting command, and the next command tries again', async () => {
    let attempts = 0
    const { app, registry, events } = setup(async () => {
      attempts++
      if (attempts === 1) throw new Error('chunk missing')
      return packagesArea
    })
    app.dispatch({ type: 'packages/OpenList', query: null })
    app.dispatch({ type: 'packages/RetryList' })
    await flush()
    const rejected = events.filter((e) => e.type === 'bus/CommandRejected')
    expect(rejected.map((e) => e.command)).toEqual(['packages/OpenList', 'packages/RetryList'])
    expect(registry.deferred('packages')).toBeDefined()
    app.dispatch({ type: 'packages/OpenList', query: { ...defaultPackageQuery, name: 'c' } })
    await flush()
    expect(attempts).toBe(2)
    expect(registry.deferred('packages')).toBeUndefined()
    expect(app.getState().packages.list).toMatchObject({ query: { name: 'c' } })
    app.dispose()
  })

  it(`gives up an area not mounted within the micro-frontend mount limit (${MFE_MOUNT_LIMIT_MS} ms); late code still registers`, async () => {
    let release!: (area: AnyArea) => void
    const { app, registry, events, advanceTo } = setup(() => new Promise((r) => (release = r)))
    app.dispatch({ type: 'packages/OpenList', query: null })
    advanceTo(MFE_MOUNT_LIMIT_MS - 1)
    await flush()
    expect(events.filter((e) => e.type === 'bus/CommandRejected')).toEqual([])
    advanceTo(MFE_MOUNT_LIMIT_MS)
    await flush()
    const rejected = events.filter((e) => e.type === 'bus/CommandRejected')
    expect(rejected.map((e) => e.command)).toEqual(['packages/OpenList'])
    expect(app.getState().packages.list.status).toBe('idle')
    // The code arrives after all: the area registers, and the next command runs at once.
    release(packagesArea)
    await flush()
    expect(registry.deferred('packages')).toBeUndefined()
    expect(events.filter((e) => e.type === 'packages/ListRequested')).toEqual([])
    app.dispatch({ type: 'packages/OpenList', query: { ...defaultPackageQuery, name: 'd' } })
    await flush()
    expect(app.getState().packages.list).toMatchObject({ query: { name: 'd' } })
    app.dispose()
  })
})
