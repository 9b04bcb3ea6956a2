/**
 * The questionnaire's wording that the platform answers with too (a refused project key), in a
 * module of its own like domain/shared/formWords.ts: the catalogue (ui/shared/messages.ts)
 * and the server word the same keys with it, without the rest of the rules.
 */
export const PROJECT_KEY_START_MESSAGE = 'Project key must start with a lowercase character'
export const projectKeyLengthMessage = (max: number): string =>
  `Project key must be at most ${max} characters`
// The specification gives no wording for this one.
export const DESIRED_FEATURE_MESSAGE = 'Select at least one feature'
