import type { RouteModule } from '../context'
import { registerConfigRoutes } from '../admin/configRoutes'
import { projectAdminGuard, registerProjectRoutes } from '../admin/projectsRoutes'
import { registerProxyRoutes } from '../admin/proxiesRoutes'
import { registerAdminUserRoutes } from '../admin/usersRoutes'
import { registerSecurityRoutes } from '../admin/securityRoutes'
import { scoped } from '../auth/validation'

// Routes of the admin area, under /ui/api/v1: general configuration, licences, peers,
// proxies, projects and members, users, groups, permissions, invitations. Admins only: every
// /ui/admin/ route checks the session before the body is even read (401 signed out, 403 others).
const routes: RouteModule = async (app, ctx) => {
  await scoped(app, ctx, (scope) => {
    scope.addHook('onRequest', async (request) => {
      // Project administrators may reach their projects' calls (the guard answers 401/403 itself).
      if (request.url.includes('/ui/admin/') && !projectAdminGuard(ctx, request)) ctx.requireAdmin(request)
    })
    registerConfigRoutes(scope, ctx)
    registerProxyRoutes(scope, ctx)
    registerProjectRoutes(scope, ctx)
    registerAdminUserRoutes(scope, ctx)
    registerSecurityRoutes(scope, ctx)
  })
}

export default routes
