import { filter, from, map, mergeMap, switchMap } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import type { AppEvent } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import type { Failure } from '../../domain/shared/failure'
import {
  Deleted,
  DeleteFailed,
  ListFailed,
  ListLoaded,
  QuickCreated,
  QuickCreationFailed,
  Saved,
  SaveFailed,
} from '../../domain/repositories/events'
import { problemsOfRefusal } from '../../domain/repositories/rules'
import { caused, type Effect, type EffectTable } from './types'

type Of<T extends AppEvent['type']> = Envelope<Extract<AppEvent, { type: T }>>
const is =
  <T extends AppEvent['type']>(type: T) =>
  (e: Envelope<AppEvent>): e is Of<T> =>
    e.event.type === type

const thrown = (error: unknown): Failure => ({
  kind: 'network',
  message: error instanceof Error ? error.message : String(error),
})

const list: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(is('repositories/ListRequested')),
    switchMap((env) => {
      const { requestId } = env.event.data
      return from(
        ports.repositoriesApi
          .list()
          .then((a) =>
            isLeft(a)
              ? ListFailed({ requestId, failure: a.left })
              : ListLoaded({ requestId, repositories: [...a.right] }),
          )
          .catch((error: unknown) => ListFailed({ requestId, failure: thrown(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

const save: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(is('repositories/SaveRequested')),
    mergeMap((env) => {
      const { requestId, form, create } = env.event.data
      return from(
        ports.repositoriesApi
          .save(form, create)
          .then((a) =>
            isLeft(a)
              ? SaveFailed({ requestId, failure: a.left, problems: problemsOfRefusal(a.left) })
              : Saved({ requestId, key: a.right }),
          )
          .catch((error: unknown) => SaveFailed({ requestId, failure: thrown(error), problems: {} })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

const remove: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(is('repositories/DeleteRequested')),
    mergeMap((env) => {
      const { requestId, key } = env.event.data
      return from(
        ports.repositoriesApi
          .remove(key)
          .then((a) =>
            isLeft(a) ? DeleteFailed({ requestId, key, failure: a.left }) : Deleted({ requestId, key }),
          )
          .catch((error: unknown) => DeleteFailed({ requestId, key, failure: thrown(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

const quick: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(is('repositories/QuickCreationRequested')),
    mergeMap((env) => {
      const { requestId, packageTypes } = env.event.data
      return from(
        ports.repositoriesApi
          .createQuickly(packageTypes)
          .then((a) =>
            isLeft(a)
              ? QuickCreationFailed({ requestId, failure: a.left })
              : QuickCreated({ requestId, created: [...a.right.created], existing: [...a.right.existing] }),
          )
          .catch((error: unknown) => QuickCreationFailed({ requestId, failure: thrown(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

// Effects of the repositories area: each calls a port and turns the answer into an event.
export const repositoriesEffects: EffectTable = { list, save, remove, quick }
