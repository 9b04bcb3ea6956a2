import * as t from 'io-ts'
import { defineEvent, movesRecordedTime, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { LogViewC } from './logLines'

export const TopologyNodeC = t.type({
  serviceId: t.string,
  nodeId: t.string,
  serviceType: t.string,
  status: t.keyof({ Online: null, Offline: null }),
  state: t.string,
  lastHeartbeat: t.string,
  uptime: t.string,
  microServices: t.array(t.string),
})

export const TopologyRequested = defineEvent(
  'serviceStatus/TopologyRequested',
  t.type({ requestId: t.string }),
)
/** Loaded at its envelope's time; v1 carried that time as `at`, kept as `recordedAt` (movesRecordedTime). */
export const TopologyLoaded = defineEvent(
  'serviceStatus/TopologyLoaded',
  t.intersection([
    t.type({ requestId: t.string, nodes: t.array(TopologyNodeC) }),
    t.partial({ recordedAt: t.string }),
  ]),
  { v: 2, upcasters: { 1: movesRecordedTime('at', 'recordedAt') } },
)
export const TopologyLoadFailed = defineEvent(
  'serviceStatus/TopologyLoadFailed',
  t.type({ requestId: t.string, failure: Failure }),
)

const NodeRef = { requestId: t.string, serviceId: t.string, nodeId: t.string }
export const NodeRemovalRequested = defineEvent('serviceStatus/NodeRemovalRequested', t.type(NodeRef))
export const NodeRemoved = defineEvent('serviceStatus/NodeRemoved', t.type(NodeRef))
export const NodeRemovalFailed = defineEvent(
  'serviceStatus/NodeRemovalFailed',
  t.type({ ...NodeRef, failure: Failure }),
)

// --- the live log viewer ---------------------------------------------------------------
// `selection` ties an answer to the choice of product, node and file it was asked for.

/**
 * The log viewer opened; a high-availability platform lists its nodes from their states, another
 * from its topology. v1 did not say (its effect read the licence from the state): its effects ran
 * when it was written, and replay runs none.
 */
export const LogViewerOpened = defineEvent(
  'serviceStatus/LogViewerOpened',
  t.type({ selection: t.string, highAvailability: t.boolean }),
  { v: 2, upcasters: { 1: (data) => ({ ...(data as Record<string, unknown>), highAvailability: false }) } },
)
/** Leaving the page resets the viewer: lists cleared, Artifactory chosen again. */
export const LogViewerClosed = defineEvent('serviceStatus/LogViewerClosed', t.type({}))
export const LogNodesLoaded = defineEvent(
  'serviceStatus/LogNodesLoaded',
  t.type({ selection: t.string, nodes: t.array(t.type({ product: t.string, nodeId: t.string })) }),
)
export const LogNodesLoadFailed = defineEvent(
  'serviceStatus/LogNodesLoadFailed',
  t.type({ selection: t.string, failure: Failure }),
)
export const LogProductChosen = defineEvent(
  'serviceStatus/LogProductChosen',
  t.type({ selection: t.string, product: t.string }),
)
export const LogServiceChangeFlagged = defineEvent('serviceStatus/LogServiceChangeFlagged', t.type({}))
export const LogNodeChosen = defineEvent(
  'serviceStatus/LogNodeChosen',
  t.type({ selection: t.string, nodeId: t.string }),
)
/** The chosen node's log files are asked for (what the viewer's fold left loading). */
export const LogFilesRequested = defineEvent(
  'serviceStatus/LogFilesRequested',
  t.type({ selection: t.string, product: t.string, node: t.string }),
)
export const LogFilesLoaded = defineEvent(
  'serviceStatus/LogFilesLoaded',
  t.type({ selection: t.string, files: t.array(t.string), refreshRateSecs: t.number }),
)
export const LogFilesLoadFailed = defineEvent(
  'serviceStatus/LogFilesLoadFailed',
  t.type({ selection: t.string, failure: Failure }),
)
export const LogFileChosen = defineEvent(
  'serviceStatus/LogFileChosen',
  t.type({ selection: t.string, file: t.string }),
)
/** What the file gained after `from` bytes; `fileSize` is where to read from next. */
export const LogChunkReceived = defineEvent(
  'serviceStatus/LogChunkReceived',
  t.type({
    selection: t.string,
    from: t.number,
    content: t.string,
    fileSize: t.number,
    lastUpdate: t.string,
  }),
)
export const LogChunkFailed = defineEvent(
  'serviceStatus/LogChunkFailed',
  t.type({ selection: t.string, failure: Failure }),
)
export const LogPaused = defineEvent('serviceStatus/LogPaused', t.type({}))
export const LogResumed = defineEvent('serviceStatus/LogResumed', t.type({}))
export const LogRefreshRequested = defineEvent('serviceStatus/LogRefreshRequested', t.type({}))
export const LogVisibilityChanged = defineEvent(
  'serviceStatus/LogVisibilityChanged',
  t.type({ visible: t.boolean }),
)

/** The viewer's level filter, search or wrapping changed (facts of how the log is shown). */
export const LogViewChanged = defineEvent('serviceStatus/LogViewChanged', t.type({ view: LogViewC }))

export const serviceStatusEvents = [
  TopologyRequested,
  TopologyLoaded,
  TopologyLoadFailed,
  NodeRemovalRequested,
  NodeRemoved,
  NodeRemovalFailed,
  LogViewerOpened,
  LogViewerClosed,
  LogNodesLoaded,
  LogNodesLoadFailed,
  LogProductChosen,
  LogServiceChangeFlagged,
  LogNodeChosen,
  LogFilesRequested,
  LogFilesLoaded,
  LogFilesLoadFailed,
  LogFileChosen,
  LogChunkReceived,
  LogChunkFailed,
  LogPaused,
  LogResumed,
  LogRefreshRequested,
  LogVisibilityChanged,
  LogViewChanged,
] as const

export type ServiceStatusEvent = EventOf<(typeof serviceStatusEvents)[number]>
