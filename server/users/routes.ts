import type { RouteModule } from '../context'
import { registerProfileRoutes } from '../auth/profileRoutes'
import { createRateLimiter } from '../auth/rateLimit'
import { scoped } from '../auth/validation'

// Routes of the users area (the signed-in user's own profile), under /ui/api/v1.
const routes: RouteModule = async (app, ctx) => {
  const limiter = createRateLimiter(ctx, ctx.config.rateLimit)
  await scoped(app, ctx, (scope) => registerProfileRoutes(scope, ctx, limiter))
}

export default routes
