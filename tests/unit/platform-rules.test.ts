// What the start-up data says about the instance, as the shell and the other areas read it:
// features, services, flavour, licence, the scanner's availability, blocked usages, and which
// loads and analytics run (spec 000, start-up and constants; spec 001 section 8).
import { describe, expect, it } from 'vitest'
import {
  analyticsAllowed,
  cloudTrialOf,
  dataTransferBlocked,
  flavourOf,
  hasEntitlement,
  hasFeature,
  hasMicroservice,
  initialPlatformState,
  isCloud,
  isLicenceNA,
  isLightweight,
  isReadOnlyMode,
  isTour,
  isUiBlocked,
  sendsOnPremMetrics,
  serverName,
  skipsRepoAndOnboardingData,
  xrayAvailability,
  type Footer,
  type PlatformState,
} from '../../domain/platform'

const footer = (over: Partial<Footer> = {}): Footer => ({
  serverName: 'art-1',
  flavour: 'platform',
  isCloud: false,
  licenseType: 'Enterprise',
  buildNumber: '1',
  copyright: '©',
  ...over,
})
const platform = (over: Partial<PlatformState> = {}): PlatformState => ({ ...initialPlatformState, ...over })

describe('what the instance is', () => {
  it('a feature is on only when the platform says true', () => {
    const p = platform({ features: { a: true, b: false } })
    expect([hasFeature(p, 'a'), hasFeature(p, 'b'), hasFeature(p, 'c')]).toEqual([true, false, false])
    expect(isReadOnlyMode(platform({ features: { readOnlyMode: true } }))).toBe(true)
    expect(isReadOnlyMode(platform({ features: { readOnlyMode: false } }))).toBe(false)
  })

  it('an entitlement is one the licence lists', () => {
    expect(hasEntitlement(platform({ entitlements: ['xray', 'distribution'] }), 'distribution')).toBe(true)
    expect(hasEntitlement(platform({ entitlements: ['xray'] }), 'distribution')).toBe(false)
  })

  it('a service is present when listed as enabled, by name or key, in any case', () => {
    const services = [
      { name: 'Xray', key: 'jfxr', enabled: true },
      { name: 'Distribution', key: 'jfds', enabled: false },
    ]
    expect(hasMicroservice(services, 'xray')).toBe(true)
    expect(hasMicroservice(services, 'JFXR')).toBe(true)
    expect(hasMicroservice(services, 'distribution')).toBe(false)
    expect(hasMicroservice(services, 'jfds')).toBe(false)
    expect(hasMicroservice(services, 'pipelines')).toBe(false)
  })

  it('reads the flavour, cloud, licence and server name from the footer, with defaults before it loads', () => {
    const none = platform()
    expect([flavourOf(none), isCloud(none), isTour(none), isLightweight(none), isLicenceNA(none)]).toEqual([
      'platform',
      false,
      false,
      false,
      false,
    ])
    expect(serverName(none)).toBe('')
    const tour = platform({ footer: footer({ flavour: 'tour', isCloud: true, licenseType: 'N/A' }) })
    expect([flavourOf(tour), isCloud(tour), isTour(tour), isLightweight(tour), isLicenceNA(tour)]).toEqual([
      'tour',
      true,
      true,
      false,
      true,
    ])
    expect(isLightweight(platform({ footer: footer({ flavour: 'lightweight' }) }))).toBe(true)
    expect(serverName(platform({ footer: footer() }))).toBe('art-1')
  })

  it('a cloud trial is the cloud-trial flavour on a cloud instance only', () => {
    expect(cloudTrialOf(footer({ flavour: 'cloud-trial', isCloud: true }))).toBe(true)
    expect(cloudTrialOf(footer({ flavour: 'cloud-trial', isCloud: false }))).toBe(false)
    expect(cloudTrialOf(footer({ flavour: 'platform', isCloud: true }))).toBe(false)
  })

  it('the scanner is unavailable without its service, unlicensed without the entitlement, else available', () => {
    const xray = [{ name: 'xray', key: 'jfxr', enabled: true }]
    expect(xrayAvailability(platform())).toBe('unavailable')
    expect(xrayAvailability(platform({ microservices: xray }))).toBe('unlicensed')
    expect(xrayAvailability(platform({ microservices: xray, entitlements: ['xray'] }))).toBe('available')
    expect(xrayAvailability(platform({ entitlements: ['xray'] }))).toBe('unavailable')
  })

  it('an edition sold without the scanner has none in it, unless the platform says it runs one', () => {
    const edition = (flavour: string, microservices: PlatformState['microservices'] = []) =>
      xrayAvailability(platform({ footer: footer({ flavour }), microservices }))
    for (const flavour of ['container-registry', 'oss', 'community', 'edge'])
      expect(edition(flavour)).toBe('notInEdition')
    expect(edition('platform')).toBe('unavailable')
    expect(edition('lightweight')).toBe('unavailable')
    expect(edition('container-registry', [{ name: 'xray', key: 'jfxr', enabled: true }])).toBe('unlicensed')
  })

  it('blocked usages: the quota banner for data transfer, the login page for the console', () => {
    expect(dataTransferBlocked(platform({ blockedUsages: ['DATA_TRANSFER'] }))).toBe(true)
    expect(isUiBlocked(platform({ blockedUsages: ['DATA_TRANSFER'] }))).toBe(false)
    expect(isUiBlocked(platform({ blockedUsages: ['UI'] }))).toBe(true)
    expect(dataTransferBlocked(platform({ blockedUsages: ['UI'] }))).toBe(false)
  })
})

describe('what runs at start-up', () => {
  it('repository and onboarding data are skipped when the platform’s get-started or quick-deploy landing is on', () => {
    expect(skipsRepoAndOnboardingData({})).toBe(false)
    expect(skipsRepoAndOnboardingData({ platformGetStarted: true })).toBe(true)
    expect(skipsRepoAndOnboardingData({ quickDeployLanding: true })).toBe(true)
    expect(skipsRepoAndOnboardingData({ platformGetStarted: false, quickDeployLanding: false })).toBe(false)
  })

  it('analytics only for a signed-in cloud user with the feature, never on the gov cloud', () => {
    const allowed = { signedIn: true, footer: footer({ isCloud: true }), features: { analytics: true } }
    expect(analyticsAllowed(allowed)).toBe(true)
    expect(analyticsAllowed({ ...allowed, signedIn: false })).toBe(false)
    expect(analyticsAllowed({ ...allowed, footer: footer({ isCloud: false }) })).toBe(false)
    expect(analyticsAllowed({ ...allowed, footer: footer({ isCloud: true, flavour: 'gov' }) })).toBe(false)
    expect(analyticsAllowed({ ...allowed, features: {} })).toBe(false)
  })

  it('on-prem metrics only from a self-hosted instance with the feature', () => {
    expect(sendsOnPremMetrics(footer(), { onPremMetrics: true })).toBe(true)
    expect(sendsOnPremMetrics(footer({ isCloud: true }), { onPremMetrics: true })).toBe(false)
    expect(sendsOnPremMetrics(footer(), {})).toBe(false)
  })
})
