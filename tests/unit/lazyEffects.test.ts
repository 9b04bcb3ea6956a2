/**
 * The browser's effects (the areas' manifests, ui/areas.ts): areas the login page does not use load
 * their effects with their first event. The log must read as with every effect loaded up
 * front: same events, same order, same correlation ids.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BehaviorSubject, Subject, map, filter, throwError } from 'rxjs'
import { createApp } from '../../composition/createApp'
import { createBus } from '../../commands/bus'
import { browserEffects as effectsOf } from '../../commands/browserApp'
import { areaManifests } from '../../ui/areas'
import { allEffects } from '../../composition/createApp'
import { areaEvents, lazyEffects } from '../../commands/effects/lazy'
import { isAccountEvent } from '../../commands/effects/accountEvents'
import { caused, type EffectTable, type StateObservable } from '../../commands/effects/types'
import { eagerAreas, initialAppState, type AppEvent, type AppState } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import * as N from '../../domain/notifications/events'
import { defaultPackageQuery } from '../../domain/packages/initial'
import { fakePorts } from '../support/fakePorts'
import { fakePackagesApi, makePackage, makeVersion } from '../support/fakePackagesApi'
import { flush } from '../support/wait'

const areaOf = (name: string) => name.split('.')[0] as string
const browserEffects = effectsOf(areaManifests)
// The account screens' effects are loaded by their session events (accountEvents.ts).
const acceptsOf = (area: string) => (area === 'account' ? isAccountEvent : areaEvents(area))

// Two toasts to tell apart.
const one = { key: 'saved', subject: 'proxy', name: 'one' } as const
const two = { key: 'saved', subject: 'proxy', name: 'two' } as const
const lazyAreas = Object.keys(browserEffects)
  .filter((name) => name.endsWith('.lazy'))
  .map(areaOf)

/** The log without its header and trailer: seq, source, corr and type of every event. */
const logOf = (ndjson: string) =>
  ndjson
    .trim()
    .split('\n')
    .map(
      (line) => JSON.parse(line) as { kind: string; seq: number; source: string; corr: string; type: string },
    )
    .filter((l) => l.kind === 'event')
    .map(({ seq, source, corr, type }) => ({ seq, source, corr, type }))

describe('the browser loads the effects of non-login areas lazily', () => {
  it('covers every area of the eager table, and keeps the login areas eager', () => {
    expect(new Set(Object.keys(browserEffects).map(areaOf))).toEqual(
      new Set(Object.keys(allEffects).map(areaOf)),
    )
    for (const area of ['platform', 'session', 'navigation'])
      expect(Object.keys(browserEffects).filter((n) => n.startsWith(`${area}.`))).toEqual(
        Object.keys(allEffects).filter((n) => n.startsWith(`${area}.`)),
      )
    expect(lazyAreas).toEqual(
      expect.arrayContaining(['packages', 'admin', 'serviceStatus', 'releaseBundles', 'search']),
    )
  })

  // A lazily loaded area's effects see only `area/…` events, and start with the first one: an
  // effect that listened to another area's events, or acted on state alone, would silently not
  // run in the browser. Keep such an area eager in browser.ts. (Search's recent searches follow
  // the state, but only from the area's first use on: searchUse.ts.)
  for (const area of lazyAreas)
    it(`${area} effects react only to ${area}/… events`, () => {
      const source = readFileSync(resolve(`commands/effects/${area}.ts`), 'utf8')
      const types = [...source.matchAll(/['"`]([a-z][A-Za-z]*\/[A-Z][A-Za-z]*)['"`]/g)].map(
        (m) => m[1] as string,
      )
      expect(types.length).toBeGreaterThan(0)
      expect(types.filter((type) => !acceptsOf(area)(type))).toEqual([])
      const state = new BehaviorSubject(initialAppState)
      const state$ = Object.defineProperty(state.asObservable(), 'value', {
        get: () => state.value,
      }) as StateObservable
      const emitted: unknown[] = []
      const effects = Object.entries(allEffects).filter(([name]) => areaOf(name) === area)
      const subscriptions = effects.map(([, effect]) =>
        effect(new Subject<Envelope<AppEvent>>(), state$, fakePorts()).subscribe((o) => emitted.push(o)),
      )
      // Every slice changes, as after a sign-in: still nothing without an event of the area.
      state.next(
        Object.fromEntries(
          Object.entries(initialAppState).map(([k, v]) => [k, { ...(v as object) }]),
        ) as unknown as AppState,
      )
      subscriptions.forEach((s) => s.unsubscribe())
      expect(emitted).toEqual([])
    })

  it('a packages session gives the same log, order and correlation ids as eager effects', async () => {
    const run = async (lazy: boolean) => {
      const react = makePackage('react')
      const api = fakePackagesApi({
        packages: [react, makePackage('redux'), makePackage('rxjs')],
        versions: { [react.id]: [makeVersion(react, '18.2.0')] },
        readmes: { [`${react.id}/18.2.0`]: '# React' },
      })
      const ports = fakePorts({ packagesApi: api })
      const app = lazy
        ? createBus({ ports, effects: browserEffects, areas: eagerAreas })
        : createApp({ ports })
      app.dispatch({ type: 'packages/OpenList', query: { ...defaultPackageQuery, name: 'r*' } })
      // A second request before the first answer (and, lazily, before the module has loaded).
      app.dispatch({ type: 'packages/OpenList', query: { ...defaultPackageQuery, name: 're*' } })
      await flush(5)
      app.dispatch({ type: 'packages/OpenPackage', packageId: react.id })
      await flush(5)
      const result = { log: logOf(app.exportLog()), state: app.getState().packages }
      app.dispose()
      return result
    }
    const eager = await run(false)
    const lazy = await run(true)
    expect(eager.log.map((e) => e.type)).toEqual(
      expect.arrayContaining(['packages/ListPageLoaded', 'packages/PackageLoaded']),
    )
    expect(lazy.log).toEqual(eager.log)
    expect(lazy.state).toEqual(eager.state)
  })
})

describe('lazyEffects', () => {
  const echo: EffectTable = {
    echo: (events$) =>
      events$.pipe(
        filter((e) => e.event.type === 'notifications/Shown'),
        map((e) =>
          caused(
            e,
            N.Dismissed({ id: (e.event as Extract<AppEvent, { type: 'notifications/Shown' }>).data.id }),
          ),
        ),
      ),
  }

  const bus = (effect: ReturnType<typeof lazyEffects>) =>
    createBus({
      ports: fakePorts(),
      effects: { 'notifications.lazy': effect },
      areas: eagerAreas,
    })

  it('loads nothing until its area has an event, then hands over every event in order', async () => {
    let loads = 0
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const app = bus(
      lazyEffects('notifications', async () => {
        loads++
        await gate
        return echo
      }),
    )
    app.dispatch({ type: 'navigation/SyncFromHistory', to: '/login' }, 'router')
    await flush(1)
    expect(loads).toBe(0)
    app.dispatch({ type: 'notifications/Show', kind: 'info', message: one })
    app.dispatch({ type: 'notifications/Show', kind: 'info', message: two })
    expect(loads).toBe(1)
    release()
    await flush(1)
    const log = logOf(app.exportLog()).filter((e) => e.type.startsWith('notifications/'))
    expect(log.map((e) => e.type)).toEqual([
      'notifications/Shown',
      'notifications/Shown',
      'notifications/Dismissed',
      'notifications/Dismissed',
    ])
    // Each answer carries the correlation id of the event that caused it.
    expect(log[2]?.corr).toBe(log[0]?.corr)
    expect(log[3]?.corr).toBe(log[1]?.corr)
    expect(log[0]?.corr).not.toBe(log[1]?.corr)
    expect(app.getState().notifications.toasts).toEqual([])
  })

  it('records a module that fails to load, and tries again with the next event', async () => {
    let attempts = 0
    const app = bus(
      lazyEffects('notifications', async () => {
        attempts++
        if (attempts === 1) throw new Error('Failed to fetch dynamically imported module')
        return echo
      }),
    )
    app.dispatch({ type: 'notifications/Show', kind: 'info', message: one })
    await flush(1)
    expect(app.getState().bus.effectFailures).toBe(1)
    expect(app.exportLog()).toContain(
      'could not load the effects: Failed to fetch dynamically imported module',
    )
    app.dispatch({ type: 'notifications/Show', kind: 'info', message: two })
    await flush(1)
    expect(attempts).toBe(2)
    expect(app.getState().notifications.toasts.map((t) => t.message)).toEqual([one])
  })

  it('records a failing effect under its own name and restarts it', async () => {
    const trigger = new Subject<void>()
    let starts = 0
    const app = bus(
      lazyEffects('notifications', async () => ({
        flaky: (events$) => {
          starts++
          return events$.pipe(
            filter((e) => e.event.type === 'notifications/Shown'),
            map(() => {
              throw new Error('boom')
            }),
          )
        },
        never: () => throwError(() => new Error('never mind')).pipe(filter(() => false)),
      })),
    )
    trigger.complete()
    app.dispatch({ type: 'notifications/Show', kind: 'info', message: one })
    await flush(1)
    expect(starts).toBe(2)
    const log = app.exportLog()
    expect(log).toContain('"effect":"notifications.flaky","message":"boom"')
    expect(log).toContain('"effect":"notifications.never"')
  })
})
