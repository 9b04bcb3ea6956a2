// The overview area's routes (domain/navigation/routes.ts gathers every area's).
import { app, type RouteDef } from '../shared/routes'

export const overviewRoutes: ReadonlyArray<RouteDef<'overview'>> = [
  app('overview', '/overview', 'Overview', 'overview'),
]
