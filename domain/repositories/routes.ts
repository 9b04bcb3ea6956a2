// The repositories area's routes (domain/navigation/routes.ts gathers every area's).
import { admin, app, type RouteDef } from '../shared/routes'

export const repositoriesRoutes: ReadonlyArray<RouteDef<'repositories'>> = [
  app('repos', '/repos', 'Repositories', 'repositories'),
  admin('repositories.local.new', '/admin/repositories/local/new', 'New Local Repository', 'repositories'),
  admin('repositories.remote.new', '/admin/repositories/remote/new', 'New Remote Repository', 'repositories'),
  admin(
    'repositories.virtual.new',
    '/admin/repositories/virtual/new',
    'New Virtual Repository',
    'repositories',
  ),
  admin('repositories.edit', '/admin/repositories/edit/:repoKey', 'Edit Repository', 'repositories'),
  admin('repositories.quick', '/admin/repositories/quick', 'Quick Repository Creation', 'repositories'),
]
