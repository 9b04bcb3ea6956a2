import type { QueryTable } from './types'

// Queries of the onboarding area, named `onboarding/Noun`.
export const onboardingQueries = {} satisfies QueryTable
