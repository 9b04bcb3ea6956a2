// The supportBundles area's routes (domain/navigation/routes.ts gathers every area's).
import { admin, type RouteDef } from '../shared/routes'

export const supportBundlesRoutes: ReadonlyArray<RouteDef<'supportBundles'>> = [
  admin('admin.supportZone', '/admin/support-zone', 'Support Zone', 'supportBundles'),
]
