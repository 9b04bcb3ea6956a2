// Spec 000 §4: the login guard sends a signed-in user away from the login screens, also when the
// user data arrives after the login page was opened (the guard is asked again then).
import { appSlice } from '../../domain/app'
import { describe, expect, it } from 'vitest'
import type { AppEvent } from '../../domain/app'
import { sessionArea } from '../../domain/session/decider'
import * as S from '../../domain/session/events'
import { Navigated } from '../../domain/navigation/events'
import { anonymous, user } from '../support/fixtures'
import { foldEvents } from '../support/decider'

/** The session area's reactions as the app runs them: over the app's state. */
const sessionPolicies = appSlice(sessionArea).policies!

const on = (path: string, query = '') =>
  Navigated({ location: { path, query }, routeName: 'login', mode: 'push' } as Parameters<
    typeof Navigated
  >[0])

const after = (events: ReadonlyArray<AppEvent>, last: AppEvent) => {
  const state = foldEvents([...events, last])
  return sessionPolicies({ seq: 1, at: '', source: 'effect', corr: 'c', event: last }, state)
}

describe('login screens once the user is known', () => {
  it('user data of a signed-in user arriving on /login (or /auth) goes to the default landing', () => {
    for (const path of ['/login', '/auth', '/login/forgot-password'])
      expect(after([on(path)], S.UserDataLoaded({ user: user() })), path).toEqual([
        { type: 'navigation/GoToLanding' },
      ])
  })

  it('an anonymous user stays; so does a signed-in user confirming a CLI login, or one off the login screens', () => {
    expect(after([on('/login')], S.UserDataLoaded({ user: anonymous() }))).toEqual([])
    expect(after([on('/login/cli-registration')], S.UserDataLoaded({ user: user() }))).toEqual([])
    expect(after([on('/packages')], S.UserDataLoaded({ user: user() }))).toEqual([])
  })
})
