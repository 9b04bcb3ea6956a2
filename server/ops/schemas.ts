/** JSON schemas shared by the operations and integrations routes. */
import type { FastifySchema } from 'fastify'

export const errorSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' }, code: { type: 'string' } },
} as const

/** A route schema with the summary the OpenAPI document shows (FastifySchema has no such field). */
export const documented = (summary: string, schema: FastifySchema): FastifySchema =>
  ({ summary, ...schema }) as FastifySchema
