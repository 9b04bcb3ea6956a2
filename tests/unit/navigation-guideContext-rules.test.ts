/**
 * The guide context a tour or cloud-trial instance matches to the page after each navigation
 * (spec 000 section 4, "in tour or cloud trial the context is reset and matched to the path
 * after each navigation"): the part of the product the page belongs to, as the log records it.
 */
import { describe, expect, it } from 'vitest'
import { appSlice } from '../../domain/app'
import { guideContextFor, navigationArea } from '../../domain/navigation'
import { GuideContextMatched } from '../../domain/tour/events'
import { spec } from '../support/decider'
import { startedEvents } from '../support/fixtures'

const navigation = spec(appSlice(navigationArea))
const go = (to: string) => ({ type: 'navigation/Navigate', to }) as const

/**
 * The guide contexts an admin's navigation to `path` records on an instance of `flavour` that
 * runs every service and feature the pages need (a page whose service or feature is missing sends
 * the user elsewhere).
 */
const matched = (path: string, flavour = 'tour') =>
  navigation
    .given(
      ...startedEvents({
        user: { name: 'admin', admin: true },
        footer: { flavour },
        services: ['artifactory', 'xray'],
        features: {
          artifactBrowser: true,
          homePage: true,
          repositoryScanning: true,
          quickDeployLanding: true,
        },
      }),
    )
    .when(go(path))
    .events()
    .flatMap((e) => (e.type === GuideContextMatched.type ? [(e.data as { context: string }).context] : []))

describe("a tour's guide context after a navigation", () => {
  it.each([
    ['/get_started', 'gettingStarted'],
    ['/tour_get_started', 'gettingStarted'],
    ['/quick-setup', 'gettingStarted'],
    ['/packages', 'packages'],
    ['/packages/npm%3A%2F%2Freact', 'packages'],
    ['/repos', 'artifacts'],
    ['/repos/tree/npm-local', 'artifacts'],
    ['/artifacts/browse/npm-local', 'artifacts'],
    ['/builds', 'builds'],
    ['/distribution', 'distribution'],
    ['/release-bundles', 'distribution'],
    ['/bundles', 'distribution'],
    ['/distribution-teaser', 'distribution'],
    ['/policies', 'security'],
    ['/watches', 'security'],
    ['/violations', 'security'],
    ['/reports', 'security'],
    ['/trends', 'security'],
    ['/scans', 'security'],
    ['/security_policies', 'security'],
    ['/admin/management/users', 'administration'],
    ['/admin/projects/overview/alpha', 'administration'],
    ['/admin/monitoring/service-status', 'administration'],
    ['/admin/xray/settings', 'administration'],
    ['/demo/admin/environments', 'administration'],
    ['/overview', 'general'],
    ['/integrations', 'general'],
    ['/user_profile', 'general'],
  ])('%s is guided as %s', (path, context) => {
    expect(matched(path)).toEqual([context])
  })

  it("the integrations catalogue is everyone's; its git vendors' pages are an admin's", () => {
    expect(matched('/integrations/jira')).toEqual(['general'])
    expect(matched('/integrations/vendors/github')).toEqual(['administration'])
    expect(matched('/integrations/git-repo-scan/select-repos')).toEqual(['administration'])
  })

  it('a page outside the main layout, or an error page, has none', () => {
    expect(matched('/no-such-page')).toEqual([])
    expect(matched('/404')).toEqual([])
  })

  it('a path of no page is general (the rule as the tour reads it)', () => {
    expect(guideContextFor('/no-such-page')).toBe('general')
  })

  it('a cloud trial matches it too; other instances record none', () => {
    expect(matched('/builds', 'cloud-trial')).toEqual(['builds'])
    expect(matched('/builds', 'platform')).toEqual([])
    expect(matched('/admin/management/users', 'platform')).toEqual([])
  })
})
