import type { Selector, QueryTable } from './types'
// The types module alone (its defaults are on the login page already): the area's index is lazily loaded.
import type { OnboardingState } from '../domain/onboarding/types'
import type { ContactFormState, ContactRequestsList, PersonalizationState } from '../domain/onboarding'

const onboarding: Selector<object, OnboardingState> = (state) => state.onboarding

const contactForm: Selector<object, ContactFormState | undefined> = (state) => state.onboarding.contact
const contactRequests: Selector<object, ContactRequestsList | undefined> = (state) =>
  state.onboarding.contactRequests
const personalization: Selector<object, PersonalizationState | undefined> = (state) =>
  state.onboarding.personalization

// Queries of the onboarding area, named `onboarding/Noun`.
export const onboardingQueries = {
  'onboarding/State': onboarding,
  'onboarding/ContactForm': contactForm,
  'onboarding/ContactRequests': contactRequests,
  'onboarding/Personalization': personalization,
} satisfies QueryTable
