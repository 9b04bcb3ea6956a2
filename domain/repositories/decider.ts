import { isLeft, left, right } from 'fp-ts/Either'
import type { SliceArea } from '../shared/area'
import type { SessionEvent } from '../session/events'
import type { NavigationCommand } from '../navigation'
import type { NotificationsCommand } from '../notifications'
import type { RepositoriesCommand } from './commands'
import {
  ClientTokenRequested,
  ConnectionTestRejected,
  ConnectionTestRequested,
  DeleteRequested,
  FormReset,
  ListRequested,
  QuickCreationRequested,
  RemoteRequested,
  SaveRejected,
  SaveRequested,
  repositoriesEvents,
  type RepositoriesEvent,
} from './events'
import { remoteUrlProblem, validateRepositoryForm, type KnownRepositories } from './rules'
import { validateRemoteForm } from './remote'
import { type RepositoriesState } from './types'
import { initialRepositoriesState } from './initial'
import { repositoriesCommandCodecs } from './commandCodecs.gen'
import { awaits, reloading, shownData, type Loadable } from '../shared/loadable'
import type { RemoteSettings } from './remote'

/** An answer about the remote being edited, if it is still the one awaited. */
const remoteAnswer = (
  s: RepositoriesState,
  key: string,
  requestId: string,
  settings: Loadable<RemoteSettings>,
): RepositoriesState =>
  s.remote?.key === key && awaits(s.remote.settings, requestId) ? { ...s, remote: { key, settings } } : s

const testAnswered = (s: RepositoriesState, requestId: string) =>
  s.connection?.status === 'pending' && s.connection.requestId === requestId

/** What the domain's form rule knows of the other repositories: the last loaded list. */
function knownOf(s: RepositoriesState): KnownRepositories {
  const list = shownData(s.list) ?? []
  return new Map(list.map((r) => [r.key, { kind: r.kind, packageType: r.packageType }] as const))
}

/** The commands the area's policies ask for. */
type Asked = RepositoriesCommand | NotificationsCommand | NavigationCommand

function evolve(s: RepositoriesState, event: RepositoriesEvent | SessionEvent): RepositoriesState {
  if (event.type === 'session/SignedOut') return initialRepositoriesState
  if (!event.type.startsWith('repositories/')) return s
  const e = event as RepositoriesEvent
  switch (e.type) {
    case 'repositories/ListRequested':
      return { ...s, list: reloading(s.list, e.data.requestId) }
    case 'repositories/ListLoaded':
      if (!awaits(s.list, e.data.requestId)) return s
      return { ...s, list: { status: 'loaded', data: e.data.repositories } }
    case 'repositories/ListFailed':
      if (!awaits(s.list, e.data.requestId)) return s
      return { ...s, list: { status: 'failed', failure: e.data.failure } }
    case 'repositories/SaveRejected':
      return { ...s, save: { status: 'idle' }, problems: e.data.problems }
    case 'repositories/SaveRequested':
      return { ...s, save: { status: 'pending', requestId: e.data.requestId }, problems: {} }
    case 'repositories/Saved':
      return { ...s, save: { status: 'done', requestId: e.data.requestId } }
    case 'repositories/SaveFailed':
      return {
        ...s,
        save: { status: 'failed', requestId: e.data.requestId, failure: e.data.failure },
        problems: e.data.problems,
      }
    case 'repositories/DeleteRequested':
      return { ...s, deletion: { status: 'pending', requestId: e.data.requestId } }
    case 'repositories/Deleted':
      return { ...s, deletion: { status: 'done', requestId: e.data.requestId } }
    case 'repositories/DeleteFailed':
      return { ...s, deletion: { status: 'failed', requestId: e.data.requestId, failure: e.data.failure } }
    case 'repositories/QuickCreationRequested':
      return { ...s, quick: { status: 'pending', requestId: e.data.requestId } }
    case 'repositories/QuickCreated':
      return {
        ...s,
        quick: { status: 'done', requestId: e.data.requestId },
        quickResult: { created: e.data.created, existing: e.data.existing },
      }
    case 'repositories/QuickCreationFailed':
      return { ...s, quick: { status: 'failed', requestId: e.data.requestId, failure: e.data.failure } }
    case 'repositories/ClientTokenRequested':
      return { ...s, clientToken: { status: 'pending', requestId: e.data.requestId } }
    case 'repositories/ClientTokenIssued':
      if (s.clientToken?.status !== 'pending' || s.clientToken.requestId !== e.data.requestId) return s
      return { ...s, clientToken: { status: 'issued', ...e.data } }
    case 'repositories/ClientTokenFailed':
      if (s.clientToken?.status !== 'pending' || s.clientToken.requestId !== e.data.requestId) return s
      return { ...s, clientToken: { status: 'failed', ...e.data } }
    case 'repositories/FormReset': {
      // The last form's Test connection goes with it (absent, as before any was asked for).
      const { connection: _dropped, ...rest } = s
      return {
        ...rest,
        save: { status: 'idle' },
        problems: {},
        quick: { status: 'idle' },
        deletion: { status: 'idle' },
      }
    }
    case 'repositories/RemoteRequested': {
      const previous = s.remote?.key === e.data.key ? s.remote.settings : { status: 'idle' as const }
      return { ...s, remote: { key: e.data.key, settings: reloading(previous, e.data.requestId) } }
    }
    case 'repositories/RemoteLoaded':
      return remoteAnswer(s, e.data.key, e.data.requestId, { status: 'loaded', data: e.data.settings })
    case 'repositories/RemoteLoadFailed':
      return remoteAnswer(s, e.data.key, e.data.requestId, { status: 'failed', failure: e.data.failure })
    case 'repositories/ConnectionTestRejected': {
      const { connection: _dropped, ...rest } = s
      return { ...rest, problems: e.data.problems }
    }
    case 'repositories/ConnectionTestRequested':
      return { ...s, connection: { status: 'pending', requestId: e.data.requestId }, problems: {} }
    case 'repositories/ConnectionTested':
      if (!testAnswered(s, e.data.requestId)) return s
      return { ...s, connection: { status: 'tested', requestId: e.data.requestId, answer: e.data.answer } }
    case 'repositories/ConnectionTestFailed':
      if (!testAnswered(s, e.data.requestId)) return s
      return { ...s, connection: { status: 'failed', requestId: e.data.requestId, failure: e.data.failure } }
  }
}

export const repositoriesArea: SliceArea<
  'repositories',
  RepositoriesState,
  RepositoriesCommand,
  RepositoriesEvent,
  undefined,
  Asked
> = {
  key: 'repositories',
  commands: repositoriesCommandCodecs,
  initialState: initialRepositoriesState,
  events: repositoriesEvents,
  decide: (command, s, _context, meta) => {
    switch (command.type) {
      case 'repositories/LoadList':
        return right([ListRequested({ requestId: meta.id })])
      case 'repositories/Save': {
        if (s.save.status === 'pending') return left('a save is already under way')
        const valid = validateRepositoryForm(command.form, knownOf(s))
        const remote =
          command.form.kind === 'remote' && command.remote ? validateRemoteForm(command.remote) : undefined
        if (isLeft(valid) || (remote && isLeft(remote)))
          return right([
            SaveRejected({
              problems: {
                ...(isLeft(valid) ? valid.left : {}),
                ...(remote && isLeft(remote) ? remote.left : {}),
              },
            }),
          ])
        return right([
          SaveRequested({
            requestId: meta.id,
            create: command.create,
            form: { ...command.form, members: [...command.form.members] },
            ...(remote ? { remote: remote.right } : {}),
          }),
        ])
      }
      case 'repositories/LoadRemote':
        return right([RemoteRequested({ requestId: meta.id, key: command.key })])
      case 'repositories/TestConnection': {
        if (s.connection?.status === 'pending') return left('a connection test is already under way')
        const url = remoteUrlProblem(command.url)
        // Only what the test uses is checked: a metadata period being typed does not stop it.
        const remote = validateRemoteForm({ ...command.remote, metadataTtlSeconds: '0' })
        if (url || isLeft(remote))
          return right([
            ConnectionTestRejected({
              problems: { ...(isLeft(remote) ? remote.left : {}), ...(url ? { url } : {}) },
            }),
          ])
        const { connectTimeoutMs, readTimeoutMs, credentials } = remote.right
        return right([
          ConnectionTestRequested({
            requestId: meta.id,
            key: command.key,
            packageType: command.packageType,
            url: command.url.trim(),
            connectTimeoutMs,
            readTimeoutMs,
            credentials,
          }),
        ])
      }
      case 'repositories/Delete':
        if (s.deletion.status === 'pending') return left('a deletion is already under way')
        return right([DeleteRequested({ requestId: meta.id, key: command.key })])
      case 'repositories/CreateQuickly':
        if (command.packageTypes.length === 0) return left('choose at least one package type')
        return right([
          QuickCreationRequested({ requestId: meta.id, packageTypes: [...command.packageTypes] }),
        ])
      case 'repositories/ResetForm':
        return right([FormReset({})])
      case 'repositories/GenerateClientToken':
        if (s.clientToken?.status === 'pending') return left('a token is already being generated')
        return right([ClientTokenRequested({ requestId: meta.id })])
    }
  },
  evolve,
  evolvesOn: ['session/SignedOut'],
  // What changed the platform's repositories asks for the list again and says what happened.
  policies: (envelope): ReadonlyArray<Asked> => {
    const e = envelope.event
    const reload: Asked = { type: 'repositories/LoadList' }
    const toast = (key: 'saved' | 'deleted', name: string): Asked => ({
      type: 'notifications/Show',
      kind: 'success',
      message: { key, subject: 'repository', name },
    })
    if (e.type === 'repositories/Saved')
      return [reload, toast('saved', e.data.key), { type: 'navigation/Navigate', to: '/repos' }]
    if (e.type === 'repositories/Deleted') return [reload, toast('deleted', e.data.key)]
    if (e.type === 'repositories/QuickCreated') return [reload]
    return []
  },
}
