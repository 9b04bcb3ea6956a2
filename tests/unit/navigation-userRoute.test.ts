/** Spec 000 section 4: a visit to the user route with a redirect flag avoids loops. */
import { describe, expect, it } from 'vitest'
import {
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
