/**
 * The message catalogue's toasts (messages.ts is the rest of it): what domain/notifications'
 * message keys and their data say. A module of its own, so that only the toast viewport's
 * chunk (loaded with the first toast) carries these words.
 */
import type { RecordedToastMessage, ToastKind, ToastMessage, ToastSubject } from '../../domain/notifications'
import { messageText } from './messages'

/**
 * The viewport's own words: a toast's title by its kind, its dismiss button's name and the
 * region's name (Radix puts the hotkey in for {hotkey}).
 */
export const TOAST_WORDS: Readonly<Record<ToastKind | 'dismiss' | 'viewport', string>> = {
  error: 'Error',
  success: 'Success',
  info: 'Info',
  warning: 'Warning',
  dismiss: 'Dismiss notification',
  viewport: 'Notifications ({hotkey})',
}

/** The names of what a toast says was saved, deleted or created. */
const SUBJECT_NAMES: Readonly<Record<ToastSubject, string>> = {
  generalSettings: 'General settings',
  proxy: 'Proxy',
  project: 'Project',
  projectMembers: 'Project members',
  user: 'User',
  group: 'Group',
  permission: 'Permission',
  repository: 'Repository',
  securitySettings: 'Security settings',
  samlSettings: 'SAML settings',
  oauthSettings: 'OAuth settings',
  ldapSettings: 'LDAP settings',
  crowdSettings: 'Crowd / JIRA settings',
  httpSsoSettings: 'HTTP SSO settings',
}

const DONE = { saved: 'saved', deleted: 'deleted', created: 'created' } as const

/** The integrations area's outcomes (spec 001, error catalogue). */
const INTEGRATION_NOTICES: Readonly<
  Record<Extract<ToastMessage, { integrationKey: string }>['key'], string>
> = {
  'integrations.created': 'Successfully created',
  'integrations.createFailed': 'Error while creating integration',
  'integrations.updated': 'Successfully updated',
  'integrations.updateFailed': 'Error while updating integration',
  'integrations.deleted': 'Successfully deleted',
  'integrations.deleteFailed': 'Error while deleting integration',
  'integrations.testFailed': 'Connection test failed, please check your credentials',
}

/** A toast's words (domain/notifications: the key and its data). */
export function toastText(message: ToastMessage | RecordedToastMessage): string {
  switch (message.key) {
    case 'recorded':
      return message.text
    case 'notAuthorized':
    case 'contactRequestSent':
    case 'navigationTypeNotSaved':
      return messageText(message)
    case 'saved':
    case 'deleted':
    case 'created':
      return `${SUBJECT_NAMES[message.subject]}${message.name === undefined ? '' : ` ${message.name}`} ${DONE[message.key]}`
    case 'invitationSent':
      return `Invitation sent to ${message.email}`
    case 'artifactDeployed':
      return `Deployed ${message.path} to ${message.repoKey}`
    case 'artifactDeleted':
      return `Deleted ${message.path} from ${message.repoKey}`
    case 'nodeRemoved':
      return `Node ${message.nodeId} removed from ${message.serviceId}`
    case 'retentionCheckFailed':
      return `There was an error while trying to fetch retention feature status ${message.detail}`
    default: {
      // The success texts are followed by the integration's key, the errors are not.
      const text = INTEGRATION_NOTICES[message.key]
      return message.integrationKey === '' || message.key.endsWith('Failed')
        ? text
        : `${text} ${message.integrationKey}`
    }
  }
}
