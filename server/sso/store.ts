/**
 * Single sign-on as stored: sign-ins in flight to a provider, the SAML request ids issued and
 * assertions used (each answer and assertion accepted once, on every node), and the SAML
 * logouts remembered per platform sign-in (every row of those expires); the users a provider
 * signs in, with their memberships of the groups it asserts. Over the async interface.
 */
import type { Sql } from '../db/sql'
import { forgetGrants } from '../permissions/store'

export interface PendingRow {
  readonly kind: string
  readonly state: string
  readonly nonce: string
  readonly code_verifier: string
  readonly redirect_to: string
  readonly expires_at: string
}

export interface LogoutTicket {
  readonly name_id: string
  readonly name_id_format: string
  readonly session_index: string
}

export function ssoStore(sql: Sql) {
  return {
    async addPending(bindingHash: string, row: PendingRow, now: string): Promise<void> {
      await sql.run('DELETE FROM sso_requests WHERE expires_at <= ?', [now])
      await sql.run(
        `INSERT INTO sso_requests (binding_hash, kind, state, nonce, code_verifier, redirect_to, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [bindingHash, row.kind, row.state, row.nonce, row.code_verifier, row.redirect_to, row.expires_at],
      )
    },

    /** Taken: deleted as it is read, so one answer is used once. */
    takePending(bindingHash: string): Promise<PendingRow | undefined> {
      return sql.one<PendingRow>(
        `DELETE FROM sso_requests WHERE binding_hash = ?
         RETURNING kind, state, nonce, code_verifier, redirect_to, expires_at`,
        [bindingHash],
      )
    },

    async saveSamlRequest(id: string, createdAt: string, now: string, expiresAt: string): Promise<void> {
      await sql.run('DELETE FROM saml_requests WHERE expires_at <= ?', [now])
      await sql.run(
        'INSERT INTO saml_requests (request_id, created_at, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [id, createdAt, expiresAt],
      )
    },

    async samlRequestCreated(id: string, now: string): Promise<string | undefined> {
      const row = await sql.one<{ created_at: string }>(
        'SELECT created_at FROM saml_requests WHERE request_id = ? AND expires_at > ?',
        [id, now],
      )
      return row?.created_at
    },

    async removeSamlRequest(id: string): Promise<string | undefined> {
      const row = await sql.one<{ created_at: string }>(
        'DELETE FROM saml_requests WHERE request_id = ? RETURNING created_at',
        [id],
      )
      return row?.created_at
    },

    /** True the first time an assertion id is seen (until it expires). */
    async recordAssertion(id: string, notOnOrAfter: string, now: string): Promise<boolean> {
      await sql.run('DELETE FROM saml_used_assertions WHERE expires_at <= ?', [now])
      const { changes } = await sql.run(
        'INSERT INTO saml_used_assertions (assertion_id, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
        [id, notOnOrAfter],
      )
      return changes === 1
    },

    async rememberLogout(
      bindingHash: string,
      userId: number,
      ticket: LogoutTicket,
      now: string,
      expiresAt: string,
    ): Promise<void> {
      await sql.run('DELETE FROM saml_logouts WHERE expires_at <= ?', [now])
      await sql.run(
        `INSERT INTO saml_logouts (binding_hash, user_id, name_id, name_id_format, session_index, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [bindingHash, userId, ticket.name_id, ticket.name_id_format, ticket.session_index, expiresAt],
      )
    },

    takeLogout(bindingHash: string, now: string): Promise<LogoutTicket | undefined> {
      return sql.one<LogoutTicket>(
        `DELETE FROM saml_logouts WHERE binding_hash = ? AND expires_at > ?
         RETURNING name_id, name_id_format, session_index`,
        [bindingHash, now],
      )
    },

    /** The IdP signed the SAML user out: every platform session of theirs ends. */
    async endSessionsOf(nameId: string): Promise<void> {
      await sql.transaction(async (tx) => {
        await tx.run(
          'DELETE FROM sessions WHERE user_id IN (SELECT user_id FROM saml_logouts WHERE name_id = ?)',
          [nameId],
        )
        await tx.run('DELETE FROM saml_logouts WHERE name_id = ?', [nameId])
      })
    },

    /** Groups a local identity provider claims, created when missing. */
    async ensureGroups(names: Iterable<string>, description: string, now: string): Promise<void> {
      for (const name of names)
        await sql.run(
          'INSERT INTO groups (name, description, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
          [name, description, now],
        )
    },

    /** A provider's user seen again: its address (kept when the provider sends none) and provider. */
    async updateSsoUser(userId: number, email: string, provider: string): Promise<void> {
      await sql.run('UPDATE users SET email = ?, sso_provider = ? WHERE id = ?', [email, provider, userId])
    },

    /**
     * A provider's new user in its realm, its profile not updatable here; as every new account,
     * in the auto-join groups (readers: read on every repository).
     */
    async addSsoUser(
      user: { name: string; email: string; passwordHash: string; realm: string; provider: string },
      now: string,
    ): Promise<void> {
      await sql.run(
        `INSERT INTO users (name, email, password_hash, admin, realm, created_at, password_changed_at, sso_provider, profile_updatable)
         VALUES (?, ?, ?, 0, ?, ?, ?, ?, 0)`,
        [user.name, user.email, user.passwordHash, user.realm, now, now, user.provider],
      )
      await sql.run(
        `INSERT INTO group_members (group_name, user_id)
         SELECT groups.name, users.id FROM groups, users WHERE groups.auto_join = 1 AND users.name = ?
         ON CONFLICT DO NOTHING`,
        [user.name],
      )
      forgetGrants()
    },

    /** Memberships become exactly the asserted groups that exist on the platform. */
    async setAssertedGroups(userId: number, asserted: readonly string[]): Promise<void> {
      const known: string[] = []
      for (const name of asserted)
        if (await sql.one('SELECT 1 AS known FROM groups WHERE name = ?', [name])) known.push(name)
      await sql.run('DELETE FROM group_members WHERE user_id = ?', [userId])
      for (const name of known)
        await sql.run(
          `INSERT INTO group_members (group_name, user_id) SELECT name, ? FROM groups WHERE name = ?
           ON CONFLICT DO NOTHING`,
          [userId, name],
        )
      forgetGrants()
    },
  }
}
