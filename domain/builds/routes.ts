// The builds area's routes (domain/navigation/routes.ts gathers every area's).
import { app, type RouteDef } from '../shared/routes'

export const buildsRoutes: ReadonlyArray<RouteDef<'builds'>> = [
  app('builds', '/builds/*?', 'Builds', 'builds'),
]
