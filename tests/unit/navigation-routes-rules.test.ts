/**
 * Which route a path is (spec 000 section 2), as the log names it (`navigation/Navigated`'s
 * `routeName`) and the pages read it (a package's id, a tree's path): the route registry's
 * matcher and its lookups, each rule with a path only it decides.
 */
import { describe, expect, it } from 'vitest'
import { findRoute, isAdminPath, isLoginFamilyPath, type RouteDef } from '../../domain/navigation/routes'

const routeOf = (path: string, plugins: ReadonlyArray<RouteDef> = []) => {
  const match = findRoute(path, plugins)
  return match === undefined ? undefined : { name: match.route.name, params: match.params }
}

describe('the route of a path', () => {
  it("reads a route's parameters, decoded, and leaves an optional one out", () => {
    expect(routeOf('/packages')).toEqual({ name: 'packages', params: {} })
    expect(routeOf('/packages/npm%3A%2F%2Freact')).toEqual({
      name: 'packages',
      params: { packageId: 'npm://react' },
    })
    expect(routeOf('/packages/react/18.2.0')).toEqual({
      name: 'packages',
      params: { packageId: 'react', versionId: '18.2.0' },
    })
    expect(routeOf('/login/change-password')).toEqual({ name: 'changePassword', params: {} })
    expect(routeOf('/login/change-password/bob')).toEqual({
      name: 'changePassword',
      params: { userName: 'bob' },
    })
    expect(routeOf('/admin/proxies/configuration/edit/corporate')).toEqual({
      name: 'proxies.edit',
      params: { proxyName: 'corporate' },
    })
  })

  it('keeps a segment that is not a valid escape as it was typed', () => {
    expect(routeOf('/packages/%E0%A4%A')).toEqual({ name: 'packages', params: { packageId: '%E0%A4%A' } })
  })

  it('is no route for a path with a segment more, or a required one less, than any pattern', () => {
    for (const path of [
      '/packages/react/18.2.0/files',
      '/admin/proxies/configuration/edit',
      '/login/sso',
      '/406',
      '/admin/configuration/security/unknown',
    ])
      expect(routeOf(path), path).toBeUndefined()
  })

  it('takes the rest of the path where a pattern ends in a star, and needs some unless it is optional', () => {
    expect(routeOf('/repos/tree/General/npm-local')).toEqual({
      name: 'repos.tree',
      params: { '*': 'General/npm-local' },
    })
    // The tree needs a repository: the bare tree is no page.
    expect(routeOf('/repos/tree')).toBeUndefined()
    expect(routeOf('/builds')).toEqual({ name: 'builds', params: { '*': '' } })
    expect(routeOf('/builds/my-build/3')).toEqual({ name: 'builds', params: { '*': 'my-build/3' } })
    expect(routeOf('/demo/admin')).toEqual({ name: 'demoAdmin', params: { '*': '' } })
  })

  it("matches the shell's routes before a plugin's, and the plugins by their order (999 when none)", () => {
    const plugin = (name: string, order?: number): RouteDef => ({
      name,
      pattern: '/plugin-page',
      layout: 'main',
      area: 'plugin',
      ...(order === undefined ? {} : { order }),
    })
    expect(routeOf('/plugin-page', [plugin('late', 1000), plugin('default')])?.name).toBe('default')
    expect(routeOf('/plugin-page', [plugin('default'), plugin('early', 998)])?.name).toBe('early')
    // As registered when their order is the same.
    expect(routeOf('/plugin-page', [plugin('first', 5), plugin('second', 5)])?.name).toBe('first')
    expect(routeOf('/packages', [{ ...plugin('shadow', 1), pattern: '/packages' }])?.name).toBe('packages')
    expect(routeOf('/plugin-page')).toBeUndefined()
  })
})

describe('what kind of page a path is', () => {
  it('is an Administration path at /admin and under it only', () => {
    expect(isAdminPath('/admin')).toBe(true)
    expect(isAdminPath('/admin/projects/list')).toBe(true)
    expect(isAdminPath('/administrator')).toBe(false)
    expect(isAdminPath('/demo/admin/projects')).toBe(false)
  })

  it('is a login family path for the bare session screens only', () => {
    for (const path of [
      '/login',
      '/auth/otp-login',
      '/logout',
      '/plugs/extension/cli',
      '/auth-provider/saml',
    ])
      expect(isLoginFamilyPath(path), path).toBe(true)
    // The profile is a session page in the main layout; the rest are other areas' or none.
    for (const path of ['/user_profile', '/packages', '/404', '/nowhere'])
      expect(isLoginFamilyPath(path), path).toBe(false)
  })
})
