import type { Selector, QueryTable } from './types'
// The types module alone (its defaults are on the login page already): the area's index is lazily loaded.
import type { OnboardingState } from '../domain/onboarding/types'
import type { PersonalizationState } from '../domain/onboarding'

const onboarding: Selector<object, OnboardingState> = (state) => state.onboarding

const personalization: Selector<object, PersonalizationState | undefined> = (state) =>
  state.onboarding.personalization

// Queries of the onboarding area, named `onboarding/Noun`.
export const onboardingQueries = {
  'onboarding/State': onboarding,
  'onboarding/Personalization': personalization,
} satisfies QueryTable
