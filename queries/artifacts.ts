import type { QueryTable, Selector } from './types'
import type { ArtifactsState } from '../domain/artifacts/types'

const state: Selector<object, ArtifactsState> = (s) => s.artifacts

// Queries of the artifacts area, named `artifacts/Noun`. The tree's rows are a domain rule
// (visibleRows) the view applies, so the rule stays out of the entry bundle.
export const artifactsQueries = {
  'artifacts/State': state,
} satisfies QueryTable
