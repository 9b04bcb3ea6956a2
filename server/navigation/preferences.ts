/**
 * The console's navigation type (spec 000 section 4, "navigation type is initialised"), kept
 * per signed-in user: the new layout with sidebars, or the classic one with a top navigation bar.
 */
import type { FastifyInstance } from 'fastify'
import type { RouteModule, ServerContext } from '../context'
import { scoped } from '../auth/validation'
import { errors } from '../auth/schemas'
import type { Sql } from '../db/sql'
import { isoNow } from '../clock'

export const NAVIGATION_TYPES = ['new', 'classic'] as const
export type NavigationType = (typeof NAVIGATION_TYPES)[number]
const DEFAULT_TYPE: NavigationType = 'new'
const KEY = 'navigationType'

const typeSchema = {
  type: 'object',
  properties: { type: { type: 'string', enum: NAVIGATION_TYPES } },
  required: ['type'],
  additionalProperties: false,
} as const

/**
 * A user's navigation type (new when never chosen), read and written over the async interface;
 * also read for the console's page (server/ui/indexPage.ts).
 */
export function navigationPreferences(sql: Sql) {
  return {
    async typeOf(userId: number): Promise<NavigationType> {
      const stored = (
        await sql.one<{ value: string }>('SELECT value FROM ui_preferences WHERE user_id = ? AND key = ?', [
          userId,
          KEY,
        ])
      )?.value
      return NAVIGATION_TYPES.find((t) => t === stored) ?? DEFAULT_TYPE
    },

    async setType(userId: number, type: NavigationType, updatedAt: string): Promise<void> {
      await sql.run(
        `INSERT INTO ui_preferences (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        [userId, KEY, type, updatedAt],
      )
    },
  }
}

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
