/**
 * Client tokens: how long one lives (the owner chooses, within the maximum an admin sets) and
 * what it may do (some repositories or all; read, or read and deploy). Pure rules; the store
 * keeps only a token's hash.
 */
import type { TokenScope } from '../permissions/rules'

export const TOKEN_DEFAULT_DAYS = 30
/** The maximum lifetime until an admin sets another. */
export const TOKEN_DEFAULT_MAX_DAYS = 365
export const TOKEN_ACCESS = ['read', 'deploy'] as const
const DAY_MS = 24 * 60 * 60 * 1000

export interface TokenPolicy {
  readonly maxDays: number
}

export interface TokenRequest {
  readonly description?: string
  readonly expiresInDays?: number
  /** Repository keys; absent or null: every repository. */
  readonly repositories?: readonly string[] | null
  readonly access?: 'read' | 'deploy'
}

export interface TokenGrant {
  readonly description: string
  readonly expiresAt: string
  readonly scope: TokenScope
}

/** The token a request asks for, or the problem with it (a message for the client). */
export function tokenGrant(
  request: TokenRequest,
  policy: TokenPolicy,
  now: number,
  repositoryExists: (key: string) => boolean,
): { ok: true; grant: TokenGrant } | { ok: false; problem: string } {
  const days = request.expiresInDays ?? Math.min(TOKEN_DEFAULT_DAYS, policy.maxDays)
  if (!Number.isInteger(days) || days < 1)
    return { ok: false, problem: 'expiresInDays: a whole number of days, at least 1' }
  if (days > policy.maxDays)
    return { ok: false, problem: `expiresInDays: at most ${policy.maxDays} days on this platform` }
  const repositories = request.repositories ?? null
  if (repositories !== null) {
    if (repositories.length === 0) return { ok: false, problem: 'repositories: choose at least one' }
    const unknown = repositories.find((key) => !repositoryExists(key))
    if (unknown !== undefined)
      return { ok: false, problem: `repositories: there is no repository ${unknown}` }
  }
  return {
    ok: true,
    grant: {
      description: (request.description ?? '').trim(),
      expiresAt: new Date(now + days * DAY_MS).toISOString(),
      scope: {
        repositories: repositories === null ? null : [...new Set(repositories)],
        access: request.access ?? 'deploy',
      },
    },
  }
}

/** An admin's maximum: between 1 day and 10 years. */
export function policyProblem(policy: TokenPolicy): string | undefined {
  if (!Number.isInteger(policy.maxDays) || policy.maxDays < 1 || policy.maxDays > 3650)
    return 'maxDays: a whole number of days from 1 to 3650'
  return undefined
}
