import { concatMap, groupBy, mergeMap, switchMap } from 'rxjs'
import { ChangeFailed, Changed, LoadFailed, Loaded, Requested } from '../../domain/xray/events'
import { RELOADED_AFTER, changeSubject } from '../../domain/xray/rules'
import type { XrayAsk, XrayChangeKind } from '../../domain/xray/types'
import { ofType, request } from './operators'
import { caused, type Effect, type EffectTable } from './types'

/** Each list loads on its own: a newer ask for a list supersedes the older one, not the others. */
const load: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('xray/Requested'),
    groupBy((env) => env.event.data.ask.what),
    mergeMap((asks) =>
      asks.pipe(
        switchMap((env) => {
          const { requestId, ask } = env.event.data
          return request(env, () => ports.xrayApi.load(ask), {
            done: (answer) => Loaded({ requestId, answer }),
            failed: (failure) => LoadFailed({ requestId, what: ask.what, failure }),
          })
        }),
      ),
    ),
  )

/** Changes are sent one after another, in the order they were asked. */
const change: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('xray/ChangeRequested'),
    concatMap((env) => {
      const { requestId, change: c } = env.event.data
      return request(env, () => ports.xrayApi.change(c), {
        done: () => Changed({ requestId, kind: c.kind, subject: changeSubject(c) }),
        failed: (failure) => ChangeFailed({ requestId, failure }),
      })
    }),
  )

/** After a change, the lists it alters that a screen has asked for are asked again, as they were. */
const reloadAfterChange: Effect = (events$, state$, ports) =>
  events$.pipe(
    ofType('xray/Changed'),
    mergeMap((env) => {
      const kind = env.event.data.kind as XrayChangeKind
      const slots = state$.value.xray
      const asks = (RELOADED_AFTER[kind] ?? [])
        .map((what) => slots[what].ask as XrayAsk | undefined)
        .filter((ask): ask is XrayAsk => ask !== undefined)
      return asks.map((ask) => caused(env, Requested({ requestId: ports.ids.next(), ask })))
    }),
  )

// Effects of the xray area: each calls a port and turns the answer into an event.
export const xrayEffects: EffectTable = { load, change, reloadAfterChange }
