import type { Selector, QueryTable } from './types'
import type { ClientFlow } from '../domain/onboarding'

const clientFlow: Selector<object, ClientFlow | undefined> = (state) => state.onboarding.clientFlow

// Queries of the onboarding area, named `onboarding/Noun`.
export const onboardingQueries = {
  'onboarding/ClientFlow': clientFlow,
} satisfies QueryTable
