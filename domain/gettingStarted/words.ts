/**
 * The questionnaire's wording that the platform answers with too (a refused project key), in a
 * module of its own like domain/shared/formWords.ts: the catalogue (ui/shared/messages.ts)
 * and the server word the same keys (projectKeyStart, projectKeyLength) with it, without the
 * rest of the rules. The questionnaire's other keys are worded by the catalogue alone.
 */
export const PROJECT_KEY_START_MESSAGE = 'Project key must start with a lowercase character'
export const projectKeyLengthMessage = (max: number): string =>
  `Project key must be at most ${max} characters`
