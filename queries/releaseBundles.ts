import type { QueryTable } from './types'

// Queries of the releaseBundles area, named `releaseBundles/Noun`.
export const releaseBundlesQueries = {} satisfies QueryTable
