// The navigation tour (the tour area): its rules and its life on the bus.
import { describe, expect, it } from 'vitest'
import { BehaviorSubject, firstValueFrom, of, toArray } from 'rxjs'
import { createApp } from '../../composition/createApp'
import { navigationEffects } from '../../commands/effects/navigation'
import { tourCompletedKey, tourEffects } from '../../commands/effects/tour'
import * as S from '../../domain/session/events'
import { TourCompletionRead, tourSteps } from '../../domain/tour'
import { anonymousContext, guideContextFor, type ShellContext } from '../../domain/navigation'
import { fakePorts, memoryStore } from '../support/fakePorts'
import { startedAs, user } from '../support/fixtures'

const ctx: ShellContext = { ...anonymousContext, startupSettled: true, signedIn: true, userName: 'dev' }

const started = (flavour = 'platform', admin = false) => startedAs({ name: 'dev', flavour, admin })

describe('tour steps', () => {
  it('walks the chrome, with the sidebar switch only for those who administer', () => {
    expect(tourSteps(ctx).map((s) => s.target)).toEqual([
      'sidebar',
      'search',
      'userMenu',
      'userMenu',
      'helpMenu',
    ])
    expect(tourSteps({ ...ctx, admin: true }).map((s) => s.id)).toEqual([
      'navigation',
      'sidebarSwitch',
      'search',
      'topMenu',
      'setMeUp',
      'help',
    ])
  })

  it('has the switch step only where the sidebar shows a switch, naming the sidebar beside Application', () => {
    const switchStep = (c: ShellContext) => tourSteps(c).find((s) => s.id === 'sidebarSwitch')
    expect(switchStep({ ...ctx, admin: true })).toEqual({
      id: 'sidebarSwitch',
      target: 'sidebarSwitch',
      sidebar: 'administration',
    })
    // A project admin with all projects chosen has no Administration items, so no switch.
    expect(switchStep({ ...ctx, canAdminProjects: true })).toBeUndefined()
    expect(switchStep({ ...ctx, canAdminProjects: true, selectedProject: 'alpha' })?.sidebar).toBe(
      'projectSettings',
    )
  })

  it('is not offered to a non-admin in the tour environment', () => {
    expect(tourSteps({ ...ctx, flavour: 'tour' })).toEqual([])
  })

  it('adds a page step from the guide context in tour and cloud trial only', () => {
    const admin = { ...ctx, admin: true, flavour: 'tour' as const }
    expect(tourSteps(admin, 'packages').at(-1)).toMatchObject({ id: 'page', target: 'page' })
    expect(tourSteps({ ...ctx, flavour: 'cloud-trial' }, 'packages').at(-1)?.id).toBe('page')
    expect(tourSteps(ctx, 'packages').at(-1)?.id).toBe('help')
  })

  it('matches a path to its guide context', () => {
    expect(guideContextFor('/packages/npm%3A%2F%2Freact')).toBe('packages')
    expect(guideContextFor('/admin/proxies/configuration/list')).toBe('administration')
    expect(guideContextFor('/get_started')).toBe('gettingStarted')
    expect(guideContextFor('/distribution')).toBe('distribution')
    expect(guideContextFor('/repos/tree/General')).toBe('artifacts')
    expect(guideContextFor('/no/such/page')).toBe('general')
  })
})

const effects = { ...navigationEffects, ...tourEffects }

describe('the tour on the bus', () => {
  it('starts, moves within its steps, and remembers per user when it was finished', () => {
    const ports = fakePorts()
    const app = createApp({ ports, effects, seed: started() })
    app.dispatch({ type: 'navigation/SyncFromHistory', to: '/packages' }, 'router')
    app.dispatch({ type: 'tour/Start' })
    expect(app.getState().tour.running).toEqual({ step: 0 })
    app.dispatch({ type: 'tour/Move', step: 4 })
    expect(app.getState().tour.running).toEqual({ step: 4 })
    app.dispatch({ type: 'tour/Move', step: 5 })
    app.dispatch({ type: 'tour/Move', step: -1 })
    expect(app.getState().bus.rejected).toBe(2)
    app.dispatch({ type: 'tour/End', completed: true })
    expect(app.getState().tour.running).toBeUndefined()
    expect(app.getState().tour.completed).toEqual({ user: 'dev', at: '2026-01-01T00:00:00.000Z' })
    expect(ports.localStore.get(tourCompletedKey('dev'))).toBe('2026-01-01T00:00:00.000Z')
  })

  it('does not remember a skipped tour', () => {
    const ports = fakePorts()
    const app = createApp({ ports, effects, seed: started() })
    app.dispatch({ type: 'navigation/SyncFromHistory', to: '/packages' }, 'router')
    app.dispatch({ type: 'tour/Start' })
    app.dispatch({ type: 'tour/End', completed: false })
    expect(app.getState().tour.completed).toBeUndefined()
    expect(ports.localStore.get(tourCompletedKey('dev'))).toBeNull()
  })

  it('reads the completion back when the user data arrives, ignoring a value that is no date', async () => {
    const localStore = memoryStore()
    localStore.set(tourCompletedKey('dev'), '2025-12-24T10:00:00.000Z')
    localStore.set(tourCompletedKey('other'), '<img src=x>')
    const ports = fakePorts({ localStore })
    const state$ = Object.assign(new BehaviorSubject(createApp({ ports, effects: {} }).getState()), {})
    const read = async (name: string) => {
      const envelope = {
        seq: 1,
        at: '2026-01-01T00:00:00.000Z',
        source: 'effect' as const,
        corr: 'c-1',
        event: S.UserDataLoaded({ user: user({ name }) }),
      }
      const out = tourEffects.tourCompletion!(of(envelope), state$, ports)
      return (await firstValueFrom(out.pipe(toArray()))).map((o) => ('event' in o ? o.event : o))
    }
    expect(await read('dev')).toEqual([TourCompletionRead({ user: 'dev', at: '2025-12-24T10:00:00.000Z' })])
    expect(await read('other')).toEqual([])
    expect(await read('nobody')).toEqual([])
  })

  it('ends on a page without the chrome, and is refused to a non-admin in the tour environment', () => {
    const app = createApp({ ports: fakePorts(), effects, seed: started() })
    app.dispatch({ type: 'navigation/SyncFromHistory', to: '/packages' }, 'router')
    app.dispatch({ type: 'tour/Start' })
    app.dispatch({ type: 'navigation/Navigate', to: '/404' })
    expect(app.getState().tour.running).toBeUndefined()
    const tour = createApp({ ports: fakePorts(), effects, seed: started('tour') })
    tour.dispatch({ type: 'tour/Start' })
    expect(tour.getState().tour.running).toBeUndefined()
    expect(tour.getState().bus.rejected).toBe(1)
  })

  it('resets the guide context and matches it to the path after each navigation in tour and cloud trial', () => {
    const app = createApp({
      ports: fakePorts(),
      effects,
      seed: started('cloud-trial', true),
    })
    app.dispatch({ type: 'navigation/SyncFromHistory', to: '/packages' }, 'router')
    expect(app.getState().tour.guideContext).toBe('packages')
    app.dispatch({ type: 'navigation/Navigate', to: '/admin/proxies/configuration/list' })
    expect(app.getState().tour.guideContext).toBe('administration')
    app.dispatch({ type: 'navigation/Navigate', to: '/404' })
    expect(app.getState().tour.guideContext).toBeUndefined()
    const platform = createApp({ ports: fakePorts(), effects, seed: started() })
    platform.dispatch({ type: 'navigation/SyncFromHistory', to: '/packages' }, 'router')
    expect(platform.getState().tour.guideContext).toBeUndefined()
  })
})
