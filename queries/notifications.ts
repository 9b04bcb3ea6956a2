import type { QueryTable, Selector } from './types'
import type { Toast } from '../domain/notifications'

const toasts: Selector<object, ReadonlyArray<Toast>> = (state) => state.notifications.toasts

// Queries of the notifications area, named `notifications/Noun`.
export const notificationsQueries = { 'notifications/Toasts': toasts } satisfies QueryTable
