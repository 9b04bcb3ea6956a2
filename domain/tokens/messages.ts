/**
 * The token forms' message keys with their data, worded by the tokens area's catalogue
 * (ui/tokens/messages.ts); the shared keys (mandatory, tooLong) by the forms' catalogue.
 */
import type { Message } from '../shared/messages'

export type TokensMessage =
  | Extract<Message, { key: 'mandatory' | 'tooLong' }>
  | { readonly key: 'wholeDays'; readonly min: number; readonly max: number }
  | { readonly key: 'chooseRepository' }
  | { readonly key: 'badRepositoryKey'; readonly entry: string }
