/**
 * A remote repository's upstream as the console sees it: its state (online, offline, failing,
 * not asked yet), its settings (offline switch, metadata retrieval period, time-outs, whether
 * credentials are set: never the credentials), the remote part of the repository form validated
 * into a change of settings, and what Test connection found. Credentials travel by vault
 * reference only: the form holds `passwordRef` and `tokenRef`, never a password or a token.
 */
import * as t from 'io-ts'
import { left, right, type Either } from 'fp-ts/Either'
import type { RepositoryMessage } from './messages'

const nullableString = t.union([t.string, t.null])

/** What the repositories list says of a remote's upstream. */
export const RemoteStatusC = t.type({
  offline: t.boolean,
  lastFailure: nullableString,
  lastFailureAt: nullableString,
  lastSuccessAt: nullableString,
})
export type RemoteStatus = t.TypeOf<typeof RemoteStatusC>

/** A remote's settings and state (GET /repositories/:key/remote). */
export const RemoteSettingsC = t.intersection([
  RemoteStatusC,
  t.type({
    metadataTtlSeconds: t.number,
    connectTimeoutMs: t.number,
    readTimeoutMs: t.number,
    hasCredentials: t.boolean,
  }),
])
export type RemoteSettings = t.TypeOf<typeof RemoteSettingsC>

export const CONNECTION_RESULTS = [
  'reachable',
  'refusedCredentials',
  'timeout',
  'tls',
  'unreachable',
  'notARegistry',
] as const
export const ConnectionResultC = t.keyof({
  reachable: null,
  refusedCredentials: null,
  timeout: null,
  tls: null,
  unreachable: null,
  notARegistry: null,
})
export type ConnectionResult = t.TypeOf<typeof ConnectionResultC>

/** What Test connection answered: the result, the address asked and its HTTP status if one came. */
export const ConnectionAnswerC = t.intersection([
  t.type({ result: ConnectionResultC, url: t.string }),
  t.partial({ status: t.number }),
])
export type ConnectionAnswer = t.TypeOf<typeof ConnectionAnswerC>

/** The upstream's state in the list: offline by the switch, failing since its last failure, online since its last success. */
export type RemoteHealth = 'offline' | 'failing' | 'online' | 'notAsked'

export function remoteHealth(status: RemoteStatus): RemoteHealth {
  if (status.offline) return 'offline'
  // ISO instants of one clock compare as strings.
  if (status.lastFailureAt && (!status.lastSuccessAt || status.lastFailureAt > status.lastSuccessAt))
    return 'failing'
  return status.lastSuccessAt ? 'online' : 'notAsked'
}

/**
 * What the repositories list says of a remote's upstream, beside what the remote holds: one
 * never in touch with its upstream that holds packages holds the sample catalogue the platform
 * loaded at its first start, since a remote's packages otherwise come only from its upstream,
 * and each fetch records the contact.
 */
export type RemoteListHealth = RemoteHealth | 'sampleCatalogue'

export function remoteListHealth(status: RemoteStatus, packageCount: number): RemoteListHealth {
  const health = remoteHealth(status)
  return health === 'notAsked' && packageCount > 0 ? 'sampleCatalogue' : health
}

/** The server's bounds (server/remote/routes.ts): seconds for the period, milliseconds for time-outs. */
export const REMOTE_BOUNDS = {
  metadataTtlSeconds: { min: 0, max: 7 * 24 * 3600 },
  connectTimeoutMs: { min: 100, max: 300_000 },
  readTimeoutMs: { min: 100, max: 600_000 },
} as const

/** The remote part of the repository form, as typed (numbers as text, secrets by reference). */
export interface RemoteForm {
  readonly offline: boolean
  readonly metadataTtlSeconds: string
  readonly connectTimeoutMs: string
  readonly readTimeoutMs: string
  readonly userName: string
  /** The typed password in the vault, if one was typed. */
  readonly passwordRef?: string
  /** The typed token in the vault, if one was typed. */
  readonly tokenRef?: string
  /** Remove the saved credentials (when nothing new is typed). */
  readonly removeCredentials: boolean
}

/** A new remote's form: the server's defaults. */
export const emptyRemoteForm = (over: Partial<RemoteForm> = {}): RemoteForm => ({
  offline: false,
  metadataTtlSeconds: '600',
  connectTimeoutMs: '10000',
  readTimeoutMs: '30000',
  userName: '',
  removeCredentials: false,
  ...over,
})

/** The form of a saved remote: its settings; credentials are never shown, only kept or replaced. */
export const remoteFormOf = (s: RemoteSettings): RemoteForm =>
  emptyRemoteForm({
    offline: s.offline,
    metadataTtlSeconds: String(s.metadataTtlSeconds),
    connectTimeoutMs: String(s.connectTimeoutMs),
    readTimeoutMs: String(s.readTimeoutMs),
  })

export const CredentialsChangeC = t.union([
  t.type({ kind: t.literal('keep') }),
  t.type({ kind: t.literal('remove') }),
  t.type({ kind: t.literal('basic'), userName: t.string, passwordRef: nullableString }),
  t.type({ kind: t.literal('token'), tokenRef: t.string }),
])
/** What a save does to the credentials (the secrets still by reference). */
export type CredentialsChange = t.TypeOf<typeof CredentialsChangeC>

export const RemoteChangeC = t.type({
  offline: t.boolean,
  metadataTtlSeconds: t.number,
  connectTimeoutMs: t.number,
  readTimeoutMs: t.number,
  credentials: CredentialsChangeC,
})
/** The remote part of a valid form. */
export type RemoteChange = t.TypeOf<typeof RemoteChangeC>

export type RemoteField = 'metadataTtlSeconds' | 'connectTimeoutMs' | 'readTimeoutMs' | 'userName' | 'token'
export type RemoteProblems = Partial<Record<RemoteField, RepositoryMessage>>

function wholeNumber(text: string, bounds: { min: number; max: number }): number | RepositoryMessage {
  const v = text.trim()
  if (v === '') return { key: 'mandatory' }
  const n = Number(v)
  return /^\d+$/.test(v) && n >= bounds.min && n <= bounds.max
    ? n
    : { key: 'wholeNumberBetween', min: bounds.min, max: bounds.max }
}

/** Typed credentials replace the saved ones; a user name or a token, not both; a password needs its user. */
function credentialsChange(form: RemoteForm): CredentialsChange | RemoteProblems {
  const userName = form.userName.trim()
  if (form.tokenRef !== undefined && (userName !== '' || form.passwordRef !== undefined))
    return { token: { key: 'userOrToken' } }
  if (form.tokenRef !== undefined) return { kind: 'token', tokenRef: form.tokenRef }
  if (userName !== '') return { kind: 'basic', userName, passwordRef: form.passwordRef ?? null }
  if (form.passwordRef !== undefined) return { userName: { key: 'mandatory' } }
  return form.removeCredentials ? { kind: 'remove' } : { kind: 'keep' }
}

/** The remote part of the form as a change of settings, or its problems by field. */
export function validateRemoteForm(form: RemoteForm): Either<RemoteProblems, RemoteChange> {
  const problems: RemoteProblems = {}
  const numbers = {} as Record<keyof typeof REMOTE_BOUNDS, number>
  for (const field of Object.keys(REMOTE_BOUNDS) as Array<keyof typeof REMOTE_BOUNDS>) {
    const n = wholeNumber(form[field], REMOTE_BOUNDS[field])
    if (typeof n === 'number') numbers[field] = n
    else problems[field] = n
  }
  const credentials = credentialsChange(form)
  if (!('kind' in credentials)) Object.assign(problems, credentials)
  if (Object.keys(problems).length > 0 || !('kind' in credentials)) return left(problems)
  return right({ offline: form.offline, ...numbers, credentials })
}
