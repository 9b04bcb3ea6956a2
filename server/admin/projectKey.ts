/**
 * The project key rule, shared with the console: the server answers with the same
 * messages the console's forms show (domain/onboarding is the one source).
 */
import { isLeft } from 'fp-ts/Either'
import { PROJECT_KEY_MAX_LENGTH, validateProjectKey } from '../../domain/onboarding'

export { PROJECT_KEY_MAX_LENGTH }

/** The problem with a project key, or undefined when it is acceptable. */
export function projectKeyProblem(key: string): string | undefined {
  const checked = validateProjectKey(key)
  return isLeft(checked) ? checked.left : undefined
}
