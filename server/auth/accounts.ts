/**
 * Creating an internal user (registration, invitations, the admin users API).
 */
import { HttpError, type StoreContext } from '../context'
import { findUserByName, type UserRow } from './users'
import { isoNow } from '../clock'

export interface NewUser {
  readonly name: string
  readonly email: string
  readonly passwordHash: string
  readonly admin?: boolean
  readonly mfaRequired?: boolean
  readonly passwordExpired?: boolean
}

/** Inserts the user; 409 when the name is taken. Call inside a transaction when more follows. */
export function insertUser({ db, clock }: StoreContext, user: NewUser): UserRow {
  if (findUserByName(db, user.name))
    throw new HttpError(409, `A user named ${user.name} already exists`, 'CONFLICT')
  if (user.name.toLowerCase() === 'anonymous')
    throw new HttpError(409, 'The name anonymous is reserved', 'CONFLICT')
  const now = isoNow(clock)
  const result = db
    .prepare(
      `INSERT INTO users (name, email, password_hash, admin, realm, created_at, password_changed_at, mfa_required, password_expired)
       VALUES (?, ?, ?, ?, 'internal', ?, ?, ?, ?)`,
    )
    .run(
      user.name,
      user.email,
      user.passwordHash,
      user.admin ? 1 : 0,
      now,
      now,
      user.mfaRequired ? 1 : 0,
      user.passwordExpired ? 1 : 0,
    )
  // New people join the groups marked auto-join.
  db.prepare(
    'INSERT INTO group_members (group_name, user_id) SELECT name, ? FROM groups WHERE auto_join = 1',
  ).run(result.lastInsertRowid)
  return db.prepare('SELECT * FROM users WHERE id = ?').get(result.lastInsertRowid) as UserRow
}
