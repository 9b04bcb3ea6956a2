/**
 * Spec 000 section 4: "if UI access is blocked, to login". A signed-in user whose subscription
 * blocks the UI must reach the login page (signed out there, with the reason), not bounce
 * between the login guard (signed in: to the landing) and the block (to login) forever.
 */
import { appSlice } from '../../domain/app'
import { describe, expect, it } from 'vitest'
import { navigationArea } from '../../domain/navigation'
import * as P from '../../domain/platform/events'
import { sessionArea } from '../../domain/session/decider'
import * as S from '../../domain/session/events'
import { spec } from '../support/decider'
import { loginData, startedAs, startedEvents } from '../support/fixtures'
import type { AppEvent } from '../../domain/app'

/** The session area's reactions as the app runs them: over the app's state. */
const sessionPolicies = appSlice(sessionArea).policies!

const navigation = spec(appSlice(navigationArea))
const blocked = P.BlockedUsagesLoaded({ blocked: ['UI'] })
const types = (events: ReadonlyArray<AppEvent>) => events.map((e) => e.type)

describe('UI access blocked', () => {
  it('sends a signed-in user to the login page with the reason, signing them out there', () => {
    const events = navigation
      .given(...startedAs(), blocked)
      .when({ type: 'navigation/Navigate', to: '/packages' })
      .events()
    expect(types(events)).toContain('navigation/Navigated')
    const navigated = events.find((e) => e.type === 'navigation/Navigated')
    expect(navigated?.data).toMatchObject({
      location: { path: '/login', query: '?error=uiBlocked&logout=true' },
    })
    const asked = events.find((e) => e.type === 'navigation/GuardRequested')
    expect(asked?.data).toEqual({ commands: [{ type: 'session/SignOut', reason: 'uiBlocked' }] })
  })

  it('does the same when the signed-in user opens /login itself', () => {
    const events = navigation
      .given(...startedAs({ admin: true, name: 'admin' }), blocked)
      .when({ type: 'navigation/Navigate', to: '/login' })
      .events()
    const navigated = events.find((e) => e.type === 'navigation/Navigated')
    expect(navigated?.data).toMatchObject({
      location: { path: '/login', query: '?error=uiBlocked&logout=true' },
    })
  })

  it('sends an anonymous visitor to the login page with the reason and nothing to sign out', () => {
    const events = navigation
      .given(...startedEvents({ user: 'anonymous' }), loginData({ anonAccessEnabled: true }), blocked)
      .when({ type: 'navigation/Navigate', to: '/packages' })
      .events()
    const navigated = events.find((e) => e.type === 'navigation/Navigated')
    expect(navigated?.data).toMatchObject({ location: { path: '/login', query: '?error=uiBlocked' } })
    expect(types(events)).not.toContain('navigation/GuardRequested')
  })

  it('keeps the reason on the login page once signed out', () => {
    const state = navigation.given(...startedAs(), blocked).state
    const commands = sessionPolicies(
      { seq: 1, at: '', source: 'effect', corr: 'c', event: S.SignedOut({ reason: 'uiBlocked' }) } as never,
      state,
    )
    expect(commands).toContainEqual({
      type: 'navigation/Navigate',
      to: '/login?error=uiBlocked',
      replace: true,
    })
  })

  it('no licence: a developer is signed out to the login page, which says why', () => {
    const state = navigation.given(...startedAs()).state
    const commands = sessionPolicies(
      { seq: 1, at: '', source: 'effect', corr: 'c', event: S.SignedOut({ reason: 'noLicence' }) } as never,
      state,
    )
    expect(commands).toContainEqual({
      type: 'navigation/Navigate',
      to: '/login?error=noLicence',
      replace: true,
    })
  })
})
