/**
 * The repositories area: the platform's repositories (local, remote, virtual) with what they
 * hold, and the state of the create/update/delete/quick-creation requests.
 */
import * as t from 'io-ts'
import type { SaveState } from '../admin'
import type { Loadable } from '../shared/loadable'
import type { Failure } from '../shared/failure'
import type { RepositoryMessage } from './messages'
import { RemoteStatusC, type ConnectionAnswer, type RemoteSettings } from './remote'

export type { Loadable, SaveState }

const RepositoryFields = t.type({
  key: t.string,
  packageType: t.string,
  kind: t.keyof({ local: null, remote: null, virtual: null }),
  description: t.string,
  includesPattern: t.string,
  excludesPattern: t.string,
  url: t.union([t.string, t.null]),
  members: t.array(t.string),
  defaultDeploymentRepo: t.union([t.string, t.null]),
  created: t.string,
  modified: t.string,
  packageCount: t.number,
  artifactCount: t.number,
  size: t.number,
})
export const RepositorySummary = t.intersection([
  RepositoryFields,
  // A remote's upstream state (lists from before it have none).
  t.partial({ remote: RemoteStatusC }),
])
export type RepositorySummary = t.TypeOf<typeof RepositorySummary>

export interface RepositoriesState {
  readonly list: Loadable<ReadonlyArray<RepositorySummary>>
  readonly save: SaveState
  /** Problems of the last save, by field, as message keys (from the domain's rule or the platform). */
  readonly problems: Readonly<Record<string, RepositoryMessage>>
  readonly deletion: SaveState
  readonly quick: SaveState
  /** Keys the last Quick Repository Creation made and found. */
  readonly quickResult: { readonly created: ReadonlyArray<string>; readonly existing: ReadonlyArray<string> }
  /**
   * The last client token asked for set-me-up: by vault reference, never the token. Absent
   * until one is asked for (the initial state is in the login page's bundle).
   */
  readonly clientToken?: ClientTokenState
  /** The remote being edited: its settings as the platform has them. Absent until one is opened. */
  readonly remote?: RemoteEditState
  /** The form's last Test connection. Absent until one is asked for. */
  readonly connection?: ConnectionState
}

export interface RemoteEditState {
  readonly key: string
  readonly settings: Loadable<RemoteSettings>
}

export type ConnectionState =
  | { readonly status: 'pending'; readonly requestId: string }
  | { readonly status: 'tested'; readonly requestId: string; readonly answer: ConnectionAnswer }
  | { readonly status: 'failed'; readonly requestId: string; readonly failure: Failure }

export type ClientTokenState =
  | { readonly status: 'idle' }
  | { readonly status: 'pending'; readonly requestId: string }
  | { readonly status: 'issued'; readonly requestId: string; readonly ref: string; readonly user: string }
  | { readonly status: 'failed'; readonly requestId: string; readonly failure: Failure }

// The initial state lives in a module of its own: the browser's entry needs it, not the rest.
