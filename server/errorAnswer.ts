/**
 * What the console's API answers for a failure: its status and `{message, code}` (with a
 * refusal's extra fields). The access service's calls carry the same in their own shape
 * (server/auth/accessShape.ts).
 */
import type { FastifyError } from 'fastify'
import { HttpError } from './context'

export interface ErrorAnswer {
  readonly status: number
  readonly body: { readonly message: string; readonly code?: string } & Readonly<Record<string, unknown>>
}

export function errorAnswer(error: FastifyError | HttpError): ErrorAnswer {
  if (error instanceof HttpError)
    return {
      status: error.statusCode,
      body: { ...error.extra, message: error.message, ...(error.code ? { code: error.code } : {}) },
    }
  if (error.validation)
    return { status: 400, body: { message: `Invalid request: ${error.message}`, code: 'VALIDATION' } }
  if (error.statusCode === 413)
    return { status: 413, body: { message: 'Request body is too large', code: 'TOO_LARGE' } }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return { status: error.statusCode, body: { message: error.message, code: error.code } }
  // No stack traces or internals to clients.
  return { status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } }
}
