import type { ClientToken, TokenList, TokenOwner, TokenRequest } from '../../domain/tokens/types'
import type { Result } from './result'

// The tokens (client tokens: Edit Profile's and the admins') area's API port (adapters/ports.ts).
/** A token just made: its description, scope and dates, and its value (answered this once). */
export interface MadeToken {
  readonly token: ClientToken
  readonly secret: string
}
export interface TokensApi {
  /** The user's own live tokens (`mine`) or everyone's (`all`, admins), with the lifetimes allowed. */
  list(owner: TokenOwner): Promise<Result<TokenList>>
  create(request: TokenRequest): Promise<Result<MadeToken>>
  revoke(owner: TokenOwner, id: string): Promise<Result<void>>
  /** Sets the longest lifetime (admins); answers the one now in force. */
  setPolicy(maxDays: number): Promise<Result<number>>
}
