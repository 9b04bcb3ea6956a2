import type { QueryTable } from './types'

// Queries of the packages area, named `packages/Noun`.
export const packagesQueries = {} satisfies QueryTable
