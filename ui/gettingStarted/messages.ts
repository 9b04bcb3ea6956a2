/** The getting-started area's messages, worded by the console's one catalogue (ui/shared/messages.ts). */
import { messageText, type Message } from '../shared/messages'

export type GettingStartedMessage = Extract<
  Message,
  {
    key:
      | 'projectCreationFailed'
      | 'projectCreated'
      | 'mandatory'
      | 'projectKeyStart'
      | 'projectKeyLength'
      | 'chooseFeature'
  }
>

export const gettingStartedText = (message: GettingStartedMessage): string => messageText(message)
