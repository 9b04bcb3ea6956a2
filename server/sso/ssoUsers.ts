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
import { ssoStore } from './store'

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
    const store = ssoStore(tx)
    if (existing) await store.updateSsoUser(existing.id, email || existing.email, identity.provider)
    else
      await store.addSsoUser(
        { name: identity.name, email, passwordHash, realm: identity.realm, provider: identity.provider },
        isoNow(clock),
      )
    const user = (await findUserByName(tx, identity.name))!
    if (identity.groups) await store.setAssertedGroups(user.id, identity.groups)
    return user
  })
}
