import type { Selector, QueryTable } from './types'
// The types module alone: the area's index is lazily loaded.
import type { PersonalizationCard } from '../domain/personalization/types'

const card: Selector<object, PersonalizationCard | undefined> = (state) => state.personalization.card

// Queries of the personalization area, named `personalization/Noun`.
export const personalizationQueries = {
  'personalization/Card': card,
} satisfies QueryTable
