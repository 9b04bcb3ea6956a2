import type { QueryTable, Selector } from './types'
import type { RepositoriesState } from '../domain/repositories/types'

const state: Selector<object, RepositoriesState> = (s) => s.repositories

// Queries of the repositories area, named `repositories/Noun`.
export const repositoriesQueries = {
  'repositories/State': state,
} satisfies QueryTable
