import type { RepositorySummary } from '../../domain/repositories/types'
import type { RepositoryForm } from '../../domain/repositories/rules'
import type { ConnectionAnswer, RemoteSettings } from '../../domain/repositories/remote'
import type { Result } from './result'

// The repositories area's API port (adapters/ports.ts).
export interface RepositoriesApi {
  list(): Promise<Result<ReadonlyArray<RepositorySummary>>>
  /** Creates (`create`) or updates the repository the form describes. */
  save(form: RepositoryForm, create: boolean): Promise<Result<string>>
  remove(key: string): Promise<Result<void>>
  /** Local, remote and virtual for each package type; keys already taken are reported. */
  createQuickly(
    packageTypes: ReadonlyArray<string>,
  ): Promise<Result<{ created: ReadonlyArray<string>; existing: ReadonlyArray<string> }>>
  /** A fresh client token for the signed-in user (`POST /ui/npm/token`); the platform keeps only its hash. */
  clientToken(): Promise<Result<{ readonly token: string; readonly user: string }>>
  /** A remote's upstream settings and state (never its credentials). */
  remote(key: string): Promise<Result<RemoteSettings>>
  /** Changes a remote's settings; credentials absent keep the saved ones, null removes them. */
  saveRemote(key: string, settings: RemoteSettingsInput): Promise<Result<RemoteSettings>>
  /** Test connection: a real request to the upstream the form names. */
  testConnection(request: ConnectionTestInput): Promise<Result<ConnectionAnswer>>
}

/** Credentials on their way to the platform (the secrets taken from the vault just before). */
export type UpstreamCredentialsInput =
  { readonly userName: string; readonly password?: string } | { readonly token: string }

export interface RemoteSettingsInput {
  readonly offline: boolean
  readonly metadataTtlSeconds: number
  readonly connectTimeoutMs: number
  readonly readTimeoutMs: number
  readonly credentials?: UpstreamCredentialsInput | null
}

export interface ConnectionTestInput {
  readonly packageType: string
  readonly url: string
  /** The saved remote whose credentials are used when none are given. */
  readonly key?: string
  readonly connectTimeoutMs: number
  readonly readTimeoutMs: number
  readonly credentials?: UpstreamCredentialsInput | null
}
