import type { QueryTable } from './types'

// Queries of the platform area, named `platform/Noun`.
export const platformQueries = {} satisfies QueryTable
