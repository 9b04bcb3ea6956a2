/**
 * The console's messages as keys with their data: what rules return, events and state carry,
 * and the view words (ui/shared/messages.ts, and an area's catalogue module for its own keys).
 * The type is the domain's, so its rules can name it; no wording here.
 */

/**
 * The generic form rules' keys worded by the forms' catalogue (ui/shared/formMessages.ts), in the
 * chunks of the screens with such forms only.
 */
export type FieldMessage =
  | { readonly key: 'invalidName' }
  | { readonly key: 'invalidUrl' }
  // A link-local or cloud metadata address (domain/shared/refusedHost.ts).
  | { readonly key: 'refusedAddress' }
  | { readonly key: 'jsonFileExtension' }
  | { readonly key: 'fileSize' }

/**
 * What a refused save says above its form (ui/shared/SaveError.tsx), worded by the forms'
 * catalogue: the password typed for it was lost, or the changes were not saved.
 */
export type SaveMessage = { readonly key: 'passwordLost' } | { readonly key: 'changesNotSaved' }

/** The keys worded by the console's catalogue (ui/shared/messages.ts). */
export type Message =
  | { readonly key: 'mandatory' }
  | { readonly key: 'invalidEmail' }
  | { readonly key: 'tooLong'; readonly max: number }
  | { readonly key: 'passwordsDiffer' }
  | { readonly key: 'invalidChecksum' }
  | { readonly key: 'notAuthorized' }
  | { readonly key: 'contactRequestSent' }
  | { readonly key: 'contactRequestFailed' }
  | { readonly key: 'navigationTypeNotSaved'; readonly detail?: string }
  | { readonly key: 'projectCreationFailed'; readonly detail?: string }
  | { readonly key: 'projectCreated'; readonly name: string; readonly projectKey: string }
  | { readonly key: 'projectKeyStart' }
  | { readonly key: 'projectKeyLength'; readonly max: number }
  | { readonly key: 'chooseFeature' }
  | { readonly key: 'xrayUnavailable' }
  | { readonly key: 'xrayUnlicensed' }
  | { readonly key: 'notScanned' }
  | { readonly key: 'dataTransferQuota' }
  | { readonly key: 'dataTransferUpgrade' }
  | { readonly key: 'readOnlyMode' }
  // Why a menu item (the sidebar's, the admin menu's) is disabled.
  | { readonly key: 'requiresService'; readonly service: string }
  | { readonly key: 'storageCacheCalculating' }
  | { readonly key: 'storageCacheCalculatingShort' }
  | { readonly key: 'chooseTechnology' }
  | { readonly key: 'chooseGoal' }
  | { readonly key: 'personalizationNotSent'; readonly detail: string }
  | { readonly key: 'feedbackTooLong' }
  | { readonly key: 'feedbackThanks' }
  | { readonly key: 'feedbackNotSent'; readonly detail: string }

export type MessageKey = Message['key']

/** What the generic form rules return (spec 000 section 5, spec 001 section 5). */
export type FormMessage = FieldMessage | Extract<Message, { key: 'mandatory' | 'invalidEmail' | 'tooLong' }>

/** Form problems by field: each a message key with its data. */
export type Problems<F extends string, M = FormMessage> = Partial<Record<F, M>>
