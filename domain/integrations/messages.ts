/** The integrations area's texts (spec 001, error catalogue), by message key. */
import type { NoticeKey } from './types'

export const NOTICE_TEXT: Readonly<Record<NoticeKey, string>> = {
  'integrations.created': 'Successfully created',
  'integrations.createFailed': 'Error while creating integration',
  'integrations.updated': 'Successfully updated',
  'integrations.updateFailed': 'Error while updating integration',
  'integrations.deleted': 'Successfully deleted',
  'integrations.deleteFailed': 'Error while deleting integration',
  'integrations.testFailed': 'Connection test failed, please check your credentials',
}

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

/** The toast's text: the success texts are followed by the integration's key, the errors are not. */
export const noticeText = (key: NoticeKey, integrationKey: string): string =>
  integrationKey === '' || NOTICE_KIND[key] === 'error'
    ? NOTICE_TEXT[key]
    : `${NOTICE_TEXT[key]} ${integrationKey}`
