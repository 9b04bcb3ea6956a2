/**
 * Signed-in users for operations and integrations tests, made directly in the database
 * (tables of migration 001): a user row and a full session whose cookie value is a random
 * token stored as its sha256, exactly what the server's session lookup reads.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../../server/db'

export interface TestSession {
  readonly name: string
  /** The Cookie header value. */
  readonly cookie: string
}

let counter = 0

export function createSession(db: Db, options: { admin: boolean; name?: string }): TestSession {
  const name =
    options.name ??
    `${options.admin ? 'ops-admin' : 'ops-user'}-${++counter}-${randomBytes(3).toString('hex')}`
  const now = new Date()
  const user = db
    .prepare(
      `INSERT INTO users (name, email, password_hash, admin, created_at, password_changed_at, first_login)
       VALUES (?, ?, 'not-a-login-hash', ?, ?, ?, 0)`,
    )
    .run(name, `${name}@example.test`, options.admin ? 1 : 0, now.toISOString(), now.toISOString())
  const token = randomBytes(32).toString('base64url')
  db.prepare(
    `INSERT INTO sessions (id_hash, user_id, created_at, expires_at, stage) VALUES (?, ?, ?, ?, 'full')`,
  ).run(
    createHash('sha256').update(token).digest('hex'),
    user.lastInsertRowid,
    now.toISOString(),
    new Date(now.getTime() + 3_600_000).toISOString(),
  )
  return { name, cookie: `console_session=${token}` }
}

/** An admin, a regular user and the anonymous visitor (no cookie). */
export function createRoles(db: Db): { admin: TestSession; user: TestSession } {
  return { admin: createSession(db, { admin: true }), user: createSession(db, { admin: false }) }
}
