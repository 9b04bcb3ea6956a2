/**
 * Ports: the interfaces effects call. Interfaces only; implementations live beside this
 * file (http/, graphql/, storage/, browser/) and test fakes in tests/support/.
 * Each area's API port is its own file, `ports/<area>.ts`, named `<Area>Api`; `ports/areas.gen.ts`
 * (written from areas.list.ts by `npm run areas`) gathers them as `AreaApis`.
 */
import type { SchedulerLike } from 'rxjs'
import type { AreaApis, MfaEnrollmentData } from './ports/areas.gen'

export type * from './ports/areas.gen'
export type { Result } from './ports/result'

/** Wall clock in epoch milliseconds; the only source of time. */
export interface Clock {
  now(): number
}

/** Fresh ids (correlation ids, toast ids, recent-search ids). */
export interface IdSource {
  next(): string
}

/**
 * Holds secrets (passwords, OTP codes, tokens) outside events and the log: the UI stashes
 * a secret and puts only its reference in a command; the effect takes it once.
 */
export interface SecretVault {
  put(secret: string): string
  take(ref: string): string | undefined
}

/**
 * A secret the user is shown, kept in memory by reference while a screen needs it (at most a
 * few are kept): never in events, the log or web storage.
 */
export interface ShownStore<A> {
  put(value: A): string
  get(ref: string): A | undefined
  clear(): void
}

/** The secrets an app shows, one set per app. */
export interface ShownSecrets {
  /** MFA enrolment data, until the login completes or ends. */
  readonly enrollments: ShownStore<MfaEnrollmentData>
  /** The API key the profile screen shows, until it is hidden or the session ends. */
  readonly apiKeys: ShownStore<string>
  /** A client token just made, until it is dismissed or the session ends. */
  readonly clientTokens: ShownStore<string>
  /** A support bundle's session log (NDJSON) while the debug panel replays it. */
  readonly sessions: ShownStore<string>
}

/** Files the user chose (a deploy) kept out of commands and events; the effect takes one once. */
export interface FileStash {
  put(file: Blob): string
  take(ref: string): Blob | undefined
}

/** Web storage seen as strings; never used for secrets. */
export interface KeyValueStore {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

/** The browser's history; the router adapter keeps it in step with `state.navigation`. */
export interface HistoryPort {
  current(): string
  push(path: string): void
  replace(path: string): void
  /** Full-page navigation to another site (SSO providers, external redirect targets). */
  assign(url: string): void
}

export interface Ports extends AreaApis {
  readonly clock: Clock
  readonly ids: IdSource
  /** Scheduler for debounce, timers and retries; a virtual one in tests. */
  readonly scheduler: SchedulerLike
  readonly secrets: SecretVault
  readonly files: FileStash
  readonly shown: ShownSecrets
  readonly localStore: KeyValueStore
  readonly sessionStore: KeyValueStore
  readonly history: HistoryPort
}
