/**
 * Signed-in users for operations and integrations tests, made directly in the database
 * (tables of migration 001) through the stores' interface, so on either engine: a user row and
 * a full session whose cookie value is a random token stored as its sha256, exactly what the
 * server's session lookup reads.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Sql } from '../../../server/db/sql'

export interface TestSession {
  readonly name: string
  /** The Cookie header value. */
  readonly cookie: string
}

let counter = 0

export async function createSession(
  sql: Sql,
  options: { admin: boolean; name?: string },
): Promise<TestSession> {
  const name =
    options.name ??
    `${options.admin ? 'ops-admin' : 'ops-user'}-${++counter}-${randomBytes(3).toString('hex')}`
  const now = new Date()
  const user = await sql.one<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, admin, created_at, password_changed_at, first_login)
     VALUES (?, ?, 'not-a-login-hash', ?, ?, ?, 0) RETURNING id`,
    [name, `${name}@example.test`, options.admin ? 1 : 0, now.toISOString(), now.toISOString()],
  )
  const token = randomBytes(32).toString('base64url')
  await sql.run(
    `INSERT INTO sessions (id_hash, user_id, created_at, expires_at, stage) VALUES (?, ?, ?, ?, 'full')`,
    [
      createHash('sha256').update(token).digest('hex'),
      user!.id,
      now.toISOString(),
      new Date(now.getTime() + 3_600_000).toISOString(),
    ],
  )
  return { name, cookie: `console_session=${token}` }
}

/** An admin, a regular user and the anonymous visitor (no cookie). */
export async function createRoles(sql: Sql): Promise<{ admin: TestSession; user: TestSession }> {
  return {
    admin: await createSession(sql, { admin: true }),
    user: await createSession(sql, { admin: false }),
  }
}
