/**
 * The message catalogue's part for the generic form rules (domain/shared/forms.ts) and a refused
 * save's note: the keys only forms give, in the chunks of those forms; the other keys are
 * messages.ts's.
 */
import type { FormMessage, Message, SaveMessage } from '../../domain/shared/messages'
import { NAME_MESSAGE, URL_MESSAGE } from '../../domain/shared/forms'
import { REFUSED_HOST_MESSAGE } from '../../domain/shared/refusedHost'
import { messageText } from './messages'

export function formText(message: FormMessage | Message | SaveMessage): string {
  switch (message.key) {
    case 'invalidName':
      return NAME_MESSAGE
    case 'invalidUrl':
      return URL_MESSAGE
    case 'refusedAddress':
      return REFUSED_HOST_MESSAGE
    case 'jsonFileExtension':
      return 'File should have an extension of .json'
    case 'fileSize':
      return 'File size should be less than 13 MB'
    case 'passwordLost':
      return 'The password was lost: type it again'
    case 'changesNotSaved':
      return 'The changes could not be saved'
    default:
      return messageText(message)
  }
}
