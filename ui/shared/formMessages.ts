/**
 * The message catalogue's part for the generic form rules (domain/shared/forms.ts): the keys
 * only forms with names, URLs or files give, in the chunks of those forms; the other keys are
 * messages.ts's.
 */
import type { FormMessage, Message } from '../../domain/shared/messages'
import { NAME_MESSAGE, URL_MESSAGE } from '../../domain/shared/forms'
import { REFUSED_HOST_MESSAGE } from '../../domain/shared/refusedHost'
import { messageText } from './messages'

export function formText(message: FormMessage | Message): string {
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
    default:
      return messageText(message)
  }
}
