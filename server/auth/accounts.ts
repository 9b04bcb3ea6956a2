/**
 * Creating an internal user (registration, invitations, the admin users API).
 */
import { HttpError } from '../context'
import type { Clock } from '../clock'
import type { Sql } from '../db/sql'
import { findUserByName, type UserRow } from './users'
import { userRecords } from './store'
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
  const users = userRecords(sql)
  const id = (await users.add({
    name: user.name,
    email: user.email,
    passwordHash: user.passwordHash,
    admin: user.admin === true,
    mfaRequired: user.mfaRequired === true,
    passwordExpired: user.passwordExpired === true,
    createdAt: isoNow(clock),
  }))!
  return (await users.byId(id))!
}
