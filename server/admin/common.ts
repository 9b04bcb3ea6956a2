/**
 * Helpers shared by the admin routes.
 */
import { HttpError } from '../context'

export const notFound = (what: string): never => {
  throw new HttpError(404, `${what} was not found`, 'NOT_FOUND')
}

export const conflict = (message: string): never => {
  throw new HttpError(409, message, 'CONFLICT')
}

export const badRequest = (message: string): never => {
  throw new HttpError(400, message, 'VALIDATION')
}

export const parseList = (json: string): string[] => JSON.parse(json) as string[]

export const emptyReply = { 204: { type: 'null' } } as const
