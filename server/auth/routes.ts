import type { RouteModule } from '../context'
import { registerLoginRoutes } from '../auth/loginRoutes'
import { registerMfaRoutes } from '../auth/mfaRoutes'
import { registerPasswordRoutes } from '../auth/passwordRoutes'
import { createRateLimiter } from '../auth/rateLimit'
import { registerRegistrationRoutes } from '../auth/registrationRoutes'
import { scoped } from '../auth/validation'

// Routes of the auth area (login, session, MFA, passwords, registration, invitations, CLI
// login), under /ui/api/v1. See server/API.md, "Auth and session".
const routes: RouteModule = async (app, ctx) => {
  const limiter = createRateLimiter(ctx, ctx.config.rateLimit)
  await scoped(app, ctx, (scope) => {
    registerLoginRoutes(scope, ctx, limiter)
    registerMfaRoutes(scope, ctx, limiter)
    registerPasswordRoutes(scope, ctx, limiter)
    registerRegistrationRoutes(scope, ctx, limiter)
  })
}

export default routes
