// Spec 000 section 2: "The page title is the deepest matched route's title followed by the server
// name, or the server name alone when no title exists", with the titles the specification saw.
import { describe, expect, it } from 'vitest'
import { pageTitle } from '../../domain/navigation/title'

describe('page titles', () => {
  it('names each page the specification saw, then the server', () => {
    const seen: ReadonlyArray<readonly [string, string]> = [
      ['/login', 'Login'],
      ['/auth/forgot-password', 'Login'],
      ['/admin/mission_control/topology', 'Topology'],
      ['/packages/npm%3A%2F%2Freact/18.2.0', 'Packages'],
      ['/artifacts/browse/tree/General/npm-local', 'Artifacts'],
      ['/distribution/source', 'Distribution'],
      ['/policies', 'Policies'],
      ['/watches', 'Watches'],
      ['/reports', 'Reports'],
      ['/trends', 'Trends'],
      ['/admin/monitoring/system_logs', 'System Logs Viewer'],
      ['/scans', 'Scans List'],
      ['/admin/proxies/configuration/list', 'Proxies'],
      ['/admin/proxies/configuration/new', 'Proxy Configuration'],
      ['/admin/proxies/configuration/edit/corporate', 'Proxy Configuration'],
      ['/admin/configuration/security/ldap', 'Security Settings'],
      ['/admin/management/permissions/create', 'Permissions'],
    ]
    for (const [path, title] of seen)
      expect(pageTitle(path, 'Acme Platform'), path).toBe(`${title} - Acme Platform`)
  })

  it('is the server name alone where the route has no title, and the title alone without a name', () => {
    expect(pageTitle('/admin', 'Acme Platform')).toBe('Acme Platform')
    expect(pageTitle('/admin/proxies/configuration', 'Acme Platform')).toBe('Acme Platform')
    expect(pageTitle('/watches', '  ')).toBe('Watches')
  })
})
