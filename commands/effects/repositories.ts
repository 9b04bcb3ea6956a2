import { mergeMap, switchMap } from 'rxjs'
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
import { ofType, request } from './operators'
import type { Effect, EffectTable } from './types'

const list: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('repositories/ListRequested'),
    switchMap((env) => {
      const { requestId } = env.event.data
      return request(env, () => ports.repositoriesApi.list(), {
        done: (repositories) => ListLoaded({ requestId, repositories: [...repositories] }),
        failed: (failure) => ListFailed({ requestId, failure }),
      })
    }),
  )

const save: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('repositories/SaveRequested'),
    mergeMap((env) => {
      const { requestId, form, create } = env.event.data
      return request(env, () => ports.repositoriesApi.save(form, create), {
        done: (key) => Saved({ requestId, key }),
        failed: (failure) => SaveFailed({ requestId, failure, problems: problemsOfRefusal(failure) }),
      })
    }),
  )

const remove: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('repositories/DeleteRequested'),
    mergeMap((env) => {
      const { requestId, key } = env.event.data
      return request(env, () => ports.repositoriesApi.remove(key), {
        done: () => Deleted({ requestId, key }),
        failed: (failure) => DeleteFailed({ requestId, key, failure }),
      })
    }),
  )

const quick: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('repositories/QuickCreationRequested'),
    mergeMap((env) => {
      const { requestId, packageTypes } = env.event.data
      return request(env, () => ports.repositoriesApi.createQuickly(packageTypes), {
        done: ({ created, existing }) =>
          QuickCreated({ requestId, created: [...created], existing: [...existing] }),
        failed: (failure) => QuickCreationFailed({ requestId, failure }),
      })
    }),
  )

/** A client token: the token goes into the in-memory vault, the event carries its reference. */
const clientToken: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('repositories/ClientTokenRequested'),
    switchMap((env) => {
      const { requestId } = env.event.data
      return request(env, () => ports.repositoriesApi.clientToken(), {
        done: ({ token, user }) => ClientTokenIssued({ requestId, ref: ports.secrets.put(token), user }),
        failed: (failure) => ClientTokenFailed({ requestId, failure }),
      })
    }),
  )

// Effects of the repositories area: each calls a port and turns the answer into an event.
export const repositoriesEffects: EffectTable = { list, save, remove, quick, clientToken }
