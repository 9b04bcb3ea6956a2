/**
 * The platform user behind an identity provider's answer: created on first sign-in (when the
 * provider's settings allow it) in the provider's realm, updated on later ones, and its group
 * memberships set from the provider's group claim.
 */
import { randomBytes } from 'node:crypto'
import type { Sql } from '../db/sql'
import { hashPasswordSync } from '../auth/passwords'
import { findUserByName, type UserRow } from '../auth/users'
import { isoNow, type Clock } from '../clock'

export type SsoRealm = 'oauth' | 'saml' | 'crowd' | 'http-sso'

export interface SsoIdentity {
  readonly realm: SsoRealm
  /** The provider's name, kept on the user. */
  readonly provider: string
  readonly name: string
  readonly email: string
  /** Group names the provider asserts; only those naming platform groups count. */
  readonly groups: readonly string[] | undefined
}

/** Why an identity does not map to a platform user (codes the login page explains). */
export type SsoUserProblem = 'no_account' | 'conflict' | 'bad_identity'

const NAME = /^[A-Za-z0-9._@-]{1,64}$/

export async function ssoUser(
  { sql, clock }: { readonly sql: Sql; readonly clock: Clock },
  identity: SsoIdentity,
  options: { readonly autoCreate: boolean },
): Promise<UserRow | SsoUserProblem> {
  if (!NAME.test(identity.name)) return 'bad_identity'
  const existing = await findUserByName(sql, identity.name)
  // A provider must never sign someone in as a local (or another realm's) account of the same
  // name: that would hand the provider's users the platform's admin.
  if (existing && existing.realm !== identity.realm) return 'conflict'
  if (!existing && !options.autoCreate) return 'no_account'
  const email = identity.email.length <= 254 ? identity.email : ''
  // SSO users have no usable password: a random one nobody knows (hashed outside the transaction).
  const passwordHash = existing ? '' : hashPasswordSync(randomBytes(24).toString('base64url'))
  return sql.transaction(async (tx) => {
    const now = isoNow(clock)
    if (existing) {
      await tx.run('UPDATE users SET email = ?, sso_provider = ? WHERE id = ?', [
        email || existing.email,
        identity.provider,
        existing.id,
      ])
    } else {
      await tx.run(
        `INSERT INTO users (name, email, password_hash, admin, realm, created_at, password_changed_at, sso_provider, profile_updatable)
         VALUES (?, ?, ?, 0, ?, ?, ?, ?, 0)`,
        [identity.name, email, passwordHash, identity.realm, now, now, identity.provider],
      )
      // As every new account: the auto-join groups (readers: read on every repository).
      await tx.run(
        `INSERT INTO group_members (group_name, user_id)
         SELECT groups.name, users.id FROM groups, users WHERE groups.auto_join = 1 AND users.name = ?
         ON CONFLICT DO NOTHING`,
        [identity.name],
      )
    }
    const user = (await findUserByName(tx, identity.name))!
    if (identity.groups) await setGroups(tx, user.id, identity.groups)
    return user
  })
}

/** Memberships become exactly the asserted groups that exist on the platform. */
async function setGroups(sql: Sql, userId: number, asserted: readonly string[]): Promise<void> {
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
}
