// The artifacts area's routes (domain/navigation/routes.ts gathers every area's).
import { app, type RouteDef } from '../shared/routes'

export const artifactsRoutes: ReadonlyArray<RouteDef<'artifacts'>> = [
  app('repos.tree', '/repos/tree/*', 'Artifacts', 'artifacts'),
  app('artifacts', '/artifacts/browse/*?', 'Artifacts', 'artifacts'),
]
