/**
 * User rows and the `UserData` answer of the auth calls (see server/API.md).
 */
import type { ServerConfig } from '../config'
import type { Sql } from '../db/sql'
import { flavourProfile } from '../platform/flavours'
import { hashPasswordSync } from './passwords'
import { isoNow } from '../clock'
import type { Clock } from '../clock'
import { userRecords, type UserRow } from './store'

export type { UserRow }

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
  return userRecords(sql).byName(name)
}

export function findUserById(sql: Sql, id: number): Promise<UserRow | undefined> {
  return userRecords(sql).byId(id)
}

/** By name, or by email address when no user has that name (forgot-password accepts either). */
export async function findUserByNameOrEmail(sql: Sql, nameOrEmail: string): Promise<UserRow | undefined> {
  const users = userRecords(sql)
  return (await users.byName(nameOrEmail)) ?? (await users.byEmail(nameOrEmail))
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
  return (await userRecords(sql).memberships(userId))
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
  if ((await userRecords(sql).count()) > 0) return created
  // Hashed before the transaction: its work is database work only (PostgreSQL may run it again).
  const accounts = [
    ['admin', hashPasswordSync(config.adminPassword), true],
    ['developer', hashPasswordSync(config.userPassword), false],
  ] as const
  await sql.transaction(async (tx) => {
    created.length = 0
    for (const [name, passwordHash, admin] of accounts) {
      // As every new account: in the auto-join groups (readers: read on every repository).
      const id = await userRecords(tx).add(
        {
          name,
          email: `${name}@platform.invalid`,
          passwordHash,
          admin,
          mfaRequired: false,
          passwordExpired: false,
          createdAt: now,
        },
        { ifAbsent: true },
      )
      if (id !== undefined) created.push(name)
    }
  })
  return created
}
