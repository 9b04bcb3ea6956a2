import {
  defer,
  distinctUntilChanged,
  EMPTY,
  expand,
  map,
  mergeMap,
  repeat,
  switchMap,
  timer,
  type Observable,
} from 'rxjs'
import { isLeft, map as mapRight } from 'fp-ts/Either'
import type { Ports } from '../../adapters/ports'
import type { TopologyNode } from '../../domain/serviceStatus/types'
import {
  LogChunkFailed,
  LogFilesLoadFailed,
  LogFilesLoaded,
  LogNodesLoadFailed,
  LogNodesLoaded,
  NodeRemovalFailed,
  NodeRemoved,
  TopologyLoadFailed,
  TopologyLoaded,
} from '../../domain/serviceStatus/events'
import {
  DEFAULT_LOG_REFRESH_SECS,
  isLogLive,
  logNodesFromStates,
  logProductOf,
  logRefreshSecs,
} from '../../domain/serviceStatus'
import {
  askedUncaused,
  type Effect,
  type EffectOutput,
  type EffectTable,
  type StateObservable,
} from './types'
import { abortable, ofType, request, settle } from './operators'

/** Loads the topology; a newer request supersedes an older one (switchMap). */
const loadTopology: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('serviceStatus/TopologyRequested'),
    switchMap((envelope) => {
      const { requestId } = envelope.event.data
      return request(envelope, () => ports.serviceStatusApi.topology(), {
        done: (nodes) =>
          TopologyLoaded({
            requestId,
            nodes: nodes.map((n) => ({ ...n, microServices: [...n.microServices] })),
          }),
        failed: (failure) => TopologyLoadFailed({ requestId, failure }),
      })
    }),
  )

/** Removes a node; the area's policy then loads the status again. */
const removeNode: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('serviceStatus/NodeRemovalRequested'),
    mergeMap((envelope) => {
      const ref = envelope.event.data
      return request(envelope, () => ports.serviceStatusApi.removeNode(ref.serviceId, ref.nodeId), {
        done: () => NodeRemoved(ref),
        failed: (failure) => NodeRemovalFailed({ ...ref, failure }),
      })
    }),
  )

// The log viewer lists the Online nodes of each log product (spec 001 section 7: only Online kept).
const logNodes = (nodes: ReadonlyArray<TopologyNode>) =>
  nodes.flatMap((n) => {
    const product = n.status === 'Online' ? logProductOf(n.serviceId) : undefined
    return product === undefined ? [] : [{ product, nodeId: n.nodeId }]
  })

/**
 * The log viewer's nodes: from the per-node status for a high-availability licence, from the
 * service status otherwise (spec 001 section 7).
 */
async function readLogNodes(ports: Ports, highAvailability: boolean) {
  if (!highAvailability) return mapRight(logNodes)(await settle(() => ports.serviceStatusApi.topology()))
  return mapRight(logNodesFromStates)(await settle(() => ports.serviceStatusApi.nodeStates()))
}

/** Opening the log viewer loads the nodes of every product. */
const loadLogNodes: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType('serviceStatus/LogViewerOpened', 'serviceStatus/LogViewerClosed'),
    switchMap((envelope) => {
      if (envelope.event.type !== 'serviceStatus/LogViewerOpened') return EMPTY
      const { selection, highAvailability } = envelope.event.data
      return request(envelope, () => readLogNodes(ports, highAvailability), {
        done: (nodes) => LogNodesLoaded({ selection, nodes: [...nodes] }),
        failed: (failure) => LogNodesLoadFailed({ selection, failure }),
      })
    }),
  )

/**
 * Loads the log files the decider asked for; a newer choice of product or node, or leaving the
 * viewer, cancels the older call.
 */
const loadLogFiles: Effect = (events$, _state$, ports) =>
  events$.pipe(
    ofType(
      'serviceStatus/LogFilesRequested',
      'serviceStatus/LogNodesLoaded',
      'serviceStatus/LogProductChosen',
      'serviceStatus/LogNodeChosen',
      'serviceStatus/LogViewerClosed',
    ),
    switchMap((envelope) => {
      if (envelope.event.type !== 'serviceStatus/LogFilesRequested') return EMPTY
      const { selection, product, node } = envelope.event.data
      return request(envelope, () => ports.serviceStatusApi.logFiles(product, node), {
        done: ({ files, refreshRateSecs }) =>
          LogFilesLoaded({ selection, files: [...files], refreshRateSecs }),
        failed: (failure) => LogFilesLoadFailed({ selection, failure }),
      })
    }),
  )

/**
 * An answer this long may have been cut at the server's 256 KB limit: ask again at once from
 * its end instead of waiting a whole interval (opening a large file, or a burst of lines).
 */
const CATCH_UP_CHARS = 64 * 1024

function readFrom(
  ports: Ports,
  selection: string,
  query: Omit<Parameters<Ports['serviceStatusApi']['logData']>[0], 'fileSize'>,
  offset: number,
  reached: (offset: number) => void,
): Observable<EffectOutput> {
  const once = (fileSize: number) =>
    abortable(() => ports.serviceStatusApi.logData({ ...query, fileSize })).pipe(
      map((answer) => ({ fileSize, answer })),
    )
  return once(offset).pipe(
    expand(({ answer }) =>
      !isLeft(answer) && answer.right.content.length >= CATCH_UP_CHARS && answer.right.fileSize > 0
        ? once(answer.right.fileSize)
        : EMPTY,
    ),
    // The decider records an answer only when it says something (logChunkNews).
    map(({ fileSize, answer }) => {
      if (isLeft(answer)) return LogChunkFailed({ selection, failure: answer.left })
      // Where the decider's fold puts the tail's offset after this answer (applyLogChunk).
      if (answer.right.fileSize >= 0) reached(answer.right.fileSize)
      return askedUncaused({
        type: 'serviceStatus/TakeLogChunk',
        selection,
        from: fileSize,
        content: answer.right.content,
        fileSize: answer.right.fileSize,
        lastUpdate: answer.right.lastUpdate,
      })
    }),
  )
}

/**
 * Tails the chosen file while the viewer is live (open, visible, not paused): at once, then a
 * refresh interval after each answer, each time from the offset reached so far (where the
 * poll started, then where each answer ended), so only new text comes and polls never overlap.
 * Leaving, hiding or pausing the page ends the poll (switchMap to nothing); a new choice or
 * "refresh now" starts it again at once.
 */
const tailLog: Effect = (_events$, state$: StateObservable, ports) =>
  state$.pipe(
    map((state) => {
      const s = state.serviceStatus.logViewer
      if (!isLogLive(s) || s.node === null || s.file === null) return null
      return {
        key: `${s.selection}|${s.refreshes}`,
        selection: s.selection,
        query: { product: s.product, nodeId: s.node, file: s.file },
        periodMs: logRefreshSecs(s, DEFAULT_LOG_REFRESH_SECS) * 1000,
        offset: s.tail.offset,
      }
    }),
    distinctUntilChanged((a, b) => a?.key === b?.key && a?.periodMs === b?.periodMs),
    switchMap((live) => {
      if (live === null) return EMPTY
      let offset = live.offset
      return defer(() => readFrom(ports, live.selection, live.query, offset, (next) => (offset = next))).pipe(
        repeat({ delay: () => timer(live.periodMs, ports.scheduler) }),
      )
    }),
  )

export const serviceStatusEffects: EffectTable = {
  loadTopology,
  removeNode,
  loadLogNodes,
  loadLogFiles,
  tailLog,
}
