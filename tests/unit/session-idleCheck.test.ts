// The idle-session check (spec 000 section 4): the browser reports activity after an idle spell,
// the session area asks the server, and an ended session goes to login keeping the page.
import { appSlice } from '../../domain/app'
import { describe, expect, it } from 'vitest'
import { right } from 'fp-ts/Either'
import { createApp } from '../../composition/createApp'
import { allEffects } from '../../composition/createApp'
import type { AppCommand, AppEvent } from '../../domain/app'
import * as S from '../../domain/session/events'
import { Navigated, SessionCheckRequested } from '../../domain/navigation/events'
import { sessionArea } from '../../domain/session/decider'
import { PATH_AFTER_LOGIN_KEY, SESSION_IDLE_LIMIT_MS } from '../../domain/session/rules'
import type { SessionApi } from '../../adapters/ports'
import { startActivityWatch, type ActivityWindow } from '../../ui/session/activityWatch'
import { fakePorts } from '../support/fakePorts'
import { anonymous, fail, sessionApi, user } from '../support/fixtures'
import { flush } from '../support/wait'
import { spec } from '../support/decider'

const session = spec(appSlice(sessionArea))

const onPage = Navigated({
  location: { path: '/packages', query: '?type=npm' },
  routeName: 'packages',
  mode: 'push',
  user: 'developer',
})

function appWith(api: Partial<SessionApi>, seed: AppEvent[] = [S.UserDataLoaded({ user: user() })]) {
  let checks = 0
  const ports = fakePorts({
    sessionApi: sessionApi({
      ...api,
      current: (...args) => {
        checks++
        return (api.current ?? (() => Promise.resolve(right(user()))))(...args)
      },
    }),
  })
  const app = createApp({ ports, effects: allEffects, seed: [...seed, onPage] })
  const types: string[] = []
  app.events$.subscribe((e) => types.push(e.event.type))
  return { app, ports, types, checks: () => checks }
}

describe('session/CheckSession (decider)', () => {
  const signedIn = session.given(S.UserDataLoaded({ user: user() }), onPage)
  it('asks for a check only for a signed-in session idle for longer than the limit', () => {
    signedIn
      .when({ type: 'session/CheckSession', idleMs: SESSION_IDLE_LIMIT_MS })
      .rejected('the session was not idle long enough')
    signedIn
      .when({ type: 'session/CheckSession', idleMs: SESSION_IDLE_LIMIT_MS + 1 })
      .then(SessionCheckRequested({ idleMs: SESSION_IDLE_LIMIT_MS + 1, user: 'developer' }))
  })

  it('has nothing to check for the anonymous user or before the user is known', () => {
    session
      .given(S.UserDataLoaded({ user: anonymous() }), onPage)
      .when({ type: 'session/CheckSession', idleMs: 120_000 })
      .rejected('no signed-in session to check')
    session
      .given()
      .when({ type: 'session/CheckSession', idleMs: 120_000 })
      .rejected('no signed-in session to check')
  })
})

describe("the check's answer and the refresh timer (decider)", () => {
  const signedIn = session.given(S.UserDataLoaded({ user: user() }), onPage)
  const conclude = (answer: ReturnType<typeof user>) =>
    ({ type: 'session/ConcludeSessionCheck', user: 'developer', answer }) as const

  it('the same user: the session stays with the fresh data; anyone else: it ended', () => {
    signedIn
      .when(conclude(user({ projectAdmin: true })))
      .then(S.SessionConfirmed({ user: user({ projectAdmin: true }) }))
    signedIn.when(conclude(anonymous())).then(S.SignedOut({ reason: 'expired' }))
    signedIn.when(conclude(user({ name: 'someone-else' }))).then(S.SignedOut({ reason: 'expired' }))
  })

  it('an answer for a session that changed while the check ran changes nothing', () => {
    session
      .given(S.UserDataLoaded({ user: user({ name: 'other' }) }), onPage)
      .when(conclude(anonymous()))
      .nothing()
    session.given().when(conclude(user())).nothing()
  })

  it('a refresh is due only for a signed-in session', () => {
    signedIn.when({ type: 'session/RefreshSession' }).then(S.RefreshDue({ user: 'developer' }))
    session
      .given(S.UserDataLoaded({ user: anonymous() }))
      .when({ type: 'session/RefreshSession' })
      .nothing()
  })
})

describe('the session check (effect)', () => {
  it('a session the server ended: data cleared, path kept, login; signing in again returns to the page', async () => {
    let signedIn = false
    const { app, ports, types } = appWith({
      current: () => Promise.resolve(right(signedIn ? user() : anonymous())),
      login: () => {
        signedIn = true
        return Promise.resolve(right(user()))
      },
    })
    app.dispatch({ type: 'session/CheckSession', idleMs: 61_000 })
    await flush()
    expect(types).toContain('session/SignedOut')
    expect(app.exportLog()).toContain('"reason":"expired"')
    const state = app.getState()
    expect(state.session.status).toBe('anonymous')
    expect(state.session.user).toBeNull()
    expect(state.navigation.location.path).toBe('/login')
    const saved = JSON.parse(ports.sessionStore.get(PATH_AFTER_LOGIN_KEY) ?? 'null') as {
      pathAfterLogin: string
    }
    expect(saved.pathAfterLogin).toBe('/ui/packages?type=npm')

    app.dispatch({
      type: 'session/SignIn',
      user: 'developer',
      passwordRef: app.stashSecret('pw'),
      rememberMe: false,
    } as AppCommand)
    await flush()
    expect(app.getState().session.status).toBe('signedIn')
    expect(app.exportLog()).toContain('"target":"saved"')
    expect(app.getState().navigation.location).toEqual({ path: '/packages', query: '?type=npm' })
    expect(ports.sessionStore.get(PATH_AFTER_LOGIN_KEY)).toBeNull()
  })

  it('a session signed in as another user is no longer this one', async () => {
    const { app } = appWith({ current: () => Promise.resolve(right(user({ name: 'someone-else' }))) })
    app.dispatch({ type: 'session/CheckSession', idleMs: 61_000 })
    await flush()
    expect(app.getState().session.status).toBe('anonymous')
  })

  it('a valid session stays, with the user data the server has now', async () => {
    const { app, types } = appWith({ current: () => Promise.resolve(right(user({ projectAdmin: true }))) })
    app.dispatch({ type: 'session/CheckSession', idleMs: 61_000 })
    await flush()
    expect(types).toContain('session/SessionConfirmed')
    expect(app.getState().session.status).toBe('signedIn')
    expect(app.getState().session.user?.projectAdmin).toBe(true)
    expect(app.getState().navigation.location.path).toBe('/packages')
  })

  it('an unreachable server signs nobody out', async () => {
    const { app, types } = appWith({ current: () => fail({ kind: 'network', message: 'offline' }) })
    app.dispatch({ type: 'session/CheckSession', idleMs: 61_000 })
    await flush()
    expect(types).toContain('session/SessionCheckFailed')
    expect(app.getState().session.status).toBe('signedIn')
  })

  it('one check at a time: requests while one runs are absorbed', async () => {
    let release: () => void = () => undefined
    const { app, checks } = appWith({
      current: () =>
        new Promise((resolve) => {
          release = () => resolve(right(user()))
        }),
    })
    app.dispatch({ type: 'session/CheckSession', idleMs: 61_000 })
    app.dispatch({ type: 'session/CheckSession', idleMs: 62_000 })
    await flush()
    expect(checks()).toBe(1)
    release()
    await flush()
    app.dispatch({ type: 'session/CheckSession', idleMs: 63_000 })
    await flush()
    expect(checks()).toBe(2)
  })
})

describe('activity watch (browser side)', () => {
  function fakeWindow() {
    const listeners = new Map<string, Set<() => void>>()
    const win: ActivityWindow & { fire(type: string): void; visibilityState: string; count(): number } = {
      visibilityState: 'visible',
      get document() {
        return { visibilityState: win.visibilityState }
      },
      addEventListener: (type, listener) => {
        const set = listeners.get(type) ?? new Set()
        set.add(listener)
        listeners.set(type, set)
      },
      removeEventListener: (type, listener) => void listeners.get(type)?.delete(listener),
      fire: (type) => listeners.get(type)?.forEach((l) => l()),
      count: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
    }
    return win
  }

  it('reports activity only after more than the idle limit without any', () => {
    const win = fakeWindow()
    let now = 1_000_000
    const sent: AppCommand[] = []
    const stop = startActivityWatch(
      (c) => sent.push(c),
      win,
      () => now,
    )
    now += 30_000
    win.fire('mousemove')
    now += 59_000
    win.fire('keydown')
    expect(sent).toEqual([])
    now += 61_000
    win.visibilityState = 'hidden'
    win.fire('visibilitychange')
    expect(sent).toEqual([])
    win.visibilityState = 'visible'
    win.fire('visibilitychange')
    expect(sent).toEqual([{ type: 'session/CheckSession', idleMs: 61_000 }])
    win.fire('pointerdown')
    expect(sent).toHaveLength(1)
    stop()
    expect(win.count()).toBe(0)
  })
})
