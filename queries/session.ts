import type { QueryTable } from './types'

// Queries of the session area, named `session/Noun`.
export const sessionQueries = {} satisfies QueryTable
