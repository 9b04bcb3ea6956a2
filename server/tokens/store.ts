/**
 * Client tokens in the database: only the sha256 of a token is kept (the token itself is
 * shown once, when made), with its owner, scope and expiry; and the admins' policy (the
 * longest lifetime) in the settings.
 */
import type { Sql } from '../db/sql'
import type { TokenScope } from '../permissions/rules'
import { TOKEN_DEFAULT_MAX_DAYS, type TokenGrant, type TokenPolicy } from './rules'

export const CLIENT_TOKEN_KIND = 'client'
const POLICY_KEY = 'clientTokens'

interface TokenRow {
  id: string
  user_name: string
  description: string
  scope_repositories: string | null
  scope_access: string
  created_at: string
  expires_at: string
}

export interface StoredToken {
  readonly id: string
  readonly user: string
  readonly description: string
  readonly scope: TokenScope
  readonly createdAt: string
  readonly expiresAt: string
}

export interface TokenOwner {
  readonly id: number
  readonly name: string
  readonly admin: boolean
  readonly realm: string
  readonly scope: TokenScope
}

const scopeOf = (row: { scope_repositories: string | null; scope_access: string }): TokenScope => ({
  repositories: row.scope_repositories === null ? null : (JSON.parse(row.scope_repositories) as string[]),
  access: row.scope_access === 'read' ? 'read' : 'deploy',
})

const stored = (row: TokenRow): StoredToken => ({
  id: row.id,
  user: row.user_name,
  description: row.description,
  scope: scopeOf(row),
  createdAt: row.created_at,
  expiresAt: row.expires_at,
})

const LIST = `SELECT t.id, u.name AS user_name, t.description, t.scope_repositories, t.scope_access, t.created_at,
    t.expires_at
  FROM access_tokens t JOIN users u ON u.id = t.user_id
  WHERE t.kind = ? AND t.expires_at > ?`

export function tokenStore(sql: Sql) {
  return {
    async insert(id: string, hash: string, userId: number, grant: TokenGrant, now: string): Promise<void> {
      await sql.run(
        `INSERT INTO access_tokens (id, token_hash, user_id, kind, created_at, expires_at, description,
           scope_repositories, scope_access)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          hash,
          userId,
          CLIENT_TOKEN_KIND,
          now,
          grant.expiresAt,
          grant.description,
          grant.scope.repositories === null ? null : JSON.stringify(grant.scope.repositories),
          grant.scope.access,
        ],
      )
    },

    /** The owner of a live token, with the token's scope. */
    async ownerOf(hash: string, now: string): Promise<TokenOwner | undefined> {
      const row = await sql.one<{
        id: number
        name: string
        admin: number
        realm: string
        scope_repositories: string | null
        scope_access: string
      }>(
        `SELECT u.id, u.name, u.admin, u.realm, t.scope_repositories, t.scope_access
         FROM access_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.token_hash = ? AND t.kind = ? AND t.expires_at > ? AND u.disabled = 0`,
        [hash, CLIENT_TOKEN_KIND, now],
      )
      return (
        row && { id: row.id, name: row.name, admin: row.admin === 1, realm: row.realm, scope: scopeOf(row) }
      )
    },

    async listOf(userId: number, now: string): Promise<StoredToken[]> {
      const rows = await sql.all<TokenRow>(`${LIST} AND t.user_id = ? ORDER BY t.created_at DESC, t.id`, [
        CLIENT_TOKEN_KIND,
        now,
        userId,
      ])
      return rows.map(stored)
    },

    async listAll(now: string): Promise<StoredToken[]> {
      const rows = await sql.all<TokenRow>(`${LIST} ORDER BY u.name, t.created_at DESC, t.id`, [
        CLIENT_TOKEN_KIND,
        now,
      ])
      return rows.map(stored)
    },

    /** Revokes one token (of `userId` only, when given); answers whether one went. */
    async revoke(id: string, userId?: number): Promise<boolean> {
      const result =
        userId === undefined
          ? await sql.run('DELETE FROM access_tokens WHERE id = ? AND kind = ?', [id, CLIENT_TOKEN_KIND])
          : await sql.run('DELETE FROM access_tokens WHERE id = ? AND kind = ? AND user_id = ?', [
              id,
              CLIENT_TOKEN_KIND,
              userId,
            ])
      return result.changes > 0
    },

    async policy(): Promise<TokenPolicy> {
      const row = await sql.one<{ value: string }>('SELECT value FROM settings WHERE key = ?', [POLICY_KEY])
      const maxDays = row ? (JSON.parse(row.value) as { maxDays?: unknown }).maxDays : undefined
      return { maxDays: typeof maxDays === 'number' ? maxDays : TOKEN_DEFAULT_MAX_DAYS }
    },

    async setPolicy(policy: TokenPolicy, now: string): Promise<void> {
      await sql.run(
        `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        [POLICY_KEY, JSON.stringify({ maxDays: policy.maxDays }), now],
      )
    },
  }
}

export type TokenStore = ReturnType<typeof tokenStore>
