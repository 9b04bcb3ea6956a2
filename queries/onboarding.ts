import type { Selector, QueryTable } from './types'
import type { ClientFlow, QuestionnaireWizard } from '../domain/onboarding'

const clientFlow: Selector<object, ClientFlow | undefined> = (state) => state.onboarding.clientFlow
const questionnaire: Selector<object, QuestionnaireWizard | undefined> = (state) =>
  state.onboarding.questionnaire

// Queries of the onboarding area, named `onboarding/Noun`.
export const onboardingQueries = {
  'onboarding/ClientFlow': clientFlow,
  'onboarding/Questionnaire': questionnaire,
} satisfies QueryTable
