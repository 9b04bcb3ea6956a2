/**
 * Personalization onboarding: the signed-in user's choices (technologies, first goal,
 * artifact-only mode and whether it was removed), stored once sent. The choices are the
 * console's lists (one list for both sides).
 */
import { platformStore } from './store'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context'
import { errors } from '../auth/schemas'
import { GOALS, TECHNOLOGIES, type PersonalizationChoices } from '../../domain/personalization/rules'
import { isoNow } from '../clock'

const statusSchema = {
  type: 'object',
  properties: { sent: { type: 'boolean' } },
  required: ['sent'],
} as const

const choicesSchema = {
  type: 'object',
  properties: {
    technologies: {
      type: 'array',
      minItems: 1,
      maxItems: TECHNOLOGIES.length,
      uniqueItems: true,
      items: { type: 'string', enum: TECHNOLOGIES },
    },
    goal: { type: 'string', enum: GOALS },
    artifactOnly: { type: 'boolean' },
    RTonlyRemoved: { type: 'boolean' },
  },
  required: ['technologies', 'goal', 'artifactOnly', 'RTonlyRemoved'],
  additionalProperties: false,
} as const

export function registerPersonalizationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const store = platformStore(ctx.sql)

  app.get(
    '/ui/onboarding/personalization',
    {
      schema: {
        summary: "Whether the signed-in user's personalization was sent",
        response: { 200: statusSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = ctx.requireUser(request)
      return { sent: await store.personalizationSent(user.id) }
    },
  )

  app.put<{ Body: PersonalizationChoices & { goal: string } }>(
    '/ui/onboarding/personalization',
    {
      schema: {
        summary: "Store the signed-in user's personalization choices",
        body: choicesSchema,
        response: { 200: statusSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = ctx.requireUser(request)
      const c = request.body
      await store.savePersonalization(
        user.id,
        {
          technologies: JSON.stringify(c.technologies),
          goal: c.goal,
          artifactOnly: c.artifactOnly,
          rtOnlyRemoved: c.RTonlyRemoved,
        },
        isoNow(ctx.clock),
      )
      return { sent: true }
    },
  )
}
