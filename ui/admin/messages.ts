/**
 * The admin pages' part of the message catalogue: their own keys (domain/admin/messages.ts)
 * worded here, in the admin chunk; the shared keys by ui/shared/formMessages.ts and messages.ts.
 */
import type { AdminMessage } from '../../domain/admin/messages'
import { formText } from '../shared/formMessages'

export function adminText(message: AdminMessage): string {
  switch (message.key) {
    case 'serverNameTooLong':
      return `Server name must be at most ${message.max} characters`
    case 'invalidHost':
      return 'Enter a valid host name'
    case 'portRange':
      return `Port must be a number from ${message.min} to ${message.max}`
    case 'nameTooLong':
      return `Name must be at most ${message.max} characters`
    case 'passwordTooShort':
      return `Password must be at least ${message.min} characters`
    case 'passwordTooLong':
      return `Password must be at most ${message.max} characters`
    case 'descriptionTooLong':
      return `Description must be at most ${message.max} characters`
    case 'tooManyEntries':
      return `At most ${message.max} ${message.what}`
    case 'entryTooLong':
      return `Each entry must be at most ${message.max} characters`
    case 'chooseAction':
      return `Choose at least one action for ${message.principal} ${message.name}`
    case 'unknownAction':
      return `Unknown action ${message.action}`
    case 'notAGeneralConfig':
      return 'The file does not hold a general configuration'
    case 'alreadyMember':
      return `${message.name} is already a member`
    default:
      return formText(message)
  }
}

// A user's realm by the name its Security Settings page has; the platform sends its id.
const REALM_NAMES: Readonly<Record<string, string>> = {
  internal: 'Internal',
  saml: 'SAML',
  oauth: 'OAuth',
  ldap: 'LDAP',
  crowd: 'Crowd / JIRA',
  httpsso: 'HTTP SSO',
}

/** A realm as the pages name it; one the console does not know, as the platform sends it. */
export const realmName = (realm: string): string => REALM_NAMES[realm] ?? realm
