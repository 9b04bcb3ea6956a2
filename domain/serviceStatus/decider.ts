import { left, right, type Either } from 'fp-ts/Either'
import type { EventMeta, SliceArea } from '../shared/area'
import type { SessionEvent } from '../session/events'
import type { NotificationsCommand } from '../notifications'
import type { ServiceStatusCommand } from './commands'
import {
  NodeRemovalRequested,
  TopologyRequested,
  serviceStatusEvents,
  type ServiceStatusEvent,
} from './events'
import { decideLogViewer, evolveLogViewer } from './logViewer'
import { usesHighAvailability } from './logTail'
import { MAX_NODES, type ServiceStatusState, type TopologyNode } from './types'
import { initialServiceStatusState } from './initial'
import { serviceStatusCommandCodecs } from './commandCodecs.gen'

const nodesOf = (slice: ServiceStatusState): ReadonlyArray<TopologyNode> =>
  slice.topology.status === 'idle' ? [] : slice.topology.nodes

function evolve(
  slice: ServiceStatusState,
  event: ServiceStatusEvent | SessionEvent,
  meta: EventMeta,
): ServiceStatusState {
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
        topology: {
          status: 'loaded',
          nodes: event.data.nodes.slice(0, MAX_NODES),
          loadedAt: event.data.recordedAt ?? meta.at,
        },
      }
    case 'serviceStatus/TopologyLoadFailed':
      if (slice.topology.status !== 'loading' || slice.topology.requestId !== event.data.requestId)
        return slice
      return { ...slice, topology: { status: 'failed', failure: event.data.failure, nodes: nodesOf(slice) } }
    case 'serviceStatus/NodeRemovalRequested':
      return { ...slice, removal: { status: 'pending', ...event.data } }
    case 'serviceStatus/NodeRemoved': {
      if (slice.removal?.status !== 'pending' || slice.removal.requestId !== event.data.requestId)
        return slice
      const { removal: _done, ...rest } = slice
      const { serviceId, nodeId } = event.data
      const gone = (n: TopologyNode) => n.serviceId === serviceId && n.nodeId === nodeId
      // The node leaves the list at once; the reload that follows shows what the platform says.
      return slice.topology.status === 'idle'
        ? rest
        : { ...rest, topology: { ...slice.topology, nodes: slice.topology.nodes.filter((n) => !gone(n)) } }
    }
    case 'serviceStatus/NodeRemovalFailed': {
      if (slice.removal?.status !== 'pending' || slice.removal.requestId !== event.data.requestId)
        return slice
      const { serviceId, nodeId, failure } = event.data
      return { ...slice, removal: { status: 'failed', serviceId, nodeId, failure } }
    }
    case 'session/SignedOut':
      return initialServiceStatusState
    default:
      return slice
  }
}

/** Removal needs a node the page lists, and one removal at a time. */
function decideRemoval(
  command: Extract<ServiceStatusCommand, { type: 'serviceStatus/RemoveNode' }>,
  slice: ServiceStatusState,
  id: string,
): Either<string, ReadonlyArray<ServiceStatusEvent>> {
  if (slice.removal?.status === 'pending') return left('a node removal is already under way')
  const { serviceId, nodeId } = command
  if (!nodesOf(slice).some((n) => n.serviceId === serviceId && n.nodeId === nodeId))
    return left(`no node ${nodeId} of ${serviceId} is listed`)
  return right([NodeRemovalRequested({ requestId: id, serviceId, nodeId })])
}

/** The events after which the log viewer may have a node whose files are to be loaded. */
const LOG_NODE_CHOICES: ReadonlyArray<string> = [
  'serviceStatus/LogNodesLoaded',
  'serviceStatus/LogProductChosen',
  'serviceStatus/LogNodeChosen',
]

/** The commands the area's policies ask for. */
type Asked = ServiceStatusCommand | NotificationsCommand

/** What the area reads of the rest of the state: whether the platform runs several nodes. */
export interface ServiceStatusContext {
  readonly highAvailability: boolean
}

/** The slice the context is read from: the app's state is one. */
export interface ServiceStatusSlices {
  readonly platform: { readonly footer: { readonly licenseType: string } | null }
}

export const serviceStatusArea: SliceArea<
  'serviceStatus',
  ServiceStatusState,
  ServiceStatusCommand,
  ServiceStatusEvent,
  ServiceStatusContext,
  Asked,
  ServiceStatusSlices
> = {
  key: 'serviceStatus',
  commands: serviceStatusCommandCodecs,
  initialState: initialServiceStatusState,
  events: serviceStatusEvents,
  contextOf: (state) => ({ highAvailability: usesHighAvailability(state.platform.footer?.licenseType) }),
  decide: (command, slice, { highAvailability }, meta) =>
    command.type === 'serviceStatus/LoadTopology'
      ? right([TopologyRequested({ requestId: meta.id })])
      : command.type === 'serviceStatus/RemoveNode'
        ? decideRemoval(command, slice, meta.id)
        : decideLogViewer(command, slice.logViewer, meta, highAvailability),
  evolve,
  evolvesOn: ['session/SignedOut'],
  // A removed node: the status is fetched again (spec 001 section 7) and the user told. A node
  // chosen (by the user, or as the first of the nodes' answer) has its log files asked for.
  policies: (envelope): ReadonlyArray<Asked> =>
    LOG_NODE_CHOICES.includes(envelope.event.type)
      ? [{ type: 'serviceStatus/LoadLogFiles' }]
      : envelope.event.type === 'serviceStatus/NodeRemoved'
        ? [
            { type: 'serviceStatus/LoadTopology' },
            {
              type: 'notifications/Show',
              kind: 'success',
              message: {
                key: 'nodeRemoved',
                nodeId: envelope.event.data.nodeId,
                serviceId: envelope.event.data.serviceId,
              },
            },
          ]
        : [],
}
