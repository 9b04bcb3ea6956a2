// An admin page's breadcrumb trail, read from its path: Administration › group › page › item.
import { describe, expect, it } from 'vitest'
import { adminTrail } from '../../domain/admin'
import { anonymousContext, findRoute, sidebarItems, type ShellContext } from '../../domain/navigation'

const admin: ShellContext = {
  ...anonymousContext,
  signedIn: true,
  userName: 'admin',
  admin: true,
  licenseType: 'Enterprise+',
  services: ['artifactory', 'xray'],
}

const labels = (path: string) => adminTrail(path)?.map((c) => (c.href ? `${c.label} <${c.href}>` : c.label))

describe("an admin page's trail", () => {
  it('roots every page in Administration, a link to the grid of all settings, which is its own root', () => {
    expect(labels('/admin/artifactory/list')).toEqual(['Administration'])
    expect(labels('/admin/monitoring/pdn')).toEqual([
      'Administration </admin/artifactory/list>',
      'Monitoring',
      'Peers',
    ])
  })

  it('names the group, then the page, linked when an item is opened under it', () => {
    expect(labels('/admin/management/users/edit/dev%20one')).toEqual([
      'Administration </admin/artifactory/list>',
      'User Management',
      'Users </admin/management/users>',
      'dev one',
    ])
    expect(labels('/admin/proxies/configuration/new')).toEqual([
      'Administration </admin/artifactory/list>',
      'Platform Configurations',
      'Proxies </admin/proxies/configuration/list>',
      'Proxy Configuration',
    ])
    expect(labels('/admin/management/permissions/create')?.at(-1)).toBe('New Permission')
  })

  it("places a page the grid does not list in its nearest item's group", () => {
    expect(labels('/admin/repositories/edit/npm-local')).toEqual([
      'Administration </admin/artifactory/list>',
      'Repositories </repos>',
      'Edit Repository',
      'npm-local',
    ])
    expect(labels('/admin/configuration/integrations')).toEqual([
      'Administration </admin/artifactory/list>',
      'Platform Configurations',
      'Integrations',
    ])
  })

  it('links a group that has a page of its own, but not from that page', () => {
    expect(labels('/admin/repositories/local/new')).toEqual([
      'Administration </admin/artifactory/list>',
      'Repositories </repos>',
      'New Local Repository',
    ])
    expect(labels('/admin/configuration/security/saml_integration')).toEqual([
      'Administration </admin/artifactory/list>',
      'Platform Configurations',
      'Security Settings </admin/configuration/security/general>',
      'SAML',
    ])
    expect(labels('/admin/configuration/security/general')).toEqual([
      'Administration </admin/artifactory/list>',
      'Platform Configurations',
      'Security Settings',
      'General',
    ])
    // The section's own address shows its General page, and says so.
    expect(labels('/admin/configuration/security')).toEqual(labels('/admin/configuration/security/general'))
    // The other groups are only headings of the grid: no page to lead to.
    expect(labels('/admin/monitoring/pdn')?.[1]).toBe('Monitoring')
  })

  it("names the sidebar's group of every page the sidebar lists, as the sidebar does", () => {
    // Security Settings sat under User Management in the sidebar and under Authentication
    // Providers in its trail; its addresses are under /admin/configuration, the specification's
    // Platform Configurations.
    for (const item of sidebarItems('administration', admin).filter((i) => i.group !== undefined)) {
      const landing = findRoute(item.href)?.route.redirectTo ?? item.href
      expect(labels(landing)?.[1], item.title).toBe(item.group)
      expect(labels(landing)?.join(' › '), item.title).toContain(item.title)
    }
    expect(sidebarItems('administration', admin).find((i) => i.title === 'Security Settings')?.group).toBe(
      'Platform Configurations',
    )
  })

  it("keeps the specification's trail of General Settings", () => {
    expect(labels('/admin/configuration/general')).toEqual([
      'Administration </admin/artifactory/list>',
      'Platform Configurations',
      'Platform Management',
      'General Settings',
    ])
  })

  it('has none off the admin pages, or on an address that only forwards', () => {
    for (const path of ['/packages', '/admin', '/admin/proxies/configuration', '/admin/no/such/page'])
      expect(adminTrail(path), path).toBeUndefined()
  })
})
