/**
 * The platform user behind an identity provider's answer: created on first sign-in (when the
 * provider's settings allow it) in the provider's realm, updated on later ones, and its group
 * memberships set from the provider's group claim.
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '../db'
import { hashPasswordSync } from '../auth/passwords'
import { findUserByName, type UserRow } from '../auth/users'
import { isoNow } from '../clock'
import type { StoreContext } from '../context'

export type SsoRealm = 'oauth' | 'saml'

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

export function ssoUser(
  { db, clock }: StoreContext,
  identity: SsoIdentity,
  options: { readonly autoCreate: boolean },
): UserRow | SsoUserProblem {
  if (!NAME.test(identity.name)) return 'bad_identity'
  const existing = findUserByName(db, identity.name)
  // A provider must never sign someone in as a local (or another realm's) account of the same
  // name: that would hand the provider's users the platform's admin.
  if (existing && existing.realm !== identity.realm) return 'conflict'
  if (!existing && !options.autoCreate) return 'no_account'
  const email = identity.email.length <= 254 ? identity.email : ''
  return db.transaction(() => {
    const now = isoNow(clock)
    if (existing) {
      db.prepare('UPDATE users SET email = ?, sso_provider = ? WHERE id = ?').run(
        email || existing.email,
        identity.provider,
        existing.id,
      )
    } else {
      // SSO users have no usable password: a random one nobody knows.
      db.prepare(
        `INSERT INTO users (name, email, password_hash, admin, realm, created_at, password_changed_at, sso_provider, profile_updatable)
         VALUES (?, ?, ?, 0, ?, ?, ?, ?, 0)`,
      ).run(
        identity.name,
        email,
        hashPasswordSync(randomBytes(24).toString('base64url')),
        identity.realm,
        now,
        now,
        identity.provider,
      )
      // As every new account: the auto-join groups (readers: read on every repository).
      db.prepare(
        'INSERT OR IGNORE INTO group_members (group_name, user_id) SELECT groups.name, users.id FROM groups, users WHERE groups.auto_join = 1 AND users.name = ?',
      ).run(identity.name)
    }
    const user = findUserByName(db, identity.name) as UserRow
    if (identity.groups) setGroups(db, user.id, identity.groups)
    return user
  })()
}

/** Memberships become exactly the asserted groups that exist on the platform. */
function setGroups(db: Db, userId: number, asserted: readonly string[]): void {
  const known = asserted.filter(
    (name) => db.prepare('SELECT 1 FROM groups WHERE name = ?').get(name) !== undefined,
  )
  db.prepare('DELETE FROM group_members WHERE user_id = ?').run(userId)
  const add = db.prepare(
    'INSERT OR IGNORE INTO group_members (group_name, user_id) SELECT name, ? FROM groups WHERE name = ?',
  )
  for (const name of known) add.run(userId, name)
}
