// The packages area's routes (domain/navigation/routes.ts gathers every area's).
import { app, type RouteDef } from '../shared/routes'

export const packagesRoutes: ReadonlyArray<RouteDef<'packages'>> = [
  app('packages', '/packages/:packageId?/:versionId?', 'Packages', 'packages', { resetsProject: false }),
]
