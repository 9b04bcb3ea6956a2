/**
 * Opaque paging cursors: base64url of the order they belong to, the sort value and the
 * row id (the tie-breaker), so paging is stable and a cursor from another order is refused.
 */
import { GraphQLError } from 'graphql'

export interface CursorData {
  readonly order: string
  readonly value: string | number | null
  readonly id: string
}

export const encodeCursor = (c: CursorData): string =>
  Buffer.from(JSON.stringify([c.order, c.value, c.id]), 'utf8').toString('base64url')

export function decodeCursor(cursor: string, order: string): CursorData {
  const invalid = () =>
    new GraphQLError('Invalid cursor: use an endCursor or cursor from the same query and order', {
      extensions: { code: 'BAD_USER_INPUT' },
    })
  if (cursor.length > 2000 || !/^[A-Za-z0-9_-]*$/.test(cursor)) throw invalid()
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== order ||
    !(typeof parsed[1] === 'string' || typeof parsed[1] === 'number' || parsed[1] === null) ||
    typeof parsed[2] !== 'string'
  )
    throw invalid()
  return { order, value: parsed[1] as string | number | null, id: parsed[2] }
}
