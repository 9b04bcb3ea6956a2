import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { RepositorySummary } from './types'
import { RepositoryProblemsC } from './messages'
import { ConnectionAnswerC, CredentialsChangeC, RemoteChangeC, RemoteSettingsC } from './remote'

export const RepositoryFormC = t.type({
  key: t.string,
  kind: t.keyof({ local: null, remote: null, virtual: null }),
  packageType: t.string,
  description: t.string,
  includesPattern: t.string,
  excludesPattern: t.string,
  url: t.string,
  members: t.array(t.string),
  defaultDeploymentRepo: t.string,
})

/**
 * v1 of SaveRejected and SaveFailed held each field's problem as prose; v2 holds a message key
 * with its data. v1 prose is kept as recorded text (what the earlier build showed).
 */
export function upcastProblemsV1(data: unknown): unknown {
  const { problems, ...rest } = data as { problems?: unknown } & Record<string, unknown>
  const prose = (typeof problems === 'object' && problems !== null ? problems : {}) as Record<string, unknown>
  return {
    ...rest,
    problems: Object.fromEntries(
      Object.entries(prose).map(([field, text]) => [field, { key: 'recorded', text: String(text) }]),
    ),
  }
}
const problemsV2 = { v: 2, upcasters: { 1: upcastProblemsV1 } }

export const ListRequested = defineEvent('repositories/ListRequested', t.type({ requestId: t.string }))
export const ListLoaded = defineEvent(
  'repositories/ListLoaded',
  t.type({ requestId: t.string, repositories: t.array(RepositorySummary) }),
)
export const ListFailed = defineEvent(
  'repositories/ListFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
/** The form broke the domain's rules: nothing was sent. */
export const SaveRejected = defineEvent(
  'repositories/SaveRejected',
  t.type({ problems: RepositoryProblemsC }),
  problemsV2,
)
export const SaveRequested = defineEvent(
  'repositories/SaveRequested',
  t.intersection([
    t.type({ requestId: t.string, create: t.boolean, form: RepositoryFormC }),
    // A remote's settings, saved after the repository (credentials by vault reference).
    t.partial({ remote: RemoteChangeC }),
  ]),
)
export const Saved = defineEvent('repositories/Saved', t.type({ requestId: t.string, key: t.string }))
export const SaveFailed = defineEvent(
  'repositories/SaveFailed',
  t.type({ requestId: t.string, failure: Failure, problems: RepositoryProblemsC }),
  problemsV2,
)
export const DeleteRequested = defineEvent(
  'repositories/DeleteRequested',
  t.type({ requestId: t.string, key: t.string }),
)
export const Deleted = defineEvent('repositories/Deleted', t.type({ requestId: t.string, key: t.string }))
export const DeleteFailed = defineEvent(
  'repositories/DeleteFailed',
  t.type({ requestId: t.string, key: t.string, failure: Failure }),
)
export const QuickCreationRequested = defineEvent(
  'repositories/QuickCreationRequested',
  t.type({ requestId: t.string, packageTypes: t.array(t.string) }),
)
export const QuickCreated = defineEvent(
  'repositories/QuickCreated',
  t.type({ requestId: t.string, created: t.array(t.string), existing: t.array(t.string) }),
)
export const QuickCreationFailed = defineEvent(
  'repositories/QuickCreationFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
export const FormReset = defineEvent('repositories/FormReset', t.type({}))
export const ClientTokenRequested = defineEvent(
  'repositories/ClientTokenRequested',
  t.type({ requestId: t.string }),
)
/** The token itself stays in the in-memory vault: the event names it by reference only. */
export const ClientTokenIssued = defineEvent(
  'repositories/ClientTokenIssued',
  t.type({ requestId: t.string, ref: t.string, user: t.string }),
)
export const ClientTokenFailed = defineEvent(
  'repositories/ClientTokenFailed',
  t.type({ requestId: t.string, failure: Failure }),
)

export const RemoteRequested = defineEvent(
  'repositories/RemoteRequested',
  t.type({ requestId: t.string, key: t.string }),
)
export const RemoteLoaded = defineEvent(
  'repositories/RemoteLoaded',
  t.type({ requestId: t.string, key: t.string, settings: RemoteSettingsC }),
)
export const RemoteLoadFailed = defineEvent(
  'repositories/RemoteLoadFailed',
  t.type({ requestId: t.string, key: t.string, failure: Failure }),
)
/** The form's address, time-outs or credentials broke the rules: nothing was asked. */
export const ConnectionTestRejected = defineEvent(
  'repositories/ConnectionTestRejected',
  t.type({ problems: RepositoryProblemsC }),
)
export const ConnectionTestRequested = defineEvent(
  'repositories/ConnectionTestRequested',
  t.type({
    requestId: t.string,
    key: t.string,
    packageType: t.string,
    url: t.string,
    connectTimeoutMs: t.number,
    readTimeoutMs: t.number,
    credentials: CredentialsChangeC,
  }),
)
export const ConnectionTested = defineEvent(
  'repositories/ConnectionTested',
  t.type({ requestId: t.string, answer: ConnectionAnswerC }),
)
export const ConnectionTestFailed = defineEvent(
  'repositories/ConnectionTestFailed',
  t.type({ requestId: t.string, failure: Failure }),
)

export const repositoriesEvents = [
  ListRequested,
  ListLoaded,
  ListFailed,
  SaveRejected,
  SaveRequested,
  Saved,
  SaveFailed,
  DeleteRequested,
  Deleted,
  DeleteFailed,
  QuickCreationRequested,
  QuickCreated,
  QuickCreationFailed,
  FormReset,
  ClientTokenRequested,
  ClientTokenIssued,
  ClientTokenFailed,
  RemoteRequested,
  RemoteLoaded,
  RemoteLoadFailed,
  ConnectionTestRejected,
  ConnectionTestRequested,
  ConnectionTested,
  ConnectionTestFailed,
] as const

export type RepositoriesEvent = EventOf<(typeof repositoriesEvents)[number]>
