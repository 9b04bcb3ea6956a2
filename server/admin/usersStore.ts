/**
 * Users as the admin users API changes them: their groups, flags, password and deletion, over
 * the async interface. Creating one is insertUser (server/auth/accounts.ts), shared with
 * registration and invitations.
 */
import type { Sql } from '../db/sql'
import type { UserRow } from '../auth/users'
import { badRequest } from './common'
import { CLIENT_TOKEN_KIND } from '../tokens/store'
import { REGISTRY_TOKEN_KIND } from '../containers/auth'
import { forgetGrants } from '../permissions/store'

/** The flags and fields an admin may change, as columns. */
export interface UserChange {
  readonly email?: string
  readonly admin?: boolean
  readonly mfaRequired?: boolean
  readonly passwordExpired?: boolean
  readonly credentialsExpired?: boolean
  readonly disabled?: boolean
  readonly resetMfa?: boolean
  readonly password?: { readonly hash: string; readonly changedAt: string }
}

const flag = (value: boolean) => (value ? 1 : 0)

export function adminUsersStore(sql: Sql) {
  return {
    list(): Promise<UserRow[]> {
      return sql.all<UserRow>('SELECT * FROM users ORDER BY name')
    },

    async groupsOf(userId: number): Promise<string[]> {
      const rows = await sql.all<{ group_name: string }>(
        'SELECT group_name FROM group_members WHERE user_id = ? ORDER BY group_name',
        [userId],
      )
      return rows.map((r) => r.group_name)
    },

    /** Memberships become exactly `groups`; 400 (nothing changed) when one does not exist. */
    async setGroups(userId: number, groups: readonly string[]): Promise<void> {
      for (const g of groups)
        if (!(await sql.one('SELECT 1 AS known FROM groups WHERE name = ?', [g])))
          badRequest(`groups: there is no group named ${g}`)
      await sql.run('DELETE FROM group_members WHERE user_id = ?', [userId])
      for (const g of groups)
        await sql.run(
          'INSERT INTO group_members (group_name, user_id) SELECT name, ? FROM groups WHERE name = ?',
          [userId, g],
        )
      forgetGrants()
    },

    async adminCount(): Promise<number> {
      return (await sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM users WHERE admin = 1'))?.n ?? 0
    },

    async enabledAdminCount(): Promise<number> {
      const row = await sql.one<{ n: number }>(
        'SELECT COUNT(*) AS n FROM users WHERE admin = 1 AND disabled = 0',
      )
      return row?.n ?? 0
    },

    async change(userId: number, change: UserChange): Promise<void> {
      const columns: Array<[string, string | number | null]> = []
      if (change.email !== undefined) columns.push(['email', change.email])
      if (change.admin !== undefined) columns.push(['admin', flag(change.admin)])
      if (change.mfaRequired !== undefined) columns.push(['mfa_required', flag(change.mfaRequired)])
      if (change.passwordExpired !== undefined)
        columns.push(['password_expired', flag(change.passwordExpired)])
      if (change.credentialsExpired !== undefined)
        columns.push(['credentials_expired', flag(change.credentialsExpired)])
      if (change.disabled !== undefined) columns.push(['disabled', flag(change.disabled)])
      if (change.resetMfa) columns.push(['mfa_enrolled', 0], ['mfa_secret', null], ['mfa_last_counter', 0])
      if (change.password)
        columns.push(
          ['password_hash', change.password.hash],
          ['password_changed_at', change.password.changedAt],
        )
      if (columns.length === 0) return
      // Column names from the list above only; the values are parameters.
      await sql.run(`UPDATE users SET ${columns.map(([c]) => `${c} = ?`).join(', ')} WHERE id = ?`, [
        ...columns.map(([, v]) => v),
        userId,
      ])
    },

    /**
     * Ends every session (but `keepUserId`'s own), client token and container registry token
     * (the token endpoint's, got with the password) of the user; `everyToken` (a disabled
     * account) also every other token of the registry's logins: nothing of the account may keep
     * working.
     */
    async endCredentials(userId: number, keepUserId: number, everyToken = false): Promise<void> {
      await sql.run('DELETE FROM sessions WHERE user_id = ? AND user_id <> ?', [userId, keepUserId])
      if (everyToken) await sql.run('DELETE FROM access_tokens WHERE user_id = ?', [userId])
      else
        await sql.run('DELETE FROM access_tokens WHERE user_id = ? AND kind IN (?, ?)', [
          userId,
          CLIENT_TOKEN_KIND,
          REGISTRY_TOKEN_KIND,
        ])
    },

    async delete(user: { id: number; name: string }): Promise<void> {
      await sql.run("DELETE FROM permission_principals WHERE kind = 'user' AND principal = ?", [user.name])
      await sql.run('DELETE FROM users WHERE id = ?', [user.id])
      forgetGrants()
    },
  }
}
