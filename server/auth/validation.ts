/**
 * Validation messages a person can act on, instead of ajv's wording ("must match pattern
 * …"): the field, then the rule in the specification's words.
 */
import type { FastifyInstance } from 'fastify'
import type { FastifySchemaValidationError } from 'fastify/types/schema'
import type { ServerContext } from '../context'
import { NAME_PATTERN } from './schemas'
import { MANDATORY_MESSAGE } from '../../domain/shared/formWords'
import { NAME_MESSAGE } from '../../domain/shared/forms'

/** A mandatory field left out, in the console's words (`when` says under which condition). */
export const mandatory = (name: string, when = ''): string => `${name}: ${MANDATORY_MESSAGE}${when}`

function field(error: FastifySchemaValidationError, dataVar: string): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.')
  return path || dataVar
}

export function describeValidationError(error: FastifySchemaValidationError, dataVar: string): string {
  const params = error.params as Record<string, unknown>
  const name = field(error, dataVar)
  switch (error.keyword) {
    case 'required':
      return mandatory(String(params.missingProperty))
    case 'additionalProperties':
      return `${name}: unknown field ${String(params.additionalProperty)}`
    case 'pattern':
      if (params.pattern === NAME_PATTERN) return `${name}: ${NAME_MESSAGE}`
      if (/@/.test(String(params.pattern))) return `${name}: Enter a valid email address`
      return `${name}: has an invalid format`
    case 'minLength':
      return Number(params.limit) === 1
        ? mandatory(name)
        : `${name}: must be at least ${String(params.limit)} characters`
    case 'maxLength':
      return `${name}: must be at most ${String(params.limit)} characters`
    case 'type':
      return `${name}: must be a ${String(params.type)}`
    case 'enum':
      return `${name}: must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`
    case 'minimum':
    case 'maximum':
      return `${name}: must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}`
    case 'minItems':
      return `${name}: choose at least ${String(params.limit)}`
    default:
      return `${name}: ${error.message ?? 'is invalid'}`
  }
}

/**
 * Registers routes in their own encapsulated scope whose validation errors read well; the
 * scope inherits the API prefix and the OpenAPI collector.
 */
export async function scoped(
  app: FastifyInstance,
  ctx: ServerContext,
  register: (scope: FastifyInstance, ctx: ServerContext) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.setSchemaErrorFormatter((errors, dataVar) => {
      const first = errors[0]
      return new Error(first ? describeValidationError(first, dataVar) : `${dataVar} is invalid`)
    })
    await register(scope, ctx)
  })
}
