// Written by `npm run areas` from areas.list.ts: do not edit (a unit test checks it is current).
import type { RouteDef } from './shared/routes'
import { sessionRoutes } from './session/routes'
import { adminRoutes } from './admin/routes'
import { serviceStatusRoutes } from './serviceStatus/routes'
import { packagesRoutes } from './packages/routes'
import { releaseBundlesRoutes } from './releaseBundles/routes'
import { supportBundlesRoutes } from './supportBundles/routes'
import { repositoriesRoutes } from './repositories/routes'
import { artifactsRoutes } from './artifacts/routes'
import { securityRoutes } from './security/routes'
import { buildsRoutes } from './builds/routes'
import { overviewRoutes } from './overview/routes'
import { integrationsRoutes } from './integrations/routes'
import { tokensRoutes } from './tokens/routes'
import { xrayRoutes } from './xray/routes'

/** The areas that declare routes: a route is drawn by its area’s screen. */
export type RoutedArea =
  | 'session'
  | 'admin'
  | 'serviceStatus'
  | 'packages'
  | 'releaseBundles'
  | 'supportBundles'
  | 'repositories'
  | 'artifacts'
  | 'security'
  | 'builds'
  | 'overview'
  | 'integrations'
  | 'tokens'
  | 'xray'

/** Every area’s routes, in the order of the list (the first that matches a path wins). */
export const areaRoutes: ReadonlyArray<RouteDef<RoutedArea>> = [
  ...sessionRoutes,
  ...adminRoutes,
  ...serviceStatusRoutes,
  ...packagesRoutes,
  ...releaseBundlesRoutes,
  ...supportBundlesRoutes,
  ...repositoriesRoutes,
  ...artifactsRoutes,
  ...securityRoutes,
  ...buildsRoutes,
  ...overviewRoutes,
  ...integrationsRoutes,
  ...tokensRoutes,
  ...xrayRoutes,
]
