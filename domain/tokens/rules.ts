/**
 * The token forms' rules, validated forms as types: each gives the value its command takes, or
 * each field's problem as a message key. The platform checks again (the maximum may have changed
 * meanwhile, a repository may be gone); these catch what can be said before asking.
 */
import { left, right, type Either } from 'fp-ts/Either'
import type { Problems } from '../shared/messages'
import type { TokensMessage } from './messages'
import type { TokenAccess, TokenRequest } from './types'

/** The platform's limits: a description's length, the admins' maximum (10 years). */
export const DESCRIPTION_MAX = 200
export const POLICY_MAX_DAYS = 3650

export interface TokenFormFields {
  readonly description: string
  readonly days: string
  /** 'all': every repository the owner may use; 'chosen': those listed in `repositories`. */
  readonly reach: 'all' | 'chosen'
  /** Repository keys, separated by commas, spaces or lines. */
  readonly repositories: string
  readonly access: TokenAccess
}

type TokenField = keyof TokenFormFields

/** A whole number of days between `min` and `max`, from what was typed. */
function wholeDays(text: string, min: number, max: number): Either<TokensMessage, number> {
  const trimmed = text.trim()
  if (trimmed === '') return left({ key: 'mandatory' })
  if (!/^\d+$/.test(trimmed)) return left({ key: 'wholeDays', min, max })
  const days = Number(trimmed)
  return days < min || days > max ? left({ key: 'wholeDays', min, max }) : right(days)
}

// The platform's repository keys: letters, digits, '.', '_', '-' (no spaces, no slashes).
const REPOSITORY_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/

/** The repository keys typed, in order, without repeats. */
export const repositoryKeys = (text: string): ReadonlyArray<string> => [
  ...new Set(text.split(/[\s,]+/).filter((key) => key !== '')),
]

/** A new token's form against the longest lifetime the platform allows. */
export function validateTokenForm(
  fields: TokenFormFields,
  maxDays: number,
): Either<Problems<TokenField, TokensMessage>, TokenRequest> {
  const problems: Problems<TokenField, TokensMessage> = {}
  const description = fields.description.trim()
  if (description.length > DESCRIPTION_MAX) problems.description = { key: 'tooLong', max: DESCRIPTION_MAX }
  const days = wholeDays(fields.days, 1, maxDays)
  if (days._tag === 'Left') problems.days = days.left
  let repositories: string[] | null = null
  if (fields.reach === 'chosen') {
    const keys = repositoryKeys(fields.repositories)
    const bad = keys.find((key) => !REPOSITORY_KEY.test(key))
    if (keys.length === 0) problems.repositories = { key: 'chooseRepository' }
    else if (bad !== undefined) problems.repositories = { key: 'badRepositoryKey', entry: bad }
    repositories = [...keys]
  }
  if (days._tag === 'Left' || Object.keys(problems).length > 0) return left(problems)
  return right({ description, expiresInDays: days.right, repositories, access: fields.access })
}

/** The admins' maximum lifetime, in days, from what was typed. */
export function validatePolicyForm(fields: {
  readonly maxDays: string
}): Either<Problems<'maxDays', TokensMessage>, number> {
  const days = wholeDays(fields.maxDays, 1, POLICY_MAX_DAYS)
  return days._tag === 'Left' ? left({ maxDays: days.left }) : right(days.right)
}

/** Whether a command's request is one the form rule would have made (scripts may send anything). */
export function requestProblem(request: TokenRequest, maxDays: number | undefined): string | undefined {
  if (!Number.isInteger(request.expiresInDays) || request.expiresInDays < 1)
    return 'expiresInDays must be a whole number of days, at least 1'
  if (maxDays !== undefined && request.expiresInDays > maxDays)
    return `expiresInDays must be at most ${maxDays}`
  if (request.description.length > DESCRIPTION_MAX) return 'description is too long'
  if (request.repositories !== null && request.repositories.length === 0)
    return 'repositories: choose at least one, or null for all'
  return undefined
}
