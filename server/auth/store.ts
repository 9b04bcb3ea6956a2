/**
 * The statements of the signed-in user's own calls (identity tokens, profile unlock and changes,
 * the API key) and of the CLI login, over the async interface. Users, sessions, mail tokens and
 * rate limits have their own modules beside this one.
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

    /** E-mail and/or password at once; a new password ends the user's other sessions, not this one. */
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
