/**
 * The admin pages' message keys with their data (beside the shared form keys): what the admin
 * form rules return, worded by the admin pages' catalogue (ui/admin/messages.ts).
 */
import type { FormMessage, Message, SaveMessage } from '../shared/messages'

export type AdminMessage =
  | FormMessage
  | Extract<Message, { key: 'projectKeyStart' | 'projectKeyLength' | 'requiresService' }>
  | { readonly key: 'serverNameTooLong'; readonly max: number }
  | { readonly key: 'invalidHost' }
  | { readonly key: 'portRange'; readonly min: number; readonly max: number }
  | { readonly key: 'nameTooLong'; readonly max: number }
  | { readonly key: 'passwordTooShort'; readonly min: number }
  | { readonly key: 'passwordTooLong'; readonly max: number }
  | { readonly key: 'descriptionTooLong'; readonly max: number }
  | { readonly key: 'tooManyEntries'; readonly max: number; readonly what: 'repositories' | 'patterns' }
  | { readonly key: 'entryTooLong'; readonly max: number }
  | { readonly key: 'chooseAction'; readonly principal: 'user' | 'group'; readonly name: string }
  | { readonly key: 'unknownAction'; readonly action: string }
  | { readonly key: 'notAGeneralConfig' }
  | { readonly key: 'alreadyMember'; readonly name: string }
  | SaveMessage
