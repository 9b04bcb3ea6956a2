/**
 * Client tokens: the signed-in user's own (Edit Profile) and, for admins, everyone's with the
 * longest lifetime allowed. A token's value is never state: the platform answers it once, the
 * effect keeps it in memory (a shown secret) and the state names it by reference only.
 */
import * as t from 'io-ts'
import type { Failure } from '../shared/failure'
import type { Loadable } from '../shared/loadable'

export const TokenAccessC = t.keyof({ read: null, deploy: null })
export type TokenAccess = t.TypeOf<typeof TokenAccessC>

export const TokenScopeC = t.type({
  /** Repository keys; null: every repository the owner may use. */
  repositories: t.union([t.array(t.string), t.null]),
  access: TokenAccessC,
})
export type TokenScope = t.TypeOf<typeof TokenScopeC>

export const ClientTokenC = t.type({
  id: t.string,
  user: t.string,
  description: t.string,
  scope: TokenScopeC,
  createdAt: t.string,
  expiresAt: t.string,
})
export type ClientToken = t.TypeOf<typeof ClientTokenC>

/** A list of live tokens with the lifetimes the platform allows (in days). */
export const TokenListC = t.type({
  tokens: t.array(ClientTokenC),
  defaultDays: t.number,
  maxDays: t.number,
})
export type TokenList = t.TypeOf<typeof TokenListC>

/** Whose tokens: the user's own, or everyone's (admins). */
export const TokenOwnerC = t.keyof({ mine: null, all: null })
export type TokenOwner = t.TypeOf<typeof TokenOwnerC>

/** What a new token asks for (validated by `validateTokenForm`). */
export const TokenRequestC = t.type({
  description: t.string,
  expiresInDays: t.number,
  repositories: t.union([t.array(t.string), t.null]),
  access: TokenAccessC,
})
export type TokenRequest = t.TypeOf<typeof TokenRequestC>

/** A new token: asked, refused, or made (its value is in memory under `secretRef`, until dismissed). */
export type Creation =
  | { readonly status: 'idle' }
  | { readonly status: 'pending'; readonly requestId: string }
  | { readonly status: 'failed'; readonly requestId: string; readonly failure: Failure }
  | {
      readonly status: 'created'
      readonly requestId: string
      readonly token: ClientToken
      readonly secretRef: string
    }

/** A revocation of one token under way, or refused. */
export type Revocation =
  | { readonly status: 'idle' }
  | { readonly status: 'pending'; readonly requestId: string; readonly id: string }
  | { readonly status: 'failed'; readonly requestId: string; readonly id: string; readonly failure: Failure }

/** The admins' maximum lifetime being saved. */
export type PolicySave =
  | { readonly status: 'idle' }
  | { readonly status: 'pending'; readonly requestId: string; readonly maxDays: number }
  | { readonly status: 'saved'; readonly requestId: string; readonly maxDays: number }
  | { readonly status: 'failed'; readonly requestId: string; readonly failure: Failure }

export interface TokensState {
  readonly lists: { readonly [O in TokenOwner]: Loadable<TokenList> }
  readonly create: Creation
  readonly revoke: { readonly [O in TokenOwner]: Revocation }
  readonly policy: PolicySave
}
