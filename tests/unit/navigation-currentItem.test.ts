// Which sidebar item shows as current on a path (gallery review): pages under no item
// of their sidebar (the security teaser's redirect target, the admin repository editors) showed
// none.
import { describe, expect, it } from 'vitest'
import { anonymousContext, currentItem, sidebarItems, type ShellContext } from '../../domain/navigation'

const developer: ShellContext = {
  ...anonymousContext,
  signedIn: true,
  userName: 'developer',
  licenseType: 'Enterprise+',
  services: ['artifactory', 'xray'],
}
const admin: ShellContext = { ...developer, userName: 'admin', admin: true }
const current = (path: string, ctx: ShellContext, kind: 'application' | 'administration') =>
  currentItem(path, sidebarItems(kind, ctx))?.title

describe('the current sidebar item', () => {
  it('is the item a path falls under', () => {
    expect(current('/packages/npm:react', developer, 'application')).toBe('Packages')
    expect(current('/admin/proxies/configuration/new', admin, 'administration')).toBe('Proxies')
    expect(current('/admin/configuration/security/ldap', admin, 'administration')).toBe('Security Settings')
  })

  it('is Integrations on the admin view of the integrations catalogue', () => {
    // It had no item of its own: All settings showed as current there.
    expect(current('/admin/configuration/integrations', admin, 'administration')).toBe('Integrations')
  })

  it('is Distribution on its teaser', () => {
    expect(current('/distribution-teaser', developer, 'application')).toBe('Distribution')
  })

  it('is Security and Compliance on the policies its teaser redirects to', () => {
    expect(current('/security_policies', developer, 'application')).toBe('Security and Compliance')
    // The Xray group's own Policies page keeps its item.
    expect(current('/policies', developer, 'application')).toBe('Policies')
  })

  it('is All settings, the grid that lists them, on admin pages under no Administration item', () => {
    for (const path of [
      '/admin/repositories/local/new',
      '/admin/repositories/edit/libs-release',
      '/admin/repositories/quick',
    ])
      expect(current(path, admin, 'administration'), path).toBe('All settings')
  })

  it('is their own item on Groups and Permissions, and Users on the other user management tabs', () => {
    // Groups and Permissions showed All settings as current beside their own tab.
    expect(current('/admin/management/groups', admin, 'administration')).toBe('Groups')
    expect(current('/admin/management/groups/new', admin, 'administration')).toBe('Groups')
    expect(current('/admin/management/permissions', admin, 'administration')).toBe('Permissions')
    expect(current('/admin/management/permissions/create', admin, 'administration')).toBe('Permissions')
    expect(current('/admin/management/global_roles', admin, 'administration')).toBe('Users')
    expect(current('/admin/management/access_tokens', admin, 'administration')).toBe('Users')
  })

  it('is none where a path falls under no item and no alias', () => {
    expect(current('/user_profile', developer, 'application')).toBeUndefined()
    // The Application sidebar has no All settings to fall back on.
    expect(current('/admin/repositories/quick', admin, 'application')).toBeUndefined()
  })
})
