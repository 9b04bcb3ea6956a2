/**
 * The platform area's decider (spec 000 section 4, the start-up sequence): what each start-up
 * answer makes known to the rest of the console, a second Start while one runs, a failure kept
 * as a fact, and a login that makes the sequence run again.
 */
import { describe, expect, it } from 'vitest'
import { appSlice } from '../../domain/app'
import { platformArea } from '../../domain/platform'
import * as P from '../../domain/platform/events'
import * as S from '../../domain/session/events'
import { foldEvents, spec } from '../support/decider'
import { anonymous, footer, loginData, statusFailure, user } from '../support/fixtures'

const platform = spec(appSlice(platformArea))
const loaded = P.InitialDataLoaded({
  version: { version: '7.90.1', revision: '79001' },
  microservices: [{ name: 'xray', key: 'jfxr', enabled: true }],
  footer: footer({ serverName: 'Acme' }),
  entitlements: ['xray'],
})

describe('the platform start-up', () => {
  it('starts when not running, with its reason, and refuses a second Start while it runs', () => {
    platform
      .given()
      .when({ type: 'platform/Start' })
      .then(P.StartRequested({ reason: 'boot', onPremMetricsSent: false }))
    platform
      .given()
      .when({ type: 'platform/Start', reason: 'login' })
      .then(P.StartRequested({ reason: 'login', onPremMetricsSent: false }))
    platform
      .given(P.StartRequested({ reason: 'boot', onPremMetricsSent: false }))
      .when({ type: 'platform/Start' })
      .rejected(/already running/)
    // Metrics that went out earlier in the page's life are not sent again: the start says so.
    platform
      .given(P.OnPremMetricsSent({ metrics: { frontendVersion: '1', packageTypes: [], services: 1 } }))
      .when({ type: 'platform/Start', reason: 'login' })
      .then(P.StartRequested({ reason: 'login', onPremMetricsSent: true }))
    // Once it has completed or failed, it may run again.
    platform
      .given(P.StartRequested({ reason: 'boot', onPremMetricsSent: false }), P.StartCompleted({}))
      .when({ type: 'platform/Start' })
      .then(P.StartRequested({ reason: 'boot', onPremMetricsSent: false }))
    platform
      .given(
        P.StartRequested({ reason: 'boot', onPremMetricsSent: false }),
        P.StartFailed({ step: 'features', failure: statusFailure(500, 'down') }),
      )
      .when({ type: 'platform/Start' })
      .then(P.StartRequested({ reason: 'boot', onPremMetricsSent: false }))
  })

  it('counts its runs, and a new run forgets the last failure', () => {
    const failure = statusFailure(503, 'unavailable')
    const failed = foldEvents([
      P.StartRequested({ reason: 'boot', onPremMetricsSent: false }),
      P.StartFailed({ step: 'initialData', failure }),
    ]).platform
    expect(failed).toMatchObject({ loading: false, initialDataFetched: false, starts: 1 })
    expect(failed.lastFailure).toEqual({ step: 'initialData', failure })
    const again = foldEvents([
      P.StartRequested({ reason: 'boot', onPremMetricsSent: false }),
      P.StartFailed({ step: 'initialData', failure }),
      P.StartRequested({ reason: 'retry', onPremMetricsSent: false }),
    ]).platform
    expect(again).toMatchObject({ loading: true, starts: 2, lastFailure: null })
  })

  it('makes each answer known: version, services, footer, licence, features and the rest', () => {
    const s = foldEvents([
      P.StartRequested({ reason: 'boot', onPremMetricsSent: false }),
      loaded,
      P.FeaturesLoaded({ features: { archiveSearch: true } }),
      P.LocalPreferencesRead({ values: { theme: 'dark' } }),
      P.SupportAnalyticsLoaded({ enabled: true }),
      P.ProjectsLoaded({ projects: [{ key: 'p1', name: 'One' }], remembered: null }),
      P.PackageTypesLoaded({ packageTypes: ['npm', 'docker'] }),
      P.InfoWidgetLoaded({ artifactCount: 42 }),
      P.BlockedUsagesLoaded({ blocked: ['ui'] }),
      P.OnboardingStatusLoaded({ hasOnlyDefaultRepos: true }),
      P.CloudTrialStateSet({ cloudTrial: true }),
      P.AnalyticsDecided({ enabled: true }),
      P.UiPersonalised({ scanning: true }),
      P.StartCompleted({}),
    ]).platform
    expect(s).toMatchObject({
      loading: false,
      initialDataFetched: true,
      version: { version: '7.90.1', revision: '79001' },
      microservices: [{ name: 'xray', key: 'jfxr', enabled: true }],
      entitlements: ['xray'],
      features: { archiveSearch: true },
      featuresLoaded: true,
      localPreferences: { theme: 'dark' },
      supportAnalyticsEnabled: true,
      projects: [{ key: 'p1', name: 'One' }],
      packageTypes: ['npm', 'docker'],
      artifactCount: 42,
      blockedUsages: ['ui'],
      hasOnlyDefaultRepos: true,
      cloudTrial: true,
      analyticsEnabled: true,
      uiPersonalised: true,
      scanningInitialised: true,
      onPremMetricsSent: false,
    })
    expect(s.footer?.serverName).toBe('Acme')
  })

  it('takes a footer asked again (after the general settings changed) and on-prem metrics sent once', () => {
    const s = foldEvents([
      loaded,
      P.FooterLoaded({ footer: footer({ serverName: 'Renamed' }) }),
      P.OnPremMetricsSent({ metrics: { frontendVersion: '1', packageTypes: [], services: 1 } }),
    ]).platform
    expect(s.footer?.serverName).toBe('Renamed')
    expect(s.onPremMetricsSent).toBe(true)
    // The footer's answer leaves the version and services the initial data gave.
    expect(s.version?.version).toBe('7.90.1')
  })

  it('a login or a logout makes the sequence run again for the new user; the data stays until then', () => {
    const started = [
      P.StartRequested({ reason: 'boot', onPremMetricsSent: false }),
      loaded,
      P.StartCompleted({}),
    ]
    for (const change of [
      S.SignedIn({ user: user({ name: 'ann' }), via: 'password' }),
      S.SignedOut({ reason: 'logout' }),
    ]) {
      const s = foldEvents([...started, change]).platform
      expect(s.initialDataFetched).toBe(false)
      expect(s.version?.version).toBe('7.90.1')
      expect(s.loading).toBe(false)
    }
    // Before any start-up completed, a login changes nothing.
    const before = foldEvents([S.SignedOut({ reason: 'logout' })]).platform
    expect(before).toEqual(foldEvents([]).platform)
  })
})

describe('the start-up, step by step (the decider decides what follows each answer)', () => {
  const started = P.StartRequested({ reason: 'boot', onPremMetricsSent: false })
  const continueAfter = (after: 'loginData' | 'userData' | 'initialData' | 'features' | 'parallelLoads') =>
    ({ type: 'platform/ContinueStart', after }) as const

  it('is refused once the sequence is not running', () => {
    platform
      .given()
      .when(continueAfter('loginData'))
      .rejected(/not running/)
    platform
      .given(started, P.StartCompleted({}))
      .when(continueAfter('userData'))
      .rejected(/not running/)
  })

  it('asks for the user data after the login data, the initial data after the user data', () => {
    platform
      .given(started, loginData())
      .when(continueAfter('loginData'))
      .then(P.StartStepRequested({ step: 'userData' }))
    platform
      .given(started, loginData(), S.UserDataLoaded({ user: user() }))
      .when(continueAfter('userData'))
      .then(P.StartStepRequested({ step: 'initialData' }))
  })

  it('ends after the initial data for an anonymous visitor without anonymous access', () => {
    platform
      .given(started, loginData(), S.UserDataLoaded({ user: anonymous() }), loaded)
      .when(continueAfter('initialData'))
      .then(P.StartCompleted({}), P.NavigationTypeInitialised({ navigationType: 'new' }))
    platform
      .given(started, loginData({ anonAccessEnabled: true }), S.UserDataLoaded({ user: anonymous() }), loaded)
      .when(continueAfter('initialData'))
      .then(P.StartStepRequested({ step: 'features' }))
  })

  it('names the parallel loads for the viewer and the instance, and whose projects to remember', () => {
    platform
      .given(
        started,
        loginData(),
        S.UserDataLoaded({ user: user({ name: 'ann' }) }),
        loaded,
        P.FeaturesLoaded({ features: { quickDeployLanding: true } }),
      )
      .when(continueAfter('features'))
      .then(
        P.StartStepRequested({
          step: 'parallelLoads',
          loads: ['projects', 'samlLogoutUrl', 'packageTypes', 'blockedUsages'],
          user: 'ann',
        }),
      )
  })

  it('personalises and completes after the parallel loads, then asks for the navigation type and the metrics', () => {
    platform
      .given(
        started,
        loginData(),
        S.UserDataLoaded({ user: user() }),
        loaded,
        P.FeaturesLoaded({ features: { onPremMetrics: true } }),
        P.PackageTypesLoaded({ packageTypes: ['npm'] }),
      )
      .when(continueAfter('parallelLoads'))
      .then(
        P.CloudTrialStateSet({ cloudTrial: false }),
        P.AnalyticsDecided({ enabled: false }),
        P.UiPersonalised({ scanning: true }),
        P.StartCompleted({}),
        P.StartStepRequested({ step: 'navigationType' }),
        P.StartStepRequested({
          step: 'onPremMetrics',
          metrics: { frontendVersion: '7.90.1', packageTypes: ['npm'], services: 1 },
        }),
      )
  })
})
