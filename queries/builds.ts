import type { QueryTable, Selector } from './types'
import type { BuildsState } from '../domain/builds/types'

const state: Selector<object, BuildsState> = (s) => s.builds

// Queries of the builds area, named `builds/Noun`.
export const buildsQueries = {
  'builds/State': state,
} satisfies QueryTable
