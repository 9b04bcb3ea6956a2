/**
 * The routes of the console's navigation type, kept per signed-in user (server/navigation/store.ts):
 * the new layout with sidebars, or the classic one with a top navigation bar.
 */
import type { FastifyInstance } from 'fastify'
import type { RouteModule, ServerContext } from '../context'
import { scoped } from '../auth/validation'
import { errors } from '../auth/schemas'
import { NAVIGATION_TYPES, navigationPreferences, type NavigationType } from './store'
import { isoNow } from '../clock'

const typeSchema = {
  type: 'object',
  properties: { type: { type: 'string', enum: NAVIGATION_TYPES } },
  required: ['type'],
  additionalProperties: false,
} as const

function register(app: FastifyInstance, ctx: ServerContext): void {
  const preferences = navigationPreferences(ctx.sql)

  app.get(
    '/ui/user/navigationType',
    {
      schema: {
        summary: "The signed-in user's navigation type (new when never chosen)",
        response: { 200: typeSchema, ...errors(401) },
      },
    },
    async (request) => {
      return { type: await preferences.typeOf(ctx.requireUser(request).id) }
    },
  )

  app.put<{ Body: { type: NavigationType } }>(
    '/ui/user/navigationType',
    {
      schema: {
        summary: "Sets the signed-in user's navigation type",
        body: typeSchema,
        response: { 200: typeSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = ctx.requireUser(request)
      await preferences.setType(user.id, request.body.type, isoNow(ctx.clock))
      return { type: request.body.type }
    },
  )
}

const navigation: RouteModule = async (app, ctx) => {
  await scoped(app, ctx, register)
}

export default navigation
