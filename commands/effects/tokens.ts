import { groupBy, ignoreElements, mergeMap, switchMap, tap } from 'rxjs'
import {
  CreateFailed,
  Created,
  ListFailed,
  ListLoaded,
  PolicyFailed,
  PolicySaved,
  RevokeFailed,
  Revoked,
} from '../../domain/tokens/events'
import { ofType, request } from './operators'
import type { Effect, EffectTable } from './types'

// One list at a time per owner: a newer load replaces the one under way.
const load: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('tokens/ListRequested'),
    groupBy((env) => env.event.data.owner),
    mergeMap((byOwner$) =>
      byOwner$.pipe(
        switchMap((env) => {
          const { requestId, owner } = env.event.data
          return request(env, () => ports.tokensApi.list(owner), {
            done: (list) => ListLoaded({ requestId, owner, list }),
            failed: (failure) => ListFailed({ requestId, owner, failure }),
          })
        }),
      ),
    ),
  )

/** The value is answered once: it stays in this app's memory (`ports.shown`), the event names it. */
const create: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('tokens/CreateRequested'),
    mergeMap((env) => {
      const { requestId, request: asked } = env.event.data
      ports.shown.clientTokens.clear()
      return request(env, () => ports.tokensApi.create(asked), {
        done: ({ token, secret }) =>
          Created({ requestId, token, secretRef: ports.shown.clientTokens.put(secret) }),
        failed: (failure) => CreateFailed({ requestId, failure }),
      })
    }),
  )

const forgetSecret: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('tokens/SecretDismissed'),
    tap(() => ports.shown.clientTokens.clear()),
    ignoreElements(),
  )

const revoke: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('tokens/RevokeRequested'),
    mergeMap((env) => {
      const { requestId, owner, id } = env.event.data
      return request(env, () => ports.tokensApi.revoke(owner, id), {
        done: () => Revoked({ requestId, owner, id }),
        failed: (failure) => RevokeFailed({ requestId, owner, id, failure }),
      })
    }),
  )

const policy: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('tokens/PolicyRequested'),
    switchMap((env) => {
      const { requestId, maxDays } = env.event.data
      return request(env, () => ports.tokensApi.setPolicy(maxDays), {
        done: (saved) => PolicySaved({ requestId, maxDays: saved }),
        failed: (failure) => PolicyFailed({ requestId, failure }),
      })
    }),
  )

// Effects of the tokens area: each calls a port and turns the answer into an event.
export const tokensEffects: EffectTable = { load, create, forgetSecret, revoke, policy }
