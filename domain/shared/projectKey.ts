/**
 * A project's key (spec 001 section 2, the questionnaire; spec 000 section 5, Create Project):
 * the one rule the onboarding questionnaire, the admin's project form and the platform judge a
 * key by.
 */
import { left, right, type Either } from 'fp-ts/Either'
import type { Message } from './messages'

export const PROJECT_KEY_MAX_LENGTH = 128

export type ProjectKeyProblem = Extract<
  Message,
  { key: 'mandatory' | 'projectKeyStart' | 'projectKeyLength' }
>

/** At most 128 characters, starting with a lowercase letter. */
export function validateProjectKey(key: string): Either<ProjectKeyProblem, string> {
  if (key === '') return left({ key: 'mandatory' })
  const first = key.charCodeAt(0)
  if (!(first >= 0x61 && first <= 0x7a)) return left({ key: 'projectKeyStart' })
  if (key.length > PROJECT_KEY_MAX_LENGTH)
    return left({ key: 'projectKeyLength', max: PROJECT_KEY_MAX_LENGTH })
  return right(key)
}
