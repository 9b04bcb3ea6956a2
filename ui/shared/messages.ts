/**
 * The console's message catalogue: state and events carry a message key and its data, the
 * view words it here (spec 001 section 8 and spec 000 section 8 for the catalogue's texts).
 * The keys are the domain's (domain/shared/messages.ts). A key is worded once: the shared keys
 * here, the generic form rules' other keys in formMessages.ts and an area's own keys in its
 * catalogue module (ui/<area>/messages.ts), so that only the chunks that show them carry them;
 * the toasts' part is toastMessages.ts, so that only the toast viewport's chunk carries it.
 */
import type { Message } from '../../domain/shared/messages'
import { MANDATORY_MESSAGE } from '../../domain/shared/formWords'
import { NOT_AUTHORIZED_MESSAGE } from './notAuthorized'
import { PROJECT_KEY_START_MESSAGE, projectKeyLengthMessage } from '../../domain/gettingStarted/words'

export type { Message, MessageKey } from '../../domain/shared/messages'

export function messageText(message: Message): string {
  switch (message.key) {
    case 'mandatory':
      return MANDATORY_MESSAGE
    case 'passwordsDiffer':
      return 'Passwords do not match'
    case 'invalidEmail':
      return 'Enter a valid email address'
    case 'tooLong':
      return `At most ${message.max} characters`
    // The release bundles' lookup (its state: status 'invalid').
    case 'invalidChecksum':
      return 'Enter a SHA-256 (64 hex characters) or SHA-1 (40 hex characters) checksum'
    case 'notAuthorized':
      return NOT_AUTHORIZED_MESSAGE
    case 'contactRequestSent':
      return 'Thank you for your request. We will be in touch via email soon.'
    case 'contactRequestFailed':
      return 'There was an issue with your request. Please try to submit your request again'
    case 'navigationTypeNotSaved':
      return message.detail
        ? `Could not switch the navigation type: ${message.detail}`
        : 'Could not switch the navigation type'
    case 'projectCreationFailed':
      // The catalogue's text, then the platform's reason when it gave one (a key already taken).
      return message.detail ? `Failed to create a project: ${message.detail}` : 'Failed to create a project'
    case 'projectCreated':
      return `Project ${message.name} (${message.projectKey}) is created.`
    case 'projectKeyStart':
      return PROJECT_KEY_START_MESSAGE
    case 'projectKeyLength':
      return projectKeyLengthMessage(message.max)
    // The specification gives no wording for this one.
    case 'chooseFeature':
      return 'Select at least one feature'
    case 'xrayUnavailable':
      return 'Xray is unavailable'
    case 'xrayUnlicensed':
      return 'Requires an Xray license'
    case 'notScanned':
      return 'Not Scanned'
    // The banner's sentence; its last word, UPGRADE, is the link to the purchase page.
    case 'dataTransferQuota':
      return 'You have reached your monthly quota for Data Transfer. To continue and start enjoying unlimited transfer,'
    case 'dataTransferUpgrade':
      return 'UPGRADE'
    case 'readOnlyMode':
      return 'You cannot use this option in read-only mode'
    case 'requiresService':
      return `Requires the ${message.service} service`
    case 'storageCacheCalculating':
      return 'Calculating the storage cache for the first time…'
    case 'storageCacheCalculatingShort':
      return 'Calculating…'
    case 'chooseTechnology':
      return 'Choose at least one technology'
    case 'chooseGoal':
      return 'Choose what you want to do first'
    case 'feedbackTooLong':
      return 'At most 500 characters'
    case 'feedbackThanks':
      return 'Thank you for your feedback.'
    case 'feedbackNotSent':
      return `Your feedback could not be sent: ${message.detail}. Try again.`
    case 'personalizationNotSent':
      return `Your choices could not be saved: ${message.detail}. Try again.`
  }
}
