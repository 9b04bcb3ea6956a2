// Given events, when a command, then events: quick setup (spec 000 section 4), an area of its
// own, and what it asks of the set-me-up area.
import { describe, expect, it } from 'vitest'
import type { AppEvent, AppState } from '../../domain/app'
import * as P from '../../domain/platform/events'
import * as S from '../../domain/setMeUp/events'
import * as Q from '../../domain/quickSetup/events'
import { Navigated } from '../../domain/navigation/events'
import { quickSetupArea as quickSetupSlice } from '../../domain/quickSetup/decider'
import { appSlice } from '../../domain/app'
import { foldEvents, spec } from '../support/decider'

/** The area as the app runs it: its context from the state. */
const quickSetupArea = appSlice(quickSetupSlice)

const meta = { now: '2026-01-01T00:00:00.000Z', id: 'x' }
const given = (...events: AppEvent[]): AppState => foldEvents(events)
const quickSetup = spec(quickSetupArea, meta)
const policies = (state: AppState, event: AppEvent) =>
  quickSetupArea.policies?.({ seq: 1, at: meta.now, source: 'ui', corr: 'c', event }, state)

describe('quick setup (spec 000 section 4; an area of its own)', () => {
  const quickDeploy = P.FeaturesLoaded({ features: { quickDeployLanding: true } })

  it('opens as the overlay wizard without the quick-deploy landing', () => {
    quickSetup
      .given()
      .when({ type: 'quickSetup/Open' })
      .then(Q.QuickSetupOpened({ asRoute: false }))
    expect(given(Q.QuickSetupOpened({ asRoute: false })).quickSetup.wizard?.visible).toBe(true)
  })

  it('with the quick-deploy landing it opens as the /quick-setup route: the policy navigates there', () => {
    quickSetup
      .given(quickDeploy)
      .when({ type: 'quickSetup/Open' })
      .then(Q.QuickSetupOpened({ asRoute: true }))
    const opened = Q.QuickSetupOpened({ asRoute: true })
    const state = given(quickDeploy, opened)
    expect(state.quickSetup.wizard).toBeUndefined()
    expect(policies(state, opened)).toEqual([{ type: 'navigation/Navigate', to: '/quick-setup' }])
    const there = {
      ...state,
      navigation: { ...state.navigation, location: { path: '/quick-setup', query: '' } },
    }
    expect(policies(there, opened)).toEqual([])
  })

  it('closing quick setup resets its package choice', () => {
    quickSetup
      .given(Q.QuickSetupOpened({ asRoute: false }))
      .when({ type: 'quickSetup/Close' })
      .then(Q.QuickSetupClosed({}))
    expect(given(Q.QuickSetupOpened({ asRoute: false }), Q.QuickSetupClosed({})).quickSetup).toEqual({})
  })

  it('the overlay closes on navigation (it is one of the modals), and only while it is open', () => {
    const navigated = Navigated({
      location: { path: '/builds', query: '' },
      routeName: 'builds',
      mode: 'push',
      user: 'developer',
      sidebar: 'application',
    })
    expect(policies(given(Q.QuickSetupOpened({ asRoute: false })), navigated)).toEqual([
      { type: 'quickSetup/Close' },
    ])
    expect(policies(given(), navigated)).toEqual([])
  })

  it('set-me-up shown by its own area hides the overlay', () => {
    const shown = given(Q.QuickSetupOpened({ asRoute: false }), S.SetMeUpShown({ packageType: 'npm' }))
    expect(shown.quickSetup).toEqual({})
    expect(shown.setMeUp.panel?.visible).toBe(true)
  })

  it('setting up a client of a type without a flow chooses set-me-up and closes quick setup', () => {
    quickSetup
      .given(Q.QuickSetupOpened({ asRoute: false }))
      .when({ type: 'quickSetup/SetUpClient', packageType: 'Generic', repo: 'files-local' })
      .then(
        Q.SetMeUpChosen({ packageType: 'generic', availableRepos: ['files-local'] }),
        Q.QuickSetupClosed({}),
      )
    // The set-me-up area shows it, asked by command (it decides its own events).
    const chosen = Q.SetMeUpChosen({ packageType: 'generic', availableRepos: ['files-local'] })
    expect(policies(given(Q.QuickSetupOpened({ asRoute: false }), chosen), chosen)).toEqual([
      { type: 'setMeUp/Show', packageType: 'generic', availableRepos: ['files-local'] },
    ])
  })

  it('a relaunched client flow asks the set-me-up area for the platform’s address', () => {
    quickSetup
      .given(Q.QuickSetupOpened({ asRoute: false }))
      .when({ type: 'quickSetup/SetUpClient', packageType: 'NPM', repo: 'npm-local' })
      .then(Q.ClientFlowRelaunched({ packageType: 'npm', repo: 'npm-local' }), Q.QuickSetupClosed({}))
    const relaunched = Q.ClientFlowRelaunched({ packageType: 'npm', repo: 'npm-local' })
    const state = given(relaunched)
    expect(state.quickSetup.clientFlow).toEqual({ packageType: 'npm', repo: 'npm-local', step: 0 })
    expect(policies(state, relaunched)).toEqual([{ type: 'setMeUp/LoadClientBaseUrl' }])
  })

  it('refuses a client without a package type or with a bad repository key', () => {
    quickSetup
      .given()
      .when({ type: 'quickSetup/SetUpClient', packageType: ' ', repo: 'x' })
      .rejected('choose a package type')
    quickSetup
      .given()
      .when({ type: 'quickSetup/SetUpClient', packageType: 'npm', repo: '../etc' })
      .rejected('repo: invalidName')
  })

  it('moves the client flow through its steps only, and closes it once', () => {
    const relaunched = Q.ClientFlowRelaunched({ packageType: 'npm', repo: 'npm-local' })
    quickSetup.given().when({ type: 'quickSetup/MoveClientFlow', step: 1 }).rejected('no client flow is open')
    quickSetup
      .given(relaunched)
      .when({ type: 'quickSetup/MoveClientFlow', step: 2 })
      .then(Q.ClientFlowStepShown({ step: 2 }))
    quickSetup.given(relaunched).when({ type: 'quickSetup/MoveClientFlow', step: 0 }).nothing()
    quickSetup
      .given(relaunched)
      .when({ type: 'quickSetup/MoveClientFlow', step: 5 })
      .rejected('the client flow has no step 5')
    quickSetup
      .given(relaunched)
      .when({ type: 'quickSetup/CloseClientFlow', finished: true })
      .then(Q.ClientFlowClosed({ finished: true }))
    quickSetup.given().when({ type: 'quickSetup/CloseClientFlow', finished: false }).nothing()
    expect(given(relaunched, Q.ClientFlowClosed({ finished: false })).quickSetup).toEqual({})
  })
})
