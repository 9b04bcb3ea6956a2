// The navigation type (preferences area): loaded at start-up, switched from the user menu, saved on the server.
import { describe, expect, it } from 'vitest'
import { left } from 'fp-ts/Either'
import { createApp } from '../../composition/createApp'
import { preferencesEffects } from '../../commands/effects/preferences'
import * as P from '../../domain/platform/events'
import { anonymousContext, topMenuItems } from '../../domain/navigation'
import { fakeNavigationApi, fakePorts } from '../support/fakePorts'
import { allEffects } from '../../composition/createApp'
import { NavigationTypeSaveFailed, navigationTypeNotSaved, navigationTypeOf } from '../../domain/preferences'
import { Shown } from '../../domain/notifications/events'
import { messageText } from '../../ui/shared/messages'
import { platformApi, sessionApi, startedAs, user } from '../support/fixtures'

const signedIn = (name = 'developer') => startedAs({ name })

describe('navigation type', () => {
  it('follows the type the start-up sequence loaded', () => {
    const app = createApp({
      ports: fakePorts(),
      effects: {},
      seed: [...signedIn(), P.NavigationTypeInitialised({ navigationType: 'classic' })],
    })
    expect(navigationTypeOf(app.getState().preferences)).toBe('classic')
  })

  it('switches, saves the choice, and names the other type in the user menu', async () => {
    const api = fakeNavigationApi()
    const app = createApp({
      ports: fakePorts({ navigationApi: api }),
      effects: preferencesEffects,
      seed: signedIn(),
    })
    app.dispatch({ type: 'preferences/SwitchNavigationType' })
    expect(navigationTypeOf(app.getState().preferences)).toBe('classic')
    await expect.poll(() => api.saved).toEqual(['classic'])
    app.dispatch({ type: 'preferences/SwitchNavigationType' })
    await expect.poll(() => api.saved).toEqual(['classic', 'new'])
    const ctx = { ...anonymousContext, signedIn: true, userName: 'developer' }
    expect(topMenuItems(ctx, 'new').find((i) => i.id === 'switchUi')?.title).toBe('Switch to Classic UI')
    expect(topMenuItems(ctx, 'classic').find((i) => i.id === 'switchUi')?.title).toBe('Switch to New UI')
  })

  it('goes back and tells the user when saving fails', async () => {
    const api = {
      ...fakeNavigationApi(),
      saveNavigationType: async () => left({ kind: 'network' as const, message: 'offline' }),
    }
    const app = createApp({
      ports: fakePorts({ navigationApi: api }),
      effects: preferencesEffects,
      seed: signedIn(),
    })
    app.dispatch({ type: 'preferences/SwitchNavigationType' })
    await expect.poll(() => navigationTypeOf(app.getState().preferences)).toBe('new')
    const toasts = app.getState().notifications.toasts
    expect(toasts.map((t) => [t.kind, t.message])).toEqual([
      ['error', { key: 'navigationTypeNotSaved', detail: 'offline' }],
    ])
    expect(messageText({ key: 'navigationTypeNotSaved', detail: 'offline' })).toBe(
      'Could not switch the navigation type: offline',
    )
  })

  it.each([
    ['new', 'classic'],
    ['classic', 'new'],
  ] as const)('a %s type the platform did not save goes back to %s, with the reason as data', (to, back) => {
    const failure = { kind: 'status' as const, status: 503, message: 'unavailable' }
    expect(navigationTypeNotSaved({ switchedTo: to, failure, id: 't-1' })).toEqual([
      NavigationTypeSaveFailed({ type: back, failure }),
      Shown({
        id: 't-1',
        kind: 'error',
        message: { key: 'navigationTypeNotSaved', detail: 'unavailable' },
      }),
    ])
  })

  it('is refused to an anonymous visitor', () => {
    const app = createApp({ ports: fakePorts(), effects: {} })
    app.dispatch({ type: 'preferences/SwitchNavigationType' })
    expect(navigationTypeOf(app.getState().preferences)).toBe('new')
    expect(app.getState().bus.rejected).toBe(1)
  })

  it('is loaded from the server at the end of start-up; a failure is logged and the default kept', async () => {
    const boot = (navigationApi: ReturnType<typeof fakeNavigationApi>) => {
      const app = createApp({
        ports: fakePorts({ platformApi: platformApi(), sessionApi: sessionApi({}, user()), navigationApi }),
        effects: allEffects,
      })
      const types: string[] = []
      app.events$.subscribe((e) => types.push(e.event.type))
      app.dispatch({ type: 'platform/Start', reason: 'boot' })
      return { app, types }
    }
    const loaded = boot(fakeNavigationApi('classic'))
    await expect.poll(() => navigationTypeOf(loaded.app.getState().preferences)).toBe('classic')
    const failing = boot({
      ...fakeNavigationApi('classic'),
      navigationType: async () => left({ kind: 'network' as const, message: 'offline' }),
    })
    await expect.poll(() => failing.types).toContain('platform/NavigationTypeFailed')
    expect(navigationTypeOf(failing.app.getState().preferences)).toBe('new')
    expect(failing.app.getState().platform.initialDataFetched).toBe(true)
    expect(failing.app.getState().notifications.toasts).toEqual([])
  })
})
