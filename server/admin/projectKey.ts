/**
 * The project key rule, shared with the console: the server answers with the same
 * messages the console's forms show (domain/gettingStarted is the one source).
 */
import { isLeft } from 'fp-ts/Either'
import { PROJECT_KEY_MAX_LENGTH, validateProjectKey } from '../../domain/gettingStarted/rules'
import { MANDATORY_MESSAGE } from '../../domain/shared/formWords'
import { PROJECT_KEY_START_MESSAGE, projectKeyLengthMessage } from '../../domain/gettingStarted/words'

export { PROJECT_KEY_MAX_LENGTH }

/** The problem with a project key, or undefined when it is acceptable. */
export function projectKeyProblem(key: string): string | undefined {
  const checked = validateProjectKey(key)
  if (!isLeft(checked)) return undefined
  // The rule gives a key (the console's catalogue words it); the platform's answer says it in words.
  const problem = checked.left
  switch (problem.key) {
    case 'projectKeyStart':
      return PROJECT_KEY_START_MESSAGE
    case 'projectKeyLength':
      return projectKeyLengthMessage(problem.max)
    default:
      return MANDATORY_MESSAGE
  }
}
