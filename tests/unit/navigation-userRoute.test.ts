/** Spec 000 section 4: a visit to the user route with a redirect flag avoids loops. */
import { appSlice } from '../../domain/app'
import { describe, expect, it } from 'vitest'
import { spec } from '../support/decider'
import { platformWith } from '../support/fixtures'
import { corpusLines } from '../support/corpora'
import { LeftForExternal } from '../../domain/navigation/events'
import {
  accountPortalOf,
  navigationArea,
  NO_ACCOUNT_PORTAL,
  anonymousContext,
  initialNavigationState,
  isUserRouteRedirectVisit,
  parseTarget,
  resolveNavigation,
  PACKAGES_PATH,
  TOPOLOGY_PATH,
  type ShellContext,
} from '../../domain/navigation'

describe('the user route with a redirect flag', () => {
  it.each([
    ['myJfrogRedirect', '?redirect=true', true],
    ['myJfrogRedirect', '?redirect', true],
    ['myJfrogRedirect', '?redirect=1&from=portal', true],
    ['myJfrogRedirect', '?from=portal&redirect=yes', true],
    ['myJfrogRedirect', '', false],
    ['myJfrogRedirect', '?redirect=false', false],
    ['myJfrogRedirect', '?redirect=0', false],
    ['myJfrogRedirect', '?redirectTo=%2Fpackages', false],
    ['packages', '?redirect=true', false],
    ['login', '?redirect=true', false],
  ])('route %s with query %j is a flagged visit: %s', (name, query, flagged) => {
    expect(isUserRouteRedirectVisit(name, query)).toBe(flagged)
  })

  const signedIn: ShellContext = {
    ...anonymousContext,
    startupSettled: true,
    initialDataFetched: true,
    licenseType: 'Enterprise+',
    signedIn: true,
    userName: 'developer',
  }
  const nav = { ...initialNavigationState, navigations: 1, location: { path: '/packages', query: '' } }
  const go = (ctx: ShellContext, path: string) =>
    resolveNavigation(ctx, nav, parseTarget(path) ?? { path: 'unparsed', query: '' })

  it.each([
    ['a user', signedIn, PACKAGES_PATH],
    ['an admin', { ...signedIn, userName: 'admin', admin: true }, TOPOLOGY_PATH],
  ])('sends %s with the flag to the landing instead of redirecting again', (_, ctx, landing) => {
    const flagged = go(ctx, '/user/my-jfrog-redirect?redirect=true')
    expect(flagged.kind).toBe('go')
    if (flagged.kind === 'go') expect(flagged.location.path).toBe(landing)
    expect(flagged.hops.map((h) => h.reason)).toEqual(['user route with a redirect flag: no second redirect'])
    const plain = go(ctx, '/user/my-jfrog-redirect')
    expect(plain.kind).toBe('go')
    if (plain.kind === 'go') expect(plain.match.route.name).toBe('myJfrogRedirect')
  })
})

describe('the user route sends users to the account portal the platform names', () => {
  const withPortal = (accountPortalUrl: string) => platformWith([], 'Enterprise+', { accountPortalUrl })

  it('leaves for the portal of the general settings', () => {
    spec(appSlice(navigationArea))
      .given(withPortal('https://account.example.com/me'))
      .when({ type: 'navigation/OpenAccountPortal' })
      .then(LeftForExternal({ url: 'https://account.example.com/me' }))
  })

  it('is refused when none is set, saying so', () => {
    // The reason a script reads, spelled out: the constant alone would pass with any text.
    expect(NO_ACCOUNT_PORTAL).toBe('no account portal is set')
    spec(appSlice(navigationArea))
      .given(platformWith([]))
      .when({ type: 'navigation/OpenAccountPortal' })
      .rejected(NO_ACCOUNT_PORTAL)
  })

  it('names no portal before the platform’s settings are loaded', () => {
    expect(accountPortalOf(null)).toBeUndefined()
  })

  it('never leaves for an address that is not plain http(s) (open-redirect corpus)', () => {
    for (const url of corpusLines('open-redirect')) {
      const portal = accountPortalOf({ ...withPortalFooter, accountPortalUrl: url })
      if (portal === undefined) continue
      const parsed = new URL(portal)
      expect(['http:', 'https:'], url).toContain(parsed.protocol)
      expect(parsed.username + parsed.password, url).toBe('')
    }
    expect(accountPortalOf({ ...withPortalFooter, accountPortalUrl: 'javascript:alert(1)' })).toBeUndefined()
    expect(accountPortalOf({ ...withPortalFooter, accountPortalUrl: '//evil.example' })).toBeUndefined()
  })
})

const withPortalFooter = {
  serverName: 'Acme',
  flavour: 'platform',
  isCloud: false,
  licenseType: 'Enterprise+',
  buildNumber: '1',
  copyright: '',
}
