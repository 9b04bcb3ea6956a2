// Identity tracking and periodic refreshes (spec 000 section 4): identity set after login (its
// lifetime only), reset on logout except in the tour; refreshes run only while signed in.
import { describe, expect, it } from 'vitest'
import { right } from 'fp-ts/Either'
import { VirtualAction, VirtualTimeScheduler } from 'rxjs'
import { createApp } from '../../composition/createApp'
import { allEffects } from '../../composition/createApp'
import { SESSION_REFRESH_MS } from '../../commands/effects/session'
import type { AppCommand, AppEvent } from '../../domain/app'
import * as P from '../../domain/platform/events'
import * as S from '../../domain/session/events'
import type { SessionApi } from '../../adapters/ports'
import { fakePorts } from '../support/fakePorts'
import { footer, sessionApi, user } from '../support/fixtures'
import { flush } from '../support/wait'

const started = (flavour: string): AppEvent =>
  P.InitialDataLoaded({
    version: { version: '7.0.0', revision: '1' },
    microservices: [],
    footer: footer({ flavour }),
    entitlements: [],
  })

function appFor(flavour: string, api: Partial<SessionApi> = {}) {
  const identified: string[] = []
  const ports = fakePorts({
    sessionApi: sessionApi({
      login: () => Promise.resolve(right(user())),
      current: () => Promise.resolve(right(user())),
      identify: (name) => {
        identified.push(name)
        return Promise.resolve(right({ expiresIn: 3600 }))
      },
      ...api,
    }),
  })
  const app = createApp({ ports, effects: allEffects, seed: [started(flavour)] })
  const types: string[] = []
  app.events$.subscribe((e) => types.push(e.event.type))
  const signIn = async () => {
    app.dispatch({
      type: 'session/SignIn',
      user: 'developer',
      passwordRef: app.stashSecret('Secret-pw-1'),
      rememberMe: false,
    } as AppCommand)
    await flush()
  }
  return { app, ports, types, identified, signIn }
}

describe('identity tracking', () => {
  for (const flavour of ['platform', 'tour']) {
    it(`is set after a completed login with its lifetime, never a token (${flavour})`, async () => {
      const { app, types, identified, signIn } = appFor(flavour)
      await signIn()
      expect(identified).toEqual(['developer'])
      expect(types).toContain('session/IdentitySet')
      expect(app.getState().session.identity).toEqual({
        user: 'developer',
        expiresIn: 3600,
        at: '2026-01-01T00:00:00.000Z',
      })
      const line = app
        .exportLog()
        .split('\n')
        .find((l) => l.includes('"session/IdentitySet"'))
      // The time is the envelope's, not a copy in the event.
      expect(JSON.parse(line ?? '{}')).toMatchObject({
        at: '2026-01-01T00:00:00.000Z',
        data: { user: 'developer', expiresIn: 3600 },
      })
      expect(JSON.parse(line ?? '{}').data).toEqual({ user: 'developer', expiresIn: 3600 })
      expect(app.exportLog()).not.toContain('Secret-pw-1')
    })
  }

  it('is reset on logout outside the tour', async () => {
    const { app, types, signIn } = appFor('platform')
    await signIn()
    app.dispatch({ type: 'session/SignOut', reason: 'logout' })
    await flush()
    expect(types).toContain('session/IdentityReset')
    expect(types.indexOf('session/IdentityReset')).toBeGreaterThan(types.indexOf('session/SignedOut'))
    expect(app.getState().session.identity).toBeNull()
  })

  it('is not reset on logout in the tour', async () => {
    const { app, types, signIn } = appFor('tour')
    await signIn()
    app.dispatch({ type: 'session/SignOut', reason: 'logout' })
    await flush()
    expect(types).toContain('session/SignedOut')
    expect(types).not.toContain('session/IdentityReset')
    expect(app.getState().session.identity?.user).toBe('developer')
    // Asking for it directly is refused, with the reason in the log.
    app.dispatch({ type: 'session/ResetIdentity' })
    expect(app.exportLog()).toContain('the tour keeps identity tracking')
  })

  it('a failed identity call is recorded and changes nothing else', async () => {
    const { app, types, signIn } = appFor('platform', {
      identify: () => Promise.resolve({ _tag: 'Left', left: { kind: 'status', status: 403, message: 'no' } }),
    })
    await signIn()
    expect(types).toContain('session/IdentityFailed')
    expect(app.getState().session.identity).toBeNull()
    expect(app.getState().session.status).toBe('signedIn')
  })
})

describe('periodic refreshes', () => {
  it('run while signed in and pause on logout', async () => {
    const scheduler = new VirtualTimeScheduler(VirtualAction, Number.POSITIVE_INFINITY)
    let checks = 0
    const ports = fakePorts({
      scheduler,
      sessionApi: sessionApi({
        current: () => {
          checks++
          return Promise.resolve(right(user()))
        },
        identify: () => Promise.resolve(right({ expiresIn: 3600 })),
      }),
    })
    const app = createApp({ ports, effects: allEffects })
    const refreshes = () => app.exportLog().split('"session/RefreshDue"').length - 1
    // One period at a time: each refresh's call to the server answers before the next is due.
    const advance = async (ms: number) => {
      for (let step = 0; step < ms / SESSION_REFRESH_MS; step++) {
        scheduler.maxFrames = scheduler.frame + SESSION_REFRESH_MS
        scheduler.flush()
        await flush()
      }
    }
    // Not signed in: nothing runs.
    await advance(3 * SESSION_REFRESH_MS)
    expect(refreshes()).toBe(0)

    app.dispatch({ type: 'platform/Start' })
    await flush()
    expect(app.getState().session.refreshesPaused).toBe(false)
    const before = checks
    await advance(3 * SESSION_REFRESH_MS)
    expect(refreshes()).toBe(3)
    expect(checks - before).toBe(3)
    expect(app.getState().session.status).toBe('signedIn')

    app.dispatch({ type: 'session/SignOut', reason: 'logout' })
    await flush()
    expect(app.getState().session.refreshesPaused).toBe(true)
    await advance(3 * SESSION_REFRESH_MS)
    expect(refreshes()).toBe(3)
  })

  it('a refresh that finds the session ended goes to login', async () => {
    const scheduler = new VirtualTimeScheduler(VirtualAction, Number.POSITIVE_INFINITY)
    let valid = true
    const ports = fakePorts({
      scheduler,
      sessionApi: sessionApi({
        current: () => Promise.resolve(right(valid ? user() : user({ name: 'anonymous', anonymous: true }))),
      }),
    })
    const app = createApp({ ports, effects: allEffects, seed: [S.UserDataLoaded({ user: user() })] })
    valid = false
    scheduler.maxFrames = SESSION_REFRESH_MS
    scheduler.flush()
    await flush()
    expect(app.getState().session.status).toBe('anonymous')
    expect(app.getState().navigation.location.path).toBe('/login')
  })
})
