import type { QueryTable } from './types'

// Queries of the notifications area, named `notifications/Noun`.
export const notificationsQueries = {} satisfies QueryTable
