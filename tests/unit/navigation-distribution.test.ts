/**
 * The distribution paths' step of the navigation pipeline (it was a redirect of the release
 * bundles' view): old bundle paths become release-bundle paths and a distribution path
 * without its tab opens the default tab, which follows the plan and the distribution capability.
 */
import { appSlice } from '../../domain/app'
import { describe, expect, it } from 'vitest'
import {
  anonymousContext,
  distributionRedirect,
  distributionTabOf,
  navigationArea,
  type ShellContext,
} from '../../domain/navigation'
import * as N from '../../domain/navigation/events'
import * as P from '../../domain/platform/events'
import * as S from '../../domain/session/events'
import type { AppEvent } from '../../domain/app'
import { spec } from '../support/decider'
import { footer, user } from '../support/fixtures'

const navigation = spec(appSlice(navigationArea))

/** A completed start-up for a developer on a platform with this licence, these services and entitlements. */
const startedWith = (licenseType: string, services: string[], entitlements: string[] = []): AppEvent[] => [
  P.StartRequested({ reason: 'boot', onPremMetricsSent: false }),
  P.InitialDataLoaded({
    version: { version: '7.0.0', revision: '1' },
    microservices: services.map((name) => ({ name, key: name, enabled: true })),
    footer: footer({ licenseType }),
    entitlements,
  }),
  S.UserDataLoaded({ user: user({ name: 'developer' }) }),
  P.StartCompleted({}),
]
const enterprisePlus = startedWith('Enterprise+', ['artifactory', 'distribution'])

/** Where a navigation to `to` ends, and the redirects on the way. */
function navigate(given: AppEvent[], to: string) {
  const events = navigation
    .given(...given)
    .when({ type: 'navigation/Navigate', to })
    .events()
  const hops = events.flatMap((e) => (e.type === 'navigation/Redirected' ? [e.data.to] : []))
  const landed = events.find((e) => e.type === 'navigation/Navigated')
  return { hops, landed: landed?.type === 'navigation/Navigated' ? landed.data.location : undefined }
}

describe('distribution: the tab shown when the path names none', () => {
  const ctx = (licenseType: string, services: string[], entitlements: string[]): ShellContext => ({
    ...anonymousContext,
    licenseType,
    services,
    entitlements,
  })
  it.each([
    ['Enterprise+', ['artifactory', 'distribution'], [], 'source'],
    ['ENTERPRISE_PLUS', ['artifactory', 'Distribution'], [], 'source'],
    // The capability may come as an entitlement rather than a running service.
    ['Enterprise Plus', ['artifactory'], ['distribution'], 'source'],
    // Enterprise+ without a distribution capability, or a distribution service without the plan.
    ['Enterprise+', ['artifactory'], [], 'target'],
    ['Enterprise', ['artifactory', 'distribution'], ['distribution'], 'target'],
    ['Pro X', ['artifactory'], [], 'target'],
  ])('%s with services %j and entitlements %j: the %s tab', (licence, services, ents, tab) => {
    expect(distributionTabOf(ctx(licence, services, ents))).toBe(tab)
  })

  it.each([
    ['/distribution', '/distribution/source'],
    ['/distribution/foo', '/distribution/source'],
    ['/distribution/source', null],
    ['/distribution/target', null],
    ['/bundles', '/distribution'],
    ['/bundles/target', '/distribution/target'],
    ['/bundles/source/app-release/1.0.0', '/distribution/source'],
    ['/bundles/app-release/1.0.0', '/distribution/app-release/1.0.0'],
    ['/release-bundles', '/distribution'],
    ['/release-bundles/target', '/distribution/target'],
    ['/distribution-teaser', null],
    ['/packages', null],
    ['/bundlesfoo', null],
    ['/bundles/', '/distribution'],
  ])('%s goes to %s', (path, to) => {
    expect(distributionRedirect(path, 'source')).toBe(to)
  })
})

describe('navigation to a distribution path (the pipeline, as the navigation decider decides it)', () => {
  it.each([
    ['Enterprise+ with distribution', enterprisePlus, '/distribution', '/distribution/source'],
    [
      'Enterprise Plus entitled to distribution',
      startedWith('Enterprise Plus', ['artifactory'], ['distribution']),
      '/distribution',
      '/distribution/source',
    ],
    [
      'Enterprise+ without it',
      startedWith('Enterprise+', ['artifactory']),
      '/distribution',
      '/distribution/target',
    ],
    [
      'Pro X',
      startedWith('Pro X', ['artifactory', 'distribution']),
      '/distribution/foo',
      '/distribution/target',
    ],
  ])('%s: %s opens %s', (_, given, to, tab) => {
    expect(navigate(given, to)).toEqual({ hops: [tab], landed: { path: tab, query: '' } })
  })

  it.each([
    ['/bundles', ['/distribution', '/distribution/source']],
    ['/bundles/target', ['/distribution/target']],
    ['/bundles/source/app-release/1.0.0', ['/distribution/source']],
    ['/release-bundles', ['/distribution', '/distribution/source']],
    ['/release-bundles/target', ['/distribution/target']],
  ])('rewrites the old bundle path %s (through %j)', (old, hops) => {
    expect(navigate(enterprisePlus, old)).toEqual({ hops, landed: { path: hops.at(-1), query: '' } })
  })

  it('keeps the query through the redirect: a Release Bundles search arrives as /distribution?q=…', () => {
    const q = `?q=${'a'.repeat(64)}*`
    navigation
      .given(...enterprisePlus)
      .when({ type: 'navigation/Navigate', to: `/distribution${q}` })
      .events()
      .filter((e) => e.type === 'navigation/Redirected')
      .forEach((e) =>
        expect(e).toEqual(
          N.Redirected({
            from: `/distribution${q}`,
            to: `/distribution/source${q}`,
            reason: 'distribution opens a tab',
          }),
        ),
      )
    expect(navigate(enterprisePlus, `/distribution${q}`).landed).toEqual({
      path: '/distribution/source',
      query: q,
    })
  })

  it('lets a tab, the teaser and a route of its own pass without a redirect', () => {
    for (const path of ['/distribution/source', '/distribution/target', '/distribution-teaser'])
      expect(navigate(enterprisePlus, path)).toEqual({ hops: [], landed: { path, query: '' } })
  })
})
