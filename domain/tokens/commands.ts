// Commands of the tokens area, named `tokens/Imperative`.
import type { TokenAccess, TokenOwner } from './types'

export type TokensCommand =
  /** Load the user's own tokens, or (admins) everyone's. */
  | { readonly type: 'tokens/Load'; readonly owner: TokenOwner }
  /** Make a token (its value is shown once). */
  | {
      readonly type: 'tokens/Create'
      readonly description: string
      readonly expiresInDays: number
      readonly repositories: ReadonlyArray<string> | null
      readonly access: TokenAccess
    }
  /** Forget the new token's value (it cannot be shown again). */
  | { readonly type: 'tokens/DismissSecret' }
  | { readonly type: 'tokens/Revoke'; readonly owner: TokenOwner; readonly id: string }
  /** Set the longest lifetime of a token, in days (admins). */
  | { readonly type: 'tokens/SetPolicy'; readonly maxDays: number }
