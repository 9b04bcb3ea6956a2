/**
 * Every statement of sign-in and accounts, over the async interface: users, browser sessions,
 * single-use mail tokens, rate-limit windows, the signed-in user's own calls (identity tokens,
 * profile unlock and changes, the API key) and the CLI login. The rules (lifetimes, cookies,
 * what a limit refuses) are in the modules beside this one.
 */
import type { Sql } from '../db/sql'
import { tokenStore } from '../tokens/store'
import type { TokenGrant } from '../tokens/rules'

export interface NewAccessToken {
  readonly id: string
  readonly tokenHash: string
  readonly userId: number
  readonly kind: 'identity'
  readonly createdAt: string
  readonly expiresAt: string
}

const INSERT_ACCESS_TOKEN = `INSERT INTO access_tokens (id, token_hash, user_id, kind, created_at, expires_at)
  VALUES (?, ?, ?, ?, ?, ?)`

const addAccessToken = (sql: Sql, t: NewAccessToken) =>
  sql.run(INSERT_ACCESS_TOKEN, [t.id, t.tokenHash, t.userId, t.kind, t.createdAt, t.expiresAt])

export function authStore(sql: Sql) {
  return {
    /** A new identity token; those expired by `now` are dropped, so the table stays bounded. */
    async issueIdentityToken(token: NewAccessToken, now: string): Promise<void> {
      await addAccessToken(sql, token)
      await sql.run("DELETE FROM access_tokens WHERE kind = 'identity' AND expires_at <= ?", [now])
    },

    async unlockSession(idHash: string, until: string): Promise<void> {
      await sql.run('UPDATE sessions SET unlocked_until = ? WHERE id_hash = ?', [until, idHash])
    },

    /** Email and/or password at once; a new password ends the user's other sessions, not this one. */
    async updateProfile(
      userId: number,
      keepSession: string,
      change: { email?: string; passwordHash?: string; at: string },
    ): Promise<void> {
      await sql.transaction(async (tx) => {
        if (change.email !== undefined)
          await tx.run('UPDATE users SET email = ? WHERE id = ?', [change.email, userId])
        if (change.passwordHash !== undefined) {
          await tx.run('UPDATE users SET password_hash = ?, password_changed_at = ? WHERE id = ?', [
            change.passwordHash,
            change.at,
            userId,
          ])
          await tx.run('DELETE FROM sessions WHERE user_id = ? AND id_hash <> ?', [userId, keepSession])
        }
      })
    },

    /** The user's API key; `fresh` becomes it when there is none yet (the first writer's stays). */
    async apiKeyOf(userId: number, fresh: string): Promise<string> {
      await sql.run('UPDATE users SET api_key = ? WHERE id = ? AND api_key IS NULL', [fresh, userId])
      const row = await sql.one<{ api_key: string }>('SELECT api_key FROM users WHERE id = ?', [userId])
      return row!.api_key
    },

    /** Records an approved CLI session; false when that session id was approved already. */
    async approveCliSession(
      session: { id: string; clientName: string; userId: number; codeHash: string },
      now: string,
      expiresAt: string,
    ): Promise<boolean> {
      await sql.run('DELETE FROM cli_sessions WHERE expires_at <= ?', [now])
      const { changes } = await sql.run(
        `INSERT INTO cli_sessions (session, client_name, user_id, code_hash, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [session.id, session.clientName, session.userId, session.codeHash, now, expiresAt],
      )
      return changes === 1
    },

    usableCliSession(
      id: string,
      now: string,
    ): Promise<{ user_id: number; client_name: string; code_hash: string } | undefined> {
      return sql.one(
        'SELECT user_id, client_name, code_hash FROM cli_sessions WHERE session = ? AND used_at IS NULL AND expires_at > ?',
        [id, now],
      )
    },

    /**
     * Uses the CLI session once and issues its token, a client token like those made in the
     * console (the registry takes it; its owner sees and revokes it; a new password ends it);
     * false when another request used the session first.
     */
    async exchangeCliSession(
      id: string,
      token: { id: string; tokenHash: string; userId: number; grant: TokenGrant; createdAt: string },
    ): Promise<boolean> {
      return sql.transaction(async (tx) => {
        const used = await tx.run(
          'UPDATE cli_sessions SET used_at = ? WHERE session = ? AND used_at IS NULL',
          [token.createdAt, id],
        )
        if (used.changes !== 1) return false
        await tokenStore(tx).insert(token.id, token.tokenHash, token.userId, token.grant, token.createdAt)
        return true
      })
    },
  }
}

/** A user's row as the auth calls read it. */
export interface UserRow {
  readonly id: number
  readonly name: string
  readonly email: string
  readonly password_hash: string
  readonly admin: number
  readonly realm: string
  readonly created_at: string
  readonly password_expired: number
  readonly credentials_expired: number
  readonly mfa_secret: string | null
  readonly mfa_enrolled: number
  readonly mfa_required: number
  /** 1: an admin disabled the account; nothing of it signs in or authenticates. */
  readonly disabled: number
  readonly mfa_last_counter: number
  readonly first_login: number
  readonly profile_updatable: number
  readonly has_seen_getting_started: number
  readonly wizard_closed: number
  readonly last_login_at: string | null
}

export interface NewUserRecord {
  readonly name: string
  readonly email: string
  readonly passwordHash: string
  readonly admin: boolean
  readonly mfaRequired: boolean
  readonly passwordExpired: boolean
  readonly createdAt: string
}

const INSERT_USER = `INSERT INTO users (name, email, password_hash, admin, realm, created_at, password_changed_at,
    mfa_required, password_expired)
  VALUES (?, ?, ?, ?, 'internal', ?, ?, ?, ?)`

export function userRecords(sql: Sql) {
  return {
    byName: (name: string) => sql.one<UserRow>('SELECT * FROM users WHERE name = ?', [name]),
    byId: (id: number) => sql.one<UserRow>('SELECT * FROM users WHERE id = ?', [id]),
    /** The first user with this address; it ignores case on both engines (lower() on each side). */
    byEmail: (email: string) =>
      sql.one<UserRow>(
        "SELECT * FROM users WHERE lower(email) = lower(?) AND email <> '' ORDER BY id LIMIT 1",
        [email],
      ),
    count: async () => (await sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM users'))?.n ?? 0,
    /** Every user's API key and authenticator secret (both kept as issued), for a support bundle to cut. */
    storedSecrets: async () =>
      (
        await sql.all<{ api_key: string | null; mfa_secret: string | null }>(
          'SELECT api_key, mfa_secret FROM users WHERE api_key IS NOT NULL OR mfa_secret IS NOT NULL',
        )
      ).flatMap((r) => [r.api_key, r.mfa_secret].filter((v): v is string => !!v)),
    /** The user's project memberships with their roles (a JSON list), by project key. */
    memberships: (userId: number) =>
      sql.all<{ project_key: string; roles: string }>(
        'SELECT project_key, roles FROM project_members WHERE user_id = ? ORDER BY project_key',
        [userId],
      ),
    /**
     * An internal user, in the groups marked auto-join; answers the new id. With `ifAbsent` a
     * name already there is left alone (undefined); without, it is an error.
     */
    async add(user: NewUserRecord, options: { ifAbsent?: boolean } = {}): Promise<number | undefined> {
      const row = await sql.one<{ id: number }>(
        `${INSERT_USER}${options.ifAbsent ? ' ON CONFLICT DO NOTHING' : ''} RETURNING id`,
        [
          user.name,
          user.email,
          user.passwordHash,
          user.admin ? 1 : 0,
          user.createdAt,
          user.createdAt,
          user.mfaRequired ? 1 : 0,
          user.passwordExpired ? 1 : 0,
        ],
      )
      if (!row) return undefined
      await sql.run(
        `INSERT INTO group_members (group_name, user_id) SELECT name, ? FROM groups WHERE auto_join = 1
         ON CONFLICT DO NOTHING`,
        [row.id],
      )
      return row.id
    },
    async markSignedIn(userId: number, at: string): Promise<void> {
      await sql.run('UPDATE users SET last_login_at = ?, first_login = 0 WHERE id = ?', [at, userId])
    },
    /** A new password with the expiry flags cleared; every session of the user ends. */
    async setPassword(userId: number, hash: string, at: string): Promise<void> {
      await sql.run(
        `UPDATE users SET password_hash = ?, password_changed_at = ?, password_expired = 0, credentials_expired = 0
         WHERE id = ?`,
        [hash, at, userId],
      )
      await sql.run('DELETE FROM sessions WHERE user_id = ?', [userId])
    },
    /** A new authenticator secret, its time steps counted afresh. */
    async setMfaSecret(userId: number, secret: string): Promise<void> {
      await sql.run('UPDATE users SET mfa_secret = ?, mfa_last_counter = 0 WHERE id = ?', [secret, userId])
    },
    /** Records the code's time step unless one as late was used already; answers whether it did. */
    async acceptMfaStep(userId: number, counter: number): Promise<boolean> {
      const { changes } = await sql.run(
        'UPDATE users SET mfa_enrolled = 1, mfa_last_counter = ? WHERE id = ? AND mfa_last_counter < ?',
        [counter, userId, counter],
      )
      return changes === 1
    },
  }
}

export type SessionStage = 'full' | 'mfa'

export interface SessionRow {
  readonly id_hash: string
  readonly user_id: number
  readonly stage: SessionStage
  readonly remember: number
  readonly expires_at: string
  readonly unlocked_until: string | null
}

/** A fully signed-in session's user, as each request reads it. */
export interface SessionUserRow {
  readonly id: number
  readonly name: string
  readonly admin: number
  readonly realm: string
  readonly id_hash: string
  readonly created_at: string
  readonly sso_checked_at: string | null
}

const SIGNED_IN_USER = `SELECT u.id, u.name, u.admin, u.realm, s.id_hash, s.created_at, s.sso_checked_at
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id_hash = ? AND s.stage = 'full' AND s.expires_at > ? AND u.disabled = 0`

/** Browser sessions, by the sha256 of their cookie's token. */
export function sessionRecords(sql: Sql) {
  return {
    async add(s: {
      idHash: string
      userId: number
      createdAt: string
      expiresAt: string
      stage: SessionStage
      remember: boolean
    }): Promise<void> {
      await sql.run(
        'INSERT INTO sessions (id_hash, user_id, created_at, expires_at, stage, remember) VALUES (?, ?, ?, ?, ?, ?)',
        [s.idHash, s.userId, s.createdAt, s.expiresAt, s.stage, s.remember ? 1 : 0],
      )
    },
    /** The session in any stage, unless it expired by `now`. */
    find: (idHash: string, now: string) =>
      sql.one<SessionRow>(
        `SELECT id_hash, user_id, stage, remember, expires_at, unlocked_until FROM sessions
         WHERE id_hash = ? AND expires_at > ?`,
        [idHash, now],
      ),
    /** The user of a full session unexpired at `now`, unless the account is disabled. */
    signedInUser: (idHash: string, now: string) => sql.one<SessionUserRow>(SIGNED_IN_USER, [idHash, now]),
    async complete(idHash: string, expiresAt: string): Promise<void> {
      await sql.run("UPDATE sessions SET stage = 'full', expires_at = ? WHERE id_hash = ?", [
        expiresAt,
        idHash,
      ])
    },
    async remove(idHash: string): Promise<void> {
      await sql.run('DELETE FROM sessions WHERE id_hash = ?', [idHash])
    },
    async prune(now: string): Promise<void> {
      await sql.run('DELETE FROM sessions WHERE expires_at <= ?', [now])
    },
    /** The session's provider confirmed it at `at`. */
    async markSsoChecked(idHash: string, at: string): Promise<void> {
      await sql.run('UPDATE sessions SET sso_checked_at = ? WHERE id_hash = ?', [at, idHash])
    },
  }
}

export type MailTokenKind = 'reset' | 'invitation'

export interface MailTokenRow {
  readonly token_hash: string
  readonly kind: MailTokenKind
  readonly user_id: number | null
  readonly email: string
  readonly expires_at: string
  readonly used_at: string | null
}

/** Single-use tokens sent by mail, by their sha256. */
export function mailTokenRecords(sql: Sql) {
  return {
    async add(t: {
      tokenHash: string
      kind: MailTokenKind
      userId: number | null
      email: string
      createdBy: number | null
      createdAt: string
      expiresAt: string
    }): Promise<void> {
      await sql.run(
        `INSERT INTO mail_tokens (token_hash, kind, user_id, email, created_by, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [t.tokenHash, t.kind, t.userId, t.email, t.createdBy, t.createdAt, t.expiresAt],
      )
    },
    /** The token when it is of this kind, unused and unexpired at `now`. */
    usable: (tokenHash: string, kind: MailTokenKind, now: string) =>
      sql.one<MailTokenRow>(
        `SELECT token_hash, kind, user_id, email, expires_at, used_at FROM mail_tokens
         WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?`,
        [tokenHash, kind, now],
      ),
    /** Marks it used at `at`; false when someone used it first. */
    async use(tokenHash: string, at: string): Promise<boolean> {
      const { changes } = await sql.run(
        'UPDATE mail_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL',
        [at, tokenHash],
      )
      return changes === 1
    },
  }
}

// Within the window and under the limit: one more.
const COUNT_ONE_MORE =
  'UPDATE rate_limits SET count = count + 1 WHERE key = ? AND window_start + ? > ? AND count < ?'
// No row, or its window is over: a new window with this attempt in it.
const NEW_WINDOW = `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
  ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, count = 1
  WHERE rate_limits.window_start + ? <= ?`

/**
 * Fixed-window counters per key (times in milliseconds), shared by every node. Each step is one
 * conditional statement, atomic on both engines and across nodes.
 */
export function rateLimitRecords(sql: Sql) {
  return {
    /** One more in the key's window if it is open at `now` and under `max`; answers whether it counted. */
    countOneMore: async (key: string, windowMs: number, now: number, max: number) =>
      (await sql.run(COUNT_ONE_MORE, [key, windowMs, now, max])).changes === 1,
    /** A new window from `now` holding one, unless the key's window is still open; answers whether it did. */
    openWindow: async (key: string, windowMs: number, now: number) =>
      (await sql.run(NEW_WINDOW, [key, now, windowMs, now])).changes === 1,
    windowStart: async (key: string) =>
      (await sql.one<{ window_start: number }>('SELECT window_start FROM rate_limits WHERE key = ?', [key]))
        ?.window_start,
    /** Gives one back within the key's window still open at `now`. */
    async giveBack(key: string, windowMs: number, now: number): Promise<void> {
      await sql.run(
        'UPDATE rate_limits SET count = count - 1 WHERE key = ? AND count > 0 AND window_start + ? > ?',
        [key, windowMs, now],
      )
    },
    /** Drops the windows over at `now`, so the table stays bounded. */
    async prune(windowMs: number, now: number): Promise<void> {
      await sql.run('DELETE FROM rate_limits WHERE window_start + ? <= ?', [windowMs, now])
    },
  }
}
