/**
 * Signs a test user in by writing a session straight into the database (the cookie value's
 * sha256 in `sessions.id_hash`, as server/app.ts reads it), so the catalogue's tests do not
 * depend on the login routes. Each call makes its own user.
 */
import { randomBytes } from 'node:crypto'
import { hashToken, SESSION_COOKIE } from '../../../server/app'
import { psqlSync } from '../../support/postgres'
import type { TestServer } from '../../support/server'

/** A new user signed in: its name and its session cookie. */
export function signInDirectlyAs(
  server: TestServer,
  options: { admin?: boolean; outsider?: boolean } = {},
): { name: string; cookie: string } {
  if (server.config.databaseUrl) return signInOnPostgres(server.config.databaseUrl, options)
  const db = server.ctx.db
  const now = new Date()
  const name = `catalog-tester-${randomBytes(4).toString('hex')}`
  const userId = db
    .prepare(
      `INSERT INTO users (name, password_hash, admin, created_at, password_changed_at) VALUES (?, 'not-a-hash', ?, ?, ?)`,
    )
    .run(name, options.admin ? 1 : 0, now.toISOString(), now.toISOString()).lastInsertRowid
  // Like every user the platform makes, in the groups new users join (the readers: read on
  // every repository), unless the test wants a user outside every grant.
  if (!options.outsider)
    db.prepare(
      'INSERT INTO group_members (group_name, user_id) SELECT name, ? FROM groups WHERE auto_join = 1',
    ).run(userId)
  const token = randomBytes(32).toString('base64url')
  db.prepare(
    `INSERT INTO sessions (id_hash, user_id, created_at, expires_at, stage) VALUES (?, ?, ?, ?, 'full')`,
  ).run(hashToken(token), userId, now.toISOString(), new Date(now.getTime() + 3_600_000).toISOString())
  return { name, cookie: `${SESSION_COOKIE}=${token}` }
}

/** The same on a server on PostgreSQL, at once: one statement through `psql`. */
function signInOnPostgres(
  url: string,
  options: { admin?: boolean; outsider?: boolean },
): { name: string; cookie: string } {
  const now = new Date()
  const name = `catalog-tester-${randomBytes(4).toString('hex')}`
  const token = randomBytes(32).toString('base64url')
  // Every value is made here (hex, base64url, ISO times): nothing to quote but the literals.
  const at = now.toISOString()
  const until = new Date(now.getTime() + 3_600_000).toISOString()
  psqlSync(
    url,
    `WITH u AS (INSERT INTO users (name, password_hash, admin, created_at, password_changed_at)
       VALUES ('${name}', 'not-a-hash', ${options.admin ? 1 : 0}, '${at}', '${at}') RETURNING id),
     g AS (INSERT INTO group_members (group_name, user_id)
       SELECT groups.name, u.id FROM groups, u WHERE groups.auto_join = 1 AND ${options.outsider ? 'false' : 'true'})
     INSERT INTO sessions (id_hash, user_id, created_at, expires_at, stage)
       SELECT '${hashToken(token)}', id, '${at}', '${until}', 'full' FROM u`,
  )
  return { name, cookie: `${SESSION_COOKIE}=${token}` }
}

export function signInDirectly(
  server: TestServer,
  options: { admin?: boolean; outsider?: boolean } = {},
): string {
  return signInDirectlyAs(server, options).cookie
}
