import type { QueryTable } from './types'

// Queries of the admin area, named `admin/Noun`.
export const adminQueries = {} satisfies QueryTable
