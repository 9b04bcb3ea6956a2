import { left, right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import type { SessionEvent } from '../session/events'
import { awaits, reloading } from '../shared/loadable'
import {
  CreateRequested,
  ListRequested,
  PolicyRequested,
  RevokeRequested,
  SecretDismissed,
  tokensEvents,
  type TokensEvent,
} from './events'
import type { TokensCommand } from './commands'
import { initialTokensState } from './initial'
import { tokensCommandCodecs } from './commandCodecs.gen'
import { POLICY_MAX_DAYS, requestProblem } from './rules'
import type { TokenList, TokenOwner, TokensState } from './types'

const OWNERS: ReadonlyArray<TokenOwner> = ['mine', 'all']

/** A loaded list changed by `change`; a list not loaded stays as it is. */
function withList(s: TokensState, owner: TokenOwner, change: (list: TokenList) => TokenList): TokensState {
  const list = s.lists[owner]
  if (list.status !== 'loaded') return s
  return { ...s, lists: { ...s.lists, [owner]: { status: 'loaded', data: change(list.data) } } }
}

function evolve(s: TokensState, event: TokensEvent | SessionEvent): TokensState {
  if (event.type === 'session/SignedOut') return initialTokensState
  if (!event.type.startsWith('tokens/')) return s
  const e = event as TokensEvent
  switch (e.type) {
    case 'tokens/ListRequested':
      return {
        ...s,
        lists: { ...s.lists, [e.data.owner]: reloading(s.lists[e.data.owner], e.data.requestId) },
      }
    case 'tokens/ListLoaded':
      if (!awaits(s.lists[e.data.owner], e.data.requestId)) return s
      return { ...s, lists: { ...s.lists, [e.data.owner]: { status: 'loaded', data: e.data.list } } }
    case 'tokens/ListFailed':
      if (!awaits(s.lists[e.data.owner], e.data.requestId)) return s
      return { ...s, lists: { ...s.lists, [e.data.owner]: { status: 'failed', failure: e.data.failure } } }
    case 'tokens/CreateRequested':
      return { ...s, create: { status: 'pending', requestId: e.data.requestId } }
    case 'tokens/Created': {
      if (s.create.status !== 'pending' || s.create.requestId !== e.data.requestId) return s
      const made: TokensState = { ...s, create: { status: 'created', ...e.data } }
      return withList(made, 'mine', (list) => ({ ...list, tokens: [...list.tokens, e.data.token] }))
    }
    case 'tokens/CreateFailed':
      if (s.create.status !== 'pending' || s.create.requestId !== e.data.requestId) return s
      return { ...s, create: { status: 'failed', requestId: e.data.requestId, failure: e.data.failure } }
    case 'tokens/SecretDismissed':
      return s.create.status === 'created' ? { ...s, create: initialTokensState.create } : s
    case 'tokens/RevokeRequested':
      return { ...s, revoke: { ...s.revoke, [e.data.owner]: { status: 'pending', ...e.data } } }
    case 'tokens/Revoked': {
      const revocation = s.revoke[e.data.owner]
      const answered =
        revocation.status === 'pending' && revocation.requestId === e.data.requestId
          ? { ...s, revoke: { ...s.revoke, [e.data.owner]: initialTokensState.revoke[e.data.owner] } }
          : s
      // Gone from every list that shows it (an admin's own token is in both).
      return OWNERS.reduce<TokensState>(
        (state, owner) =>
          withList(state, owner, (list) => ({
            ...list,
            tokens: list.tokens.filter((t) => t.id !== e.data.id),
          })),
        answered,
      )
    }
    case 'tokens/RevokeFailed': {
      const revocation = s.revoke[e.data.owner]
      if (revocation.status !== 'pending' || revocation.requestId !== e.data.requestId) return s
      return { ...s, revoke: { ...s.revoke, [e.data.owner]: { status: 'failed', ...e.data } } }
    }
    case 'tokens/PolicyRequested':
      return { ...s, policy: { status: 'pending', ...e.data } }
    case 'tokens/PolicySaved': {
      if (s.policy.status !== 'pending' || s.policy.requestId !== e.data.requestId) return s
      const saved: TokensState = { ...s, policy: { status: 'saved', ...e.data } }
      const { maxDays } = e.data
      return OWNERS.reduce<TokensState>(
        (state, owner) =>
          withList(state, owner, (list) => ({
            ...list,
            maxDays,
            defaultDays: Math.min(list.defaultDays, maxDays),
          })),
        saved,
      )
    }
    case 'tokens/PolicyFailed':
      if (s.policy.status !== 'pending' || s.policy.requestId !== e.data.requestId) return s
      return { ...s, policy: { status: 'failed', ...e.data } }
  }
}

/** The longest lifetime the user's list said, when it is known. */
const knownMaxDays = (s: TokensState): number | undefined =>
  s.lists.mine.status === 'loaded' ? s.lists.mine.data.maxDays : undefined

export const tokensArea: SliceArea<'tokens', TokensState, TokensCommand, TokensEvent> = {
  key: 'tokens',
  commands: tokensCommandCodecs,
  initialState: initialTokensState,
  events: tokensEvents,
  decide: (command, slice, _context, meta) => {
    switch (command.type) {
      case 'tokens/Load':
        return right([ListRequested({ requestId: meta.id, owner: command.owner })])
      case 'tokens/Create': {
        if (slice.create.status === 'pending') return left('a token is already being made')
        const request = {
          description: command.description,
          expiresInDays: command.expiresInDays,
          repositories: command.repositories === null ? null : [...command.repositories],
          access: command.access,
        }
        const problem = requestProblem(request, knownMaxDays(slice))
        if (problem !== undefined) return left(problem)
        return right([CreateRequested({ requestId: meta.id, request })])
      }
      case 'tokens/DismissSecret':
        return slice.create.status === 'created' ? right([SecretDismissed({})]) : right([])
      case 'tokens/Revoke': {
        if (slice.revoke[command.owner].status === 'pending') return left('a token is already being revoked')
        return right([RevokeRequested({ requestId: meta.id, owner: command.owner, id: command.id })])
      }
      case 'tokens/SetPolicy':
        if (!Number.isInteger(command.maxDays) || command.maxDays < 1 || command.maxDays > POLICY_MAX_DAYS)
          return left(`maxDays must be a whole number from 1 to ${POLICY_MAX_DAYS}`)
        return right([PolicyRequested({ requestId: meta.id, maxDays: command.maxDays })])
    }
  },
  evolve,
  evolvesOn: ['session/SignedOut'],
}
