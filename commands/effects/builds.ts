import { switchMap } from 'rxjs'
import { DetailFailed, DetailLoaded, ListFailed, ListLoaded } from '../../domain/builds/events'
import { ofType, request } from './operators'
import type { Effect, EffectTable } from './types'

const list: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('builds/ListRequested'),
    switchMap((env) => {
      const { requestId } = env.event.data
      return request(env, () => ports.buildsApi.list(), {
        done: (builds) => ListLoaded({ requestId, builds: [...builds] }),
        failed: (failure) => ListFailed({ requestId, failure }),
      })
    }),
  )

const detail: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('builds/DetailRequested'),
    switchMap((env) => {
      const { requestId, name, number } = env.event.data
      return request(env, () => ports.buildsApi.detail(name, number), {
        done: (build) => DetailLoaded({ requestId, build }),
        failed: (failure) => DetailFailed({ requestId, failure }),
      })
    }),
  )

// Effects of the builds area: each calls a port and turns the answer into an event.
export const buildsEffects: EffectTable = { list, detail }
