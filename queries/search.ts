import type { QueryTable } from './types'

// Queries of the search area, named `search/Noun`.
export const searchQueries = {} satisfies QueryTable
