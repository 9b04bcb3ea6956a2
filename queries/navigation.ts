import type { QueryTable } from './types'

// Queries of the navigation area, named `navigation/Noun`.
export const navigationQueries = {} satisfies QueryTable
