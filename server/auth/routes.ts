import type { RouteModule } from '../context'
import { registerLoginRoutes } from '../auth/loginRoutes'
import { registerMfaRoutes } from '../auth/mfaRoutes'
import { registerPasswordRoutes } from '../auth/passwordRoutes'
import { createRateLimiter } from '../auth/rateLimit'
import { registerCliLoginResponse, registerRegistrationRoutes } from '../auth/registrationRoutes'
import { scoped } from '../auth/validation'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context'

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

/**
 * The CLI knows only the platform's address, so its login postback is served at the platform's
 * own path as well, outside the console's API (and its request-forgery guard: the CLI is no
 * browser). Both addresses count wrong codes against the same session.
 */
export async function registerCliRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const limiter = createRateLimiter(ctx, ctx.config.rateLimit)
  await scoped(app, ctx, (scope) => registerCliLoginResponse(scope, ctx, limiter))
}

export default routes
