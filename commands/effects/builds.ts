import { filter, from, map, switchMap } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import { DetailFailed, DetailLoaded, ListFailed, ListLoaded } from '../../domain/builds/events'
import { caused, isEvent, thrownFailure, type Effect, type EffectTable } from './types'

const list: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('builds/ListRequested')),
    switchMap((env) => {
      const { requestId } = env.event.data
      return from(
        ports.buildsApi
          .list()
          .then((a) =>
            isLeft(a)
              ? ListFailed({ requestId, failure: a.left })
              : ListLoaded({ requestId, builds: [...a.right] }),
          )
          .catch((error: unknown) => ListFailed({ requestId, failure: thrownFailure(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

const detail: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('builds/DetailRequested')),
    switchMap((env) => {
      const { requestId, name, number } = env.event.data
      return from(
        ports.buildsApi
          .detail(name, number)
          .then((a) =>
            isLeft(a)
              ? DetailFailed({ requestId, failure: a.left })
              : DetailLoaded({ requestId, build: a.right }),
          )
          .catch((error: unknown) => DetailFailed({ requestId, failure: thrownFailure(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

// Effects of the builds area: each calls a port and turns the answer into an event.
export const buildsEffects: EffectTable = { list, detail }
