import type { Failure } from '../shared/failure'
import type { LogTail } from './logTail'
import type { LogView } from './logLines'

/** One node of one service, as the platform reports it (`/system/status/ha`). */
export interface TopologyNode {
  readonly serviceId: string
  readonly nodeId: string
  readonly serviceType: string
  readonly status: 'Online' | 'Offline'
  readonly state: string
  /** ISO instants: the last heartbeat, and when the node started (the view humanises the difference). */
  readonly lastHeartbeat: string
  readonly uptime: string
  readonly microServices: ReadonlyArray<string>
}

/** One node's state, as the per-node status of high-availability licences reports it (`/system/status/nodes`). */
export interface NodeState {
  readonly serviceId: string
  readonly nodeId: string
  /** `HEALTHY` for a node that serves. */
  readonly state: string
}

export type TopologyState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly requestId: string; readonly nodes: ReadonlyArray<TopologyNode> }
  | { readonly status: 'loaded'; readonly nodes: ReadonlyArray<TopologyNode>; readonly loadedAt: string }
  | { readonly status: 'failed'; readonly failure: Failure; readonly nodes: ReadonlyArray<TopologyNode> }

/** A node removal: under way, or refused (the platform's failure, kept until the next one). */
export type NodeRemoval =
  | {
      readonly status: 'pending'
      readonly requestId: string
      readonly serviceId: string
      readonly nodeId: string
    }
  | {
      readonly status: 'failed'
      readonly serviceId: string
      readonly nodeId: string
      readonly failure: Failure
    }

export interface ServiceStatusState {
  readonly topology: TopologyState
  readonly logViewer: LogViewerState
  /** Absent until a node is removed, so the state (and kept logs' hashes) is as it was without it. */
  readonly removal?: NodeRemoval
}

/** At most this many nodes are kept in state (a platform has far fewer). */
export const MAX_NODES = 500

/** A node that runs a log product, as the log viewer lists it. */
export interface LogNode {
  readonly product: string
  readonly nodeId: string
}

/** Something the log viewer loads: not asked yet, under way, there, or failed. */
export type LogLoad<A> =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'loaded'; readonly value: A }
  | { readonly status: 'failed'; readonly failure: Failure }

export interface LogFiles {
  readonly files: ReadonlyArray<string>
  readonly refreshRateSecs: number
}

/** The live log viewer (spec 001 "Log viewer state"). */
export interface LogViewerState {
  /** The page is shown; polling runs only while it is open, visible and not paused. */
  readonly open: boolean
  readonly visible: boolean
  readonly paused: boolean
  /**
   * Id of the current choice of product, node and file: every change makes a new one, and an
   * answer for an older choice is ignored.
   */
  readonly selection: string
  readonly nodes: LogLoad<ReadonlyArray<LogNode>>
  readonly product: string
  readonly node: string | null
  readonly files: LogLoad<LogFiles>
  readonly file: string | null
  readonly tail: LogTail
  /** The last data answer's failure, cleared by the next answer. */
  readonly tailFailure: Failure | null
  /** The file's last modification (ISO), as the platform reported it. */
  readonly lastUpdate: string | null
  /** Bumped by "refresh now": the poll starts again at once. */
  readonly refreshes: number
  /**
   * A service change was flagged: only then is a product change accepted (spec 001 §4).
   * Absent rather than false, so the state (and its hash in kept logs) is as it was without it.
   */
  readonly serviceChanged?: true
  /** Levels, search and wrapping chosen; absent while they are the default (as `serviceChanged`). */
  readonly view?: LogView
}

// The initial state lives in a module of its own: the browser's entry needs it, not the rest.
