/**
 * Where a user lands (spec 000 section 2): the last visited page overrides the default only for
 * the same user, and only for regular and admin users (not a lightweight platform, a tour or a
 * cloud trial); a last Administration page is the landing only while it is such a page.
 */
import { describe, expect, it } from 'vitest'
import {
  adminLanding,
  anonymousContext,
  applicationLanding,
  initialNavigationState,
  landingFor,
  type NavigationState,
  type ShellContext,
} from '../../domain/navigation'

const started: ShellContext = {
  ...anonymousContext,
  startupSettled: true,
  initialDataFetched: true,
  licenseType: 'Enterprise+',
  serverName: 'Platform',
  services: ['artifactory', 'xray'],
}
const developer: ShellContext = { ...started, signedIn: true, userName: 'developer' }
const admin: ShellContext = { ...developer, userName: 'admin', admin: true }
const lastOf = (user: string, paths: Partial<NavigationState>): NavigationState => ({
  ...initialNavigationState,
  lastUser: user,
  ...paths,
})

describe('the landing after login', () => {
  const visitedBuilds = lastOf('developer', { lastApplicationPath: '/builds' })

  it('a regular user lands on their last page', () => {
    expect(landingFor(developer, visitedBuilds)).toBe('/builds')
  })

  it.each([
    ['a lightweight platform', 'lightweight', '/repos'],
    ['a tour', 'tour', '/tour_get_started'],
    ['a cloud trial', 'cloud-trial', '/get_started'],
  ] as const)("%s lands on its own landing, whatever the user's last page", (_name, flavour, landing) => {
    expect(landingFor({ ...developer, flavour }, visitedBuilds)).toBe(landing)
  })
})

describe("another user's last pages are no landing", () => {
  it('Administration: not the last Administration page of another user', () => {
    const nav = lastOf('someone', { lastAdminPath: '/admin/proxies/configuration/list' })
    expect(adminLanding(admin, nav)).toBe('/admin/configuration/general')
  })

  it('Application: not the last application page of another user', () => {
    const nav = lastOf('someone', { lastApplicationPath: '/builds' })
    expect(applicationLanding(developer, nav)).toBe('/packages')
    expect(applicationLanding(developer, lastOf('developer', {}))).toBe('/packages')
    expect(applicationLanding(developer, lastOf('developer', { lastApplicationPath: '/builds' }))).toBe(
      '/builds',
    )
  })
})

describe('the last Administration page', () => {
  it('with its query, is still that page', () => {
    const path = '/admin/proxies/configuration/list?sort=name'
    expect(adminLanding(admin, lastOf('admin', { lastAdminPath: path }))).toBe(path)
  })

  it('a page no route knows is no landing: the first platform configuration', () => {
    expect(adminLanding(admin, lastOf('admin', { lastAdminPath: '/admin/no/such/page' }))).toBe(
      '/admin/configuration/general',
    )
  })
})
