import type { RouteModule } from '../context'
import { registerConfigRoutes } from '../admin/configRoutes'
import { projectAdminGuard, registerProjectListRoute, registerProjectRoutes } from '../admin/projectsRoutes'
import { registerProxyRoutes } from '../admin/proxiesRoutes'
import { registerAdminUserRoutes } from '../admin/usersRoutes'
import { registerSecurityRoutes } from '../admin/securityRoutes'
import { scoped } from '../auth/validation'

// Routes of the admin area, under /ui/api/v1: general configuration, licences, peers,
// proxies, projects and members, users, groups, permissions, invitations. Admins only, by being
// registered in this scope (not by what the URL reads): every route here checks the session
// before the body is even read (401 signed out, 403 others). A route configured `projectAdmin`
// lets its project's administrators in too.
const routes: RouteModule = async (app, ctx) => {
  await scoped(app, ctx, (scope) => {
    scope.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.projectAdmin) await projectAdminGuard(ctx, request)
      else ctx.requireAdmin(request)
    })
    registerConfigRoutes(scope, ctx)
    registerProxyRoutes(scope, ctx)
    registerProjectRoutes(scope, ctx)
    registerAdminUserRoutes(scope, ctx)
    registerSecurityRoutes(scope, ctx)
  })
  await scoped(app, ctx, (scope) => registerProjectListRoute(scope, ctx))
}

export default routes
