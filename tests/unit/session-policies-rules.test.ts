// What the session asks for next when a fact is recorded (domain/session/policies.ts), for the
// facts no other test reads: where a completed login goes for each kind of target, an SSO
// failure without a code, a sign-out because the UI is blocked or no licence is installed, an
// invitation refused, and the login data arriving on a login page that signs out.
import { describe, expect, it } from 'vitest'
import { appSlice, type AppCommand, type AppEvent, type AppState } from '../../domain/app'
import { Navigated } from '../../domain/navigation/events'
import * as S from '../../domain/session'
import * as A from '../../domain/session/accountEvents'
import { sessionArea } from '../../domain/session/decider'
import { NO_LICENCE_ERROR, UI_BLOCKED_ERROR } from '../../domain/session/loginGuard'
import { evolve, foldEvents } from '../support/decider'
import { loginData, safePath, user } from '../support/fixtures'

const sessionPolicies = appSlice(sessionArea).policies!
const NOW = '2026-01-01T00:00:00.000Z'
const policies = (state: AppState, event: AppEvent): ReadonlyArray<AppCommand> =>
  sessionPolicies({ seq: 1, at: NOW, source: 'effect', corr: 'c', event }, evolve(state, event))
const at = (path: string, query = '') =>
  Navigated({ location: { path, query }, routeName: 'login', mode: 'push', user: 'developer' })
const navigate = (to: string) => ({ type: 'navigation/Navigate', to, replace: true })
const failure = { kind: 'status' as const, status: 404, message: 'no such invitation' }

describe('after a completed login', () => {
  it('an internal page or a saved one is opened; the landing is gone to; an external address asks nothing here', () => {
    const state = foldEvents([])
    for (const target of ['internal', 'saved'] as const)
      expect(policies(state, S.RedirectedAfterLogin({ target, path: safePath('/packages?q=a') }))).toEqual([
        navigate('/packages?q=a'),
      ])
    expect(
      policies(foldEvents([at('/login')]), S.RedirectedAfterLogin({ target: 'landing', path: '' })),
    ).toEqual([{ type: 'navigation/GoToLanding' }])
    // Leaving for another address is a full-page navigation its effect starts.
    expect(
      policies(state, S.RedirectedAfterLogin({ target: 'external', path: safePath('/elsewhere') })),
    ).toEqual([])
  })

  it('the landing is not gone to again by a user who has already left the login page', () => {
    // The user data can land a signed-in user before onboarding's check asks for the redirect
    // (its chunk loading slowly): a page opened in between was left for the landing again.
    const moved = foldEvents([at('/login'), at('/packages')])
    expect(policies(moved, S.RedirectedAfterLogin({ target: 'landing', path: '' }))).toEqual([])
  })
})

describe('failures that send the user back to the login page', () => {
  it('an SSO failure without a code says the provider failed', () => {
    const failed = S.SsoSignInFailed({ kind: 'http', failure: { kind: 'network', message: 'reset' } })
    expect(policies(foldEvents([]), failed)).toEqual([navigate('/login?ssoError=provider')])
  })

  it('signed out because the UI is blocked or no licence is installed: the login page says which', () => {
    for (const reason of [UI_BLOCKED_ERROR, NO_LICENCE_ERROR])
      expect(policies(foldEvents([]), S.SignedOut({ reason }))).toEqual([
        { type: 'session/ResetIdentity' },
        navigate(`/login?error=${reason}`),
      ])
  })
})

describe('an invitation refused', () => {
  it('signs the user out, unless a sign-out is already under way', () => {
    const refused = A.InvitationRejected({ failure })
    expect(policies(foldEvents([]), refused)).toEqual([{ type: 'session/SignOut', reason: 'invitation' }])
    const signingOut = foldEvents([
      S.UserDataLoaded({ user: user() }),
      S.SignOutRequested({ reason: 'logout', providerLogout: null }),
    ])
    expect(signingOut.session.status).toBe('signingOut')
    expect(policies(signingOut, refused)).toEqual([])
  })
})

describe('the login data arriving on a login page', () => {
  it('on the login page with the logout flag, no second sign-out is asked (its guard asked one)', () => {
    const state = foldEvents([S.UserDataLoaded({ user: user() }), at('/login', '?logout=true')])
    expect(policies(state, loginData())).toEqual([])
  })
})
