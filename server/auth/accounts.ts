/**
 * Creating an internal user (registration, invitations, the admin users API).
 */
import { HttpError } from '../context'
import type { Clock } from '../clock'
import type { Sql } from '../db/sql'
import { findUserById, findUserByName, type UserRow } from './users'
import { isoNow } from '../clock'

export interface NewUser {
  readonly name: string
  readonly email: string
  readonly passwordHash: string
  readonly admin?: boolean
  readonly mfaRequired?: boolean
  readonly passwordExpired?: boolean
}

/** Inserts the user; 409 when the name is taken. Pass the transaction's handle when more follows. */
export async function insertUser(
  { sql, clock }: { readonly sql: Sql; readonly clock: Clock },
  user: NewUser,
): Promise<UserRow> {
  if (await findUserByName(sql, user.name))
    throw new HttpError(409, `A user named ${user.name} already exists`, 'CONFLICT')
  if (user.name.toLowerCase() === 'anonymous')
    throw new HttpError(409, 'The name anonymous is reserved', 'CONFLICT')
  const now = isoNow(clock)
  const row = await sql.one<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, admin, realm, created_at, password_changed_at, mfa_required, password_expired)
     VALUES (?, ?, ?, ?, 'internal', ?, ?, ?, ?) RETURNING id`,
    [
      user.name,
      user.email,
      user.passwordHash,
      user.admin ? 1 : 0,
      now,
      now,
      user.mfaRequired ? 1 : 0,
      user.passwordExpired ? 1 : 0,
    ],
  )
  // New people join the groups marked auto-join.
  await sql.run(
    'INSERT INTO group_members (group_name, user_id) SELECT name, ? FROM groups WHERE auto_join = 1',
    [row!.id],
  )
  return (await findUserById(sql, row!.id))!
}
