import { filter, from, map, mergeMap, switchMap } from 'rxjs'
import { isLeft } from 'fp-ts/Either'
import {
  ClientTokenFailed,
  ClientTokenIssued,
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
import { caused, isEvent, thrownFailure, type Effect, type EffectTable } from './types'

const list: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('repositories/ListRequested')),
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
          .catch((error: unknown) => ListFailed({ requestId, failure: thrownFailure(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

const save: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('repositories/SaveRequested')),
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
          .catch((error: unknown) => SaveFailed({ requestId, failure: thrownFailure(error), problems: {} })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

const remove: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('repositories/DeleteRequested')),
    mergeMap((env) => {
      const { requestId, key } = env.event.data
      return from(
        ports.repositoriesApi
          .remove(key)
          .then((a) =>
            isLeft(a) ? DeleteFailed({ requestId, key, failure: a.left }) : Deleted({ requestId, key }),
          )
          .catch((error: unknown) => DeleteFailed({ requestId, key, failure: thrownFailure(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

const quick: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('repositories/QuickCreationRequested')),
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
          .catch((error: unknown) => QuickCreationFailed({ requestId, failure: thrownFailure(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

/** A client token: the token goes into the in-memory vault, the event carries its reference. */
const clientToken: Effect = (events$, _state$, ports) =>
  events$.pipe(
    filter(isEvent('repositories/ClientTokenRequested')),
    switchMap((env) => {
      const { requestId } = env.event.data
      return from(
        ports.repositoriesApi
          .clientToken()
          .then((a) =>
            isLeft(a)
              ? ClientTokenFailed({ requestId, failure: a.left })
              : ClientTokenIssued({ requestId, ref: ports.secrets.put(a.right.token), user: a.right.user }),
          )
          .catch((error: unknown) => ClientTokenFailed({ requestId, failure: thrownFailure(error) })),
      ).pipe(map((event) => caused(env, event)))
    }),
  )

// Effects of the repositories area: each calls a port and turns the answer into an event.
export const repositoriesEffects: EffectTable = { list, save, remove, quick, clientToken }
