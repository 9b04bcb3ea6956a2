/**
 * User rows and the `UserData` answer of the auth calls (see server/API.md).
 */
import type { ServerConfig } from '../config'
import type { Sql } from '../db/sql'
import { flavourProfile } from '../platform/flavours'
import { hashPasswordSync } from './passwords'
import { isoNow } from '../clock'
import type { Clock } from '../clock'

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

export type MfaStatus = 'NONE' | 'ENROLL' | 'VERIFY'

export interface UserData {
  name: string
  anonymous: boolean
  admin: boolean
  realm: string
  mfaStatus: MfaStatus
  firstLogin: boolean
  freeTier: boolean
  hasSeenGettingStarted: boolean
  quickDeployEnabled: boolean
  wizardClosed: boolean
  newOnboarding: boolean
  existsInDB: boolean
  profileUpdatable: boolean
  requireProfilePassword: boolean
  requireProfileUnlock: boolean
  email: string
  /** The user has the "Project Admin" role in at least one project. */
  projectAdmin: boolean
}

export function findUserByName(sql: Sql, name: string): Promise<UserRow | undefined> {
  return sql.one<UserRow>('SELECT * FROM users WHERE name = ?', [name])
}

export function findUserById(sql: Sql, id: number): Promise<UserRow | undefined> {
  return sql.one<UserRow>('SELECT * FROM users WHERE id = ?', [id])
}

/** By name, or by e-mail address when no user has that name (forgot-password accepts either). */
export async function findUserByNameOrEmail(sql: Sql, nameOrEmail: string): Promise<UserRow | undefined> {
  return (
    (await findUserByName(sql, nameOrEmail)) ??
    // The address ignores case on both engines: lower() on each side.
    (await sql.one<UserRow>(
      "SELECT * FROM users WHERE lower(email) = lower(?) AND email <> '' ORDER BY id LIMIT 1",
      [nameOrEmail],
    ))
  )
}

/** What a login answers for MFA: NONE when not required; ENROLL until enrolled; VERIFY after. */
export function mfaStatusOf(user: UserRow): MfaStatus {
  if (user.mfa_required !== 1) return 'NONE'
  return user.mfa_enrolled === 1 ? 'VERIFY' : 'ENROLL'
}

/** The role that lets a member administer a project (its members, its settings pages). */
export const PROJECT_ADMIN_ROLE = 'Project Admin'

/** Keys of the projects in which the user has the "Project Admin" role. */
export async function administeredProjects(sql: Sql, userId: number): Promise<string[]> {
  const rows = await sql.all<{ project_key: string; roles: string }>(
    'SELECT project_key, roles FROM project_members WHERE user_id = ? ORDER BY project_key',
    [userId],
  )
  return rows
    .filter((r) => (JSON.parse(r.roles) as unknown[]).includes(PROJECT_ADMIN_ROLE))
    .map((r) => r.project_key)
}

export async function userData(
  ctx: { readonly config: ServerConfig; readonly sql: Sql },
  user: UserRow,
  mfaStatus: MfaStatus = 'NONE',
): Promise<UserData> {
  const profile = flavourProfile(ctx.config)
  const internal = user.realm === 'internal'
  return {
    name: user.name,
    anonymous: false,
    admin: user.admin === 1,
    realm: user.realm,
    mfaStatus,
    firstLogin: user.first_login === 1,
    freeTier: profile.freeTier,
    hasSeenGettingStarted: user.has_seen_getting_started === 1,
    quickDeployEnabled: profile.features.quickDeployLanding === true,
    wizardClosed: user.wizard_closed === 1,
    newOnboarding: profile.features.newOnboardingQuickAction === true,
    existsInDB: true,
    profileUpdatable: user.profile_updatable === 1,
    // Internal users confirm their password before the profile (API key, password) opens.
    requireProfilePassword: internal,
    requireProfileUnlock: internal,
    email: user.email,
    projectAdmin: (await administeredProjects(ctx.sql, user.id)).length > 0,
  }
}

export function anonymousUserData(config: ServerConfig): UserData {
  const profile = flavourProfile(config)
  return {
    name: 'anonymous',
    anonymous: true,
    admin: false,
    realm: 'internal',
    mfaStatus: 'NONE',
    firstLogin: false,
    freeTier: profile.freeTier,
    hasSeenGettingStarted: false,
    quickDeployEnabled: false,
    wizardClosed: false,
    newOnboarding: false,
    existsInDB: false,
    profileUpdatable: false,
    requireProfilePassword: false,
    requireProfileUnlock: false,
    email: '',
    projectAdmin: false,
  }
}

/**
 * First start: the admin `admin` and the regular user `developer` (passwords from
 * ADMIN_PASSWORD / USER_PASSWORD, default `password`). Several nodes may start at once: the
 * insert is idempotent. Answers the names it created.
 */
export async function seedAccounts(
  { sql, clock }: { readonly sql: Sql; readonly clock: Clock },
  config: ServerConfig,
): Promise<string[]> {
  const created: string[] = []
  const now = isoNow(clock)
  const count = await sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM users')
  if ((count?.n ?? 0) > 0) return created
  // Hashed before the transaction: its work is database work only (PostgreSQL may run it again).
  const accounts = [
    ['admin', hashPasswordSync(config.adminPassword), 1],
    ['developer', hashPasswordSync(config.userPassword), 0],
  ] as const
  await sql.transaction(async (tx) => {
    created.length = 0
    for (const [name, passwordHash, admin] of accounts) {
      const row = await tx.one<{ id: number }>(
        `INSERT INTO users (name, email, password_hash, admin, realm, created_at, password_changed_at)
         VALUES (?, ?, ?, ?, 'internal', ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
        [name, `${name}@platform.invalid`, passwordHash, admin, now, now],
      )
      if (!row) continue
      created.push(name)
      // As every new account: the auto-join groups (readers: read on every repository).
      await tx.run(
        `INSERT INTO group_members (group_name, user_id) SELECT name, ? FROM groups WHERE auto_join = 1
         ON CONFLICT DO NOTHING`,
        [row.id],
      )
    }
  })
  return created
}
