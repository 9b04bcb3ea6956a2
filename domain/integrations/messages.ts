/** The integrations area's notices (spec 001, error catalogue): the view words them by key. */
import type { NoticeKey } from './types'

/** Notification kinds of the notices: create success is info (spec 001), the others as they read. */
export const NOTICE_KIND: Readonly<Record<NoticeKey, 'info' | 'success' | 'error'>> = {
  'integrations.created': 'info',
  'integrations.createFailed': 'error',
  'integrations.updated': 'success',
  'integrations.updateFailed': 'error',
  'integrations.deleted': 'success',
  'integrations.deleteFailed': 'error',
  'integrations.testFailed': 'error',
}
