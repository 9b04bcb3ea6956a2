import { mergeMap, switchMap } from 'rxjs'
import { isLeft, left, map } from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { PASSWORD_LOST } from '../../domain/shared/failure'
import type { CredentialsChange } from '../../domain/repositories/remote'
import type { Ports, UpstreamCredentialsInput } from '../../adapters/ports'
import {
  ConnectionTested,
  ConnectionTestFailed,
  RemoteLoaded,
  RemoteLoadFailed,
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

/**
 * The credentials a change sends: absent keeps the saved ones, null removes them; the secrets
 * leave the vault only here, on their way to the platform. `lost` when a reference no longer
 * holds its secret (taken already), so nothing is sent without the password that was typed.
 */
function credentialsOf(
  ports: Ports,
  change: CredentialsChange,
): UpstreamCredentialsInput | null | undefined | 'lost' {
  switch (change.kind) {
    case 'keep':
      return undefined
    case 'remove':
      return null
    case 'basic': {
      if (change.passwordRef === null) return { userName: change.userName }
      const password = ports.secrets.take(change.passwordRef)
      return password === undefined ? 'lost' : { userName: change.userName, password }
    }
    case 'token': {
      const token = ports.secrets.take(change.tokenRef)
      return token === undefined ? 'lost' : { token }
    }
  }
}

const secretLost = () => left({ kind: 'network' as const, code: PASSWORD_LOST, message: '' })

/** The repository, then (for a remote) its upstream settings and credentials. */
const save: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('repositories/SaveRequested'),
    mergeMap((env) => {
      const { requestId, form, create, remote } = env.event.data
      const saveAll = async () => {
        // Taken before anything is sent: a lost secret must not leave a half-saved remote.
        const credentials = remote && credentialsOf(ports, remote.credentials)
        if (credentials === 'lost') return secretLost()
        const saved = await ports.repositoriesApi.save(form, create)
        if (isLeft(saved) || !remote) return saved
        const { credentials: _refs, ...settings } = remote
        return pipe(
          await ports.repositoriesApi.saveRemote(saved.right, {
            ...settings,
            ...(credentials !== undefined ? { credentials } : {}),
          }),
          map(() => saved.right),
        )
      }
      return request(env, saveAll, {
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

const remoteSettings: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('repositories/RemoteRequested'),
    switchMap((env) => {
      const { requestId, key } = env.event.data
      return request(env, () => ports.repositoriesApi.remote(key), {
        done: (settings) => RemoteLoaded({ requestId, key, settings }),
        failed: (failure) => RemoteLoadFailed({ requestId, key, failure }),
      })
    }),
  )

const testConnection: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('repositories/ConnectionTestRequested'),
    switchMap((env) => {
      const { requestId, key, credentials: change, ...typed } = env.event.data
      const test = async () => {
        const credentials = credentialsOf(ports, change)
        if (credentials === 'lost') return secretLost()
        return ports.repositoriesApi.testConnection({
          ...typed,
          ...(key ? { key } : {}),
          ...(credentials !== undefined ? { credentials } : {}),
        })
      }
      return request(env, test, {
        done: (answer) => ConnectionTested({ requestId, answer: { ...answer } }),
        failed: (failure) => ConnectionTestFailed({ requestId, failure }),
      })
    }),
  )

// Effects of the repositories area: each calls a port and turns the answer into an event.
export const repositoriesEffects: EffectTable = {
  list,
  save,
  remove,
  quick,
  clientToken,
  remoteSettings,
  testConnection,
}
