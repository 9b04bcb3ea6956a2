/** The onboarding area's messages, worded by the console's one catalogue (ui/shared/messages.ts). */
import { messageText, type Message } from '../shared/messages'

export type OnboardingMessage = Extract<
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

export const onboardingText = (message: OnboardingMessage): string => messageText(message)
