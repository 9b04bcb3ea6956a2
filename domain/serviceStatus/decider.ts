import { right } from 'fp-ts/Either'
import type { AppArea, AppEvent } from '../app'
import { TopologyRequested, serviceStatusEvents, type ServiceStatusEvent } from './events'
import { decideLogViewer, evolveLogViewer } from './logViewer'
import { initialServiceStatusState, MAX_NODES, type ServiceStatusState, type TopologyNode } from './types'

const nodesOf = (slice: ServiceStatusState): ReadonlyArray<TopologyNode> =>
  slice.topology.status === 'idle' ? [] : slice.topology.nodes

function evolve(slice: ServiceStatusState, event: AppEvent): ServiceStatusState {
  if (event.type.startsWith('serviceStatus/Log')) {
    const logViewer = evolveLogViewer(slice.logViewer, event as ServiceStatusEvent)
    return logViewer === slice.logViewer ? slice : { ...slice, logViewer }
  }
  switch (event.type) {
    case 'serviceStatus/TopologyRequested':
      return {
        ...slice,
        topology: { status: 'loading', requestId: event.data.requestId, nodes: nodesOf(slice) },
      }
    case 'serviceStatus/TopologyLoaded':
      // Only the answer to the latest request counts.
      if (slice.topology.status !== 'loading' || slice.topology.requestId !== event.data.requestId)
        return slice
      return {
        ...slice,
        topology: { status: 'loaded', nodes: event.data.nodes.slice(0, MAX_NODES), loadedAt: event.data.at },
      }
    case 'serviceStatus/TopologyLoadFailed':
      if (slice.topology.status !== 'loading' || slice.topology.requestId !== event.data.requestId)
        return slice
      return { ...slice, topology: { status: 'failed', failure: event.data.failure, nodes: nodesOf(slice) } }
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
  decide: (command, state, meta) =>
    command.type === 'serviceStatus/LoadTopology'
      ? right([TopologyRequested({ requestId: meta.id })])
      : decideLogViewer(command, state.serviceStatus.logViewer, meta),
  evolve,
}
