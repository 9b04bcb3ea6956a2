/**
 * A deep link opened while signed out comes back after login (spec 000 §4): the session's
 * rule, seen through the session area's policies; the saving rule then judges the path.
 */
import { describe, expect, it } from 'vitest'
import { initialAppState, type AppEvent, appSlice } from '../../domain/app'
import { Redirected } from '../../domain/navigation/events'
import { sessionArea } from '../../domain/session'
import { pathKeptOnLoginRedirect } from '../../domain/session/redirect'
import { searchArea } from '../../domain/search'
import type { Envelope } from '../../domain/shared/area'

const envelope = (event: AppEvent): Envelope<AppEvent> =>
  ({ seq: 1, at: '2026-01-01T00:00:00.000Z', source: 'router', corr: 'c', event }) as Envelope<AppEvent>

const policiesOn = (from: string, to: string) =>
  appSlice(sessionArea).policies?.(
    envelope(Redirected({ from, to, reason: 'anonymous user' })),
    initialAppState,
  ) ?? []

describe('path kept when a page is sent to login', () => {
  it('a search route sent to login is saved with its query, under the /ui base', () => {
    expect(policiesOn('/packages?q=react&pkg=npm', '/login')).toEqual([
      { type: 'session/SavePathAfterLogin', path: '/ui/packages?q=react&pkg=npm' },
    ])
    expect(pathKeptOnLoginRedirect({ from: '/packages/npm%3A%2F%2Freact', to: '/login?logout=true' })).toBe(
      '/ui/packages/npm%3A%2F%2Freact',
    )
  })

  it('any deep link is kept (an admin page too); redirects elsewhere than login keep nothing', () => {
    expect(policiesOn('/admin/configuration/general', '/login')).toEqual([
      { type: 'session/SavePathAfterLogin', path: '/ui/admin/configuration/general' },
    ])
    expect(policiesOn('/packages?q=react', '/404')).toEqual([])
    expect(policiesOn('/packages?q=react', '/loginx')).toEqual([])
  })

  it('the root and /home ask for no page: nothing is kept, the landing follows who signs in', () => {
    // Kept, the root came back after login as the home redirect, which the platform's features
    // decide once they have arrived: an admin landed on the overview or on topology by timing.
    for (const from of ['/', '/home', '/?x=1', '/ui', '/ui/', '/ui/home'])
      expect(pathKeptOnLoginRedirect({ from, to: '/login' })).toBeNull()
    expect(policiesOn('/', '/login')).toEqual([])
    expect(pathKeptOnLoginRedirect({ from: '/homework', to: '/login' })).toBe('/ui/homework')
  })

  it('the search area no longer asks for it (one rule, in the session area)', () => {
    const event = envelope(Redirected({ from: '/packages?q=react', to: '/login', reason: 'anonymous user' }))
    expect(appSlice(searchArea).policies?.(event, initialAppState) ?? []).toEqual([])
  })
})
