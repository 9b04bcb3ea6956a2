/**
 * The project key rule of the specification (max 128, starts with a lowercase character).
 * TODO: replace with `validateProjectKey` from `domain/onboarding` once the rules engineer
 * lands it on main, so the console and the server share one rule.
 */
export const PROJECT_KEY_MAX_LENGTH = 128

/** The problem with a project key, or undefined when it is acceptable. */
export function projectKeyProblem(key: string): string | undefined {
  if (key.length === 0) return 'This field is mandatory'
  if (key.length > PROJECT_KEY_MAX_LENGTH)
    return `Project key must be at most ${PROJECT_KEY_MAX_LENGTH} characters`
  if (!/^[a-z]/.test(key)) return 'Project key must start with a lowercase character'
  return undefined
}
