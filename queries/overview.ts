import type { QueryTable, Selector } from './types'
import type { OverviewState } from '../domain/overview/types'

const state: Selector<object, OverviewState> = (s) => s.overview

// Queries of the overview area, named `overview/Noun`.
export const overviewQueries = {
  'overview/State': state,
} satisfies QueryTable
