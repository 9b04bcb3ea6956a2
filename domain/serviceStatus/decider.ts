import { right } from 'fp-ts/Either'
import type { AppArea, AppEvent } from '../app'
import { TopologyRequested, serviceStatusEvents } from './events'
import { initialServiceStatusState, MAX_NODES, type ServiceStatusState, type TopologyNode } from './types'

const nodesOf = (slice: ServiceStatusState): ReadonlyArray<TopologyNode> =>
  slice.topology.status === 'idle' ? [] : slice.topology.nodes

function evolve(slice: ServiceStatusState, event: AppEvent): ServiceStatusState {
  switch (event.type) {
    case 'serviceStatus/TopologyRequested':
      return { topology: { status: 'loading', requestId: event.data.requestId, nodes: nodesOf(slice) } }
    case 'serviceStatus/TopologyLoaded':
      // Only the answer to the latest request counts.
      if (slice.topology.status !== 'loading' || slice.topology.requestId !== event.data.requestId)
        return slice
      return {
        topology: { status: 'loaded', nodes: event.data.nodes.slice(0, MAX_NODES), loadedAt: event.data.at },
      }
    case 'serviceStatus/TopologyLoadFailed':
      if (slice.topology.status !== 'loading' || slice.topology.requestId !== event.data.requestId)
        return slice
      return { topology: { status: 'failed', failure: event.data.failure, nodes: nodesOf(slice) } }
    case 'session/SignedOut':
      return initialServiceStatusState
    default:
      return slice
  }
}

export const serviceStatusArea: AppArea<'serviceStatus'> = {
  key: 'serviceStatus',
  initialState: initialServiceStatusState,
  events: serviceStatusEvents,
  decide: (command, _state, meta) => {
    switch (command.type) {
      case 'serviceStatus/LoadTopology':
        return right([TopologyRequested({ requestId: meta.id })])
    }
  },
  evolve,
}
