import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { ClientTokenC, TokenListC, TokenOwnerC, TokenRequestC } from './types'

export const ListRequested = defineEvent(
  'tokens/ListRequested',
  t.type({ requestId: t.string, owner: TokenOwnerC }),
)
export const ListLoaded = defineEvent(
  'tokens/ListLoaded',
  t.type({ requestId: t.string, owner: TokenOwnerC, list: TokenListC }),
)
export const ListFailed = defineEvent(
  'tokens/ListFailed',
  t.type({ requestId: t.string, owner: TokenOwnerC, failure: Failure }),
)
export const CreateRequested = defineEvent(
  'tokens/CreateRequested',
  t.type({ requestId: t.string, request: TokenRequestC }),
)
/** `secretRef` names the token's value in memory (never the value: it is not a fact to record). */
export const Created = defineEvent(
  'tokens/Created',
  t.type({ requestId: t.string, token: ClientTokenC, secretRef: t.string }),
)
export const CreateFailed = defineEvent(
  'tokens/CreateFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
export const SecretDismissed = defineEvent('tokens/SecretDismissed', t.type({}))
export const RevokeRequested = defineEvent(
  'tokens/RevokeRequested',
  t.type({ requestId: t.string, owner: TokenOwnerC, id: t.string }),
)
export const Revoked = defineEvent(
  'tokens/Revoked',
  t.type({ requestId: t.string, owner: TokenOwnerC, id: t.string }),
)
export const RevokeFailed = defineEvent(
  'tokens/RevokeFailed',
  t.type({ requestId: t.string, owner: TokenOwnerC, id: t.string, failure: Failure }),
)
export const PolicyRequested = defineEvent(
  'tokens/PolicyRequested',
  t.type({ requestId: t.string, maxDays: t.number }),
)
export const PolicySaved = defineEvent(
  'tokens/PolicySaved',
  t.type({ requestId: t.string, maxDays: t.number }),
)
export const PolicyFailed = defineEvent(
  'tokens/PolicyFailed',
  t.type({ requestId: t.string, failure: Failure }),
)

export const tokensEvents = [
  ListRequested,
  ListLoaded,
  ListFailed,
  CreateRequested,
  Created,
  CreateFailed,
  SecretDismissed,
  RevokeRequested,
  Revoked,
  RevokeFailed,
  PolicyRequested,
  PolicySaved,
  PolicyFailed,
] as const

export type TokensEvent = EventOf<(typeof tokensEvents)[number]>
