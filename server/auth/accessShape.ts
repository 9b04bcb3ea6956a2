/**
 * The access service's calls (sign-in, MFA enrolment and verification): the platform's own
 * checks, with failures in that service's shape, `{errors: [{code, message}]}`, whose first
 * error's code is the one a client reads (spec 000 section 8, "first error code, access variant").
 */
import type { FastifyReply } from 'fastify'
import { API_PREFIX, HttpError } from '../context'

export const ACCESS_API = '/access/api/v1/authentication'

/** Whether a request's address (path and query) is one of the access service's calls. */
export const isAccessPath = (url: string) => url.startsWith(`${API_PREFIX}${ACCESS_API}/`)

/** The access service's failure answers a route documents, by status code. */
export const accessErrors = (...codes: number[]) =>
  Object.fromEntries(
    codes.map((c) => [
      c,
      {
        type: 'object',
        properties: {
          errors: {
            type: 'array',
            items: {
              type: 'object',
              properties: { code: { type: 'string' }, message: { type: 'string' } },
              required: ['code', 'message'],
            },
          },
        },
        required: ['errors'],
      },
    ]),
  )

/** Runs a platform handler; its refusals are answered in the access service's shape. */
export async function inAccessShape<T>(
  reply: FastifyReply,
  run: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await run()
  } catch (failure) {
    if (!(failure instanceof HttpError)) throw failure
    return reply
      .status(failure.statusCode)
      .send({ errors: [{ code: failure.code ?? 'ERROR', message: failure.message }] })
  }
}
