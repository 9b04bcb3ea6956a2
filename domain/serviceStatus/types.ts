import type { Failure } from '../shared/failure'

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

export type TopologyState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly requestId: string; readonly nodes: ReadonlyArray<TopologyNode> }
  | { readonly status: 'loaded'; readonly nodes: ReadonlyArray<TopologyNode>; readonly loadedAt: string }
  | { readonly status: 'failed'; readonly failure: Failure; readonly nodes: ReadonlyArray<TopologyNode> }

export interface ServiceStatusState {
  readonly topology: TopologyState
}

export const initialServiceStatusState: ServiceStatusState = { topology: { status: 'idle' } }

/** At most this many nodes are kept in state (a platform has far fewer). */
export const MAX_NODES = 500
