import type { Failure } from '../shared/failure'
import type { Failed, Idle, Loaded, Loading } from '../shared/loadable'

/** A support bundle as the console keeps it (spec 001 "Support bundle"). */
export interface SupportBundle {
  readonly id: string
  readonly name: string
  readonly description: string
  /** ISO instant. */
  readonly createdAt: string
  /** 'in progress', 'success' or 'failed' on the reference platform; other values are shown as given. */
  readonly status: string
  readonly service: string
  readonly nodeId: string | null
  readonly size: number | null
  readonly error: string | null
  /** How many events of a console session the bundle carries (absent: none). */
  readonly sessionEvents?: number
}

/**
 * The console session a creation attaches: its redacted log (domain/debug/redact.ts) stays in the
 * in-memory file stash (`fileRef`); the request names it and says how many events it holds.
 */
export interface AttachedSession {
  readonly fileRef: string
  readonly events: number
}

/** What a creation asks for, once the form is valid: counts are whole numbers. */
export interface BundleRequest {
  readonly name: string
  readonly description: string
  readonly service: string
  readonly threadDumpCount: number
  readonly threadDumpInterval: number
  readonly session?: AttachedSession
}

type Bundles = ReadonlyArray<SupportBundle>

/** The request an answer answered: only the latest request's answer counts. */
interface Answered {
  readonly requestId: string
}

/**
 * The bundle list: the shared Loadable (domain/shared/loadable.ts), each answer with the request
 * it answered. A reload (a poll, a delete, Retry) keeps the rows shown before as its
 * `previous`; a failed reload keeps them too, under the failure and its Retry, so a poll that
 * fails while a bundle is being built does not blank the list (it stops the polling until retried).
 */
export type BundleListState =
  | Idle
  | Loading<Bundles>
  | (Loaded<Bundles> & Answered)
  | (Failed & Answered & { readonly previous?: Bundles })

export interface SupportBundlesState {
  /** The Support Zone page is shown: the list is polled while a bundle is being built. */
  readonly open: boolean
  readonly list: BundleListState
  /** Temporary 'in progress' rows shown from the moment a creation starts (spec 001 section 4). */
  readonly placeholders: ReadonlyArray<SupportBundle & { readonly requestId: string }>
  /** Creation calls under way, per service. */
  readonly inProgress: Readonly<Record<string, number>>
  /** The latest creation: the form shows its outcome. */
  readonly create: {
    readonly status: 'idle' | 'submitting' | 'created' | 'failed'
    readonly requestId: string
    readonly failure: Failure | null
  }
  /** Bundles with a delete, a download or the fetch of their session under way. */
  readonly busy: Readonly<Record<string, 'deleting' | 'downloading' | 'opening'>>
  /** The last delete, download or session fetch that failed. */
  readonly actionFailure: {
    readonly id: string
    readonly op: 'delete' | 'download' | 'open'
    readonly failure: Failure
  } | null
  /**
   * The bundle whose session the debug panel replays: its log is in memory by reference
   * (`sessionRef`, App.shown.sessions). Absent until a session is first opened, so logs from
   * before replay to the same state.
   */
  readonly replay?: { readonly id: string; readonly name: string; readonly sessionRef: string } | null
  /**
   * Whether Mission Control takes bundles (its service-enabled check and ping, spec 001 section
   * 7); absent until first asked, so logs from before the check replay to the same state.
   */
  readonly missionControl?: {
    readonly status: 'checking' | 'available' | 'unavailable'
    readonly requestId: string
  }
  /** Release-bundle retention (spec 001 "Retention status"). */
  readonly retention: {
    readonly status: 'idle' | 'loading' | 'enabled' | 'disabled'
    readonly requestId: string
    readonly failed: boolean
  }
}

// The initial state lives in a module of its own: the browser's entry needs it, not the rest.
