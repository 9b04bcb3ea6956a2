// The xray area's routes (domain/navigation/routes.ts gathers every area's).
import { admin, app, type RouteDef } from '../shared/routes'

export const xrayRoutes: ReadonlyArray<RouteDef<'xray'>> = [
  app('securityPolicies', '/security_policies', 'Policies', 'xray'),
  app('policies', '/policies', 'Policies', 'xray'),
  app('watches', '/watches', 'Watches', 'xray'),
  app('violations', '/violations', 'Violations', 'xray'),
  app('reports', '/reports', 'Reports', 'xray'),
  app('trends', '/trends', 'Trends', 'xray'),
  app('scans', '/scans', 'Scans List', 'xray'),
  admin('xray.indexedResources', '/admin/xray/indexed_resources', 'Indexed Resources', 'xray'),
  admin('xray.settings', '/admin/xray/settings', 'Scans Settings', 'xray'),
  admin('xray.database', '/admin/xray/advisories', 'Advisory Database', 'xray'),
]
