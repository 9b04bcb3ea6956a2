import type { QueryTable, Selector } from './types'
// The types module alone: the area's index is lazily loaded.
import type { QuestionnaireWizard } from '../domain/gettingStarted/types'

const questionnaire: Selector<object, QuestionnaireWizard | undefined> = (state) =>
  state.gettingStarted.questionnaire

// Queries of the getting-started area, named `gettingStarted/Noun`.
export const gettingStartedQueries = {
  'gettingStarted/Questionnaire': questionnaire,
} satisfies QueryTable
