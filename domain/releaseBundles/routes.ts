// The releaseBundles area's routes (domain/navigation/routes.ts gathers every area's).
import { app, type RouteDef } from '../shared/routes'

export const releaseBundlesRoutes: ReadonlyArray<RouteDef<'releaseBundles'>> = [
  app('distribution', '/distribution/:activeTab?', 'Distribution', 'releaseBundles'),
  app('distributionTeaser', '/distribution-teaser', 'Distribution', 'releaseBundles'),
  app('releaseBundles', '/release-bundles/*?', 'Distribution', 'releaseBundles'),
  app('bundles', '/bundles/*?', 'Distribution', 'releaseBundles'),
]
