import type { QueryTable } from './types'

// Queries of the serviceStatus area, named `serviceStatus/Noun`.
export const serviceStatusQueries = {} satisfies QueryTable
