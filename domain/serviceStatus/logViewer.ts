/**
 * The live log viewer's decisions and fold: choosing a product, node and file, tailing the
 * file by byte offset, pause/resume, refresh now, and stopping when the page is left.
 */
import { left, right, type Either } from 'fp-ts/Either'
import type { CommandMeta } from '../shared/area'
import type { EventOf } from '../shared/events'
import type { ServiceStatusCommand } from './commands'
import {
  LogChunkReceived,
  LogFileChosen,
  LogFilesRequested,
  LogNodeChosen,
  LogServiceChangeFlagged,
  LogPaused,
  LogProductChosen,
  LogRefreshRequested,
  LogResumed,
  LogViewerClosed,
  LogViewerOpened,
  LogViewChanged,
  LogVisibilityChanged,
  type ServiceStatusEvent,
} from './events'
import { availableLogProducts, applyLogChunk, DEFAULT_LOG_PRODUCT, emptyLogTail, logNodesOf } from './logTail'
import { MAX_NODES, type LogNode, type LogViewerState } from './types'
import { initialLogViewerState } from './initial'
import { defaultLogView, LOG_LEVELS, MAX_LOG_SEARCH, type LogView } from './logLines'

/** A node has a handful of log files; more than this are not listed. */
const MAX_LOG_FILES = 200

const nodesOf = (s: LogViewerState): ReadonlyArray<LogNode> =>
  s.nodes.status === 'loaded' ? s.nodes.value : []
const filesOf = (s: LogViewerState): ReadonlyArray<string> =>
  s.files.status === 'loaded' ? s.files.value.files : []

/**
 * Whether an answer of the tail says anything: an idle file's empty answer, with nothing to
 * clear, records no event (an open viewer would otherwise fill the session log), nor does an
 * answer for a viewer closed or moved to another file since it was asked.
 */
export function logChunkNews(s: LogViewerState, chunk: EventOf<typeof LogChunkReceived>['data']): boolean {
  if (!s.open || chunk.selection !== s.selection) return false
  return !(
    chunk.content === '' &&
    chunk.fileSize === chunk.from &&
    s.tailFailure === null &&
    s.lastUpdate === chunk.lastUpdate
  )
}

type LogCommand = Exclude<
  ServiceStatusCommand,
  { type: 'serviceStatus/LoadTopology' } | { type: 'serviceStatus/RemoveNode' }
>

export function decideLogViewer(
  command: LogCommand,
  s: LogViewerState,
  meta: CommandMeta,
  highAvailability = false,
): Either<string, ReadonlyArray<ServiceStatusEvent>> {
  if (command.type === 'serviceStatus/OpenLogViewer')
    return right([LogViewerOpened({ selection: meta.id, highAvailability })])
  if (command.type === 'serviceStatus/TakeLogChunk') {
    const { type: _type, ...chunk } = command
    return right(logChunkNews(s, chunk) ? [LogChunkReceived(chunk)] : [])
  }
  if (!s.open) return left('the log viewer is not open')
  switch (command.type) {
    case 'serviceStatus/CloseLogViewer':
      return right([LogViewerClosed({})])
    case 'serviceStatus/FlagLogServiceChange':
      return s.serviceChanged === true ? right([]) : right([LogServiceChangeFlagged({})])
    case 'serviceStatus/ChooseLogProduct':
      if (command.product === s.product) return right([])
      if (s.serviceChanged !== true) return left('a product change needs a flagged service change')
      if (!availableLogProducts(nodesOf(s)).some((p) => p.key === command.product))
        return left(`no node runs the product ${command.product}`)
      return right([LogProductChosen({ selection: meta.id, product: command.product })])
    case 'serviceStatus/ChooseLogNode':
      if (command.nodeId === s.node) return right([])
      if (!logNodesOf(nodesOf(s), s.product).includes(command.nodeId))
        return left(`${command.nodeId} does not run this product`)
      return right([LogNodeChosen({ selection: meta.id, nodeId: command.nodeId })])
    case 'serviceStatus/LoadLogFiles':
      return s.files.status === 'loading' && s.node !== null
        ? right([LogFilesRequested({ selection: s.selection, product: s.product, node: s.node })])
        : right([])
    case 'serviceStatus/ChooseLogFile':
      if (command.file === s.file) return right([])
      if (!filesOf(s).includes(command.file)) return left(`${command.file} is not a log file of this node`)
      return right([LogFileChosen({ selection: meta.id, file: command.file })])
    case 'serviceStatus/PauseLog':
      return s.paused ? left('the log is already paused') : right([LogPaused({})])
    case 'serviceStatus/ResumeLog':
      return s.paused ? right([LogResumed({})]) : left('the log is not paused')
    case 'serviceStatus/RefreshLogNow':
      return s.file === null ? left('no log file is chosen') : right([LogRefreshRequested({})])
    case 'serviceStatus/SetLogView': {
      const { view } = command
      if (view.search.length > MAX_LOG_SEARCH) return left(`a search is at most ${MAX_LOG_SEARCH} characters`)
      const levels = LOG_LEVELS.filter((l) => view.levels.includes(l))
      const next = { levels, search: view.search, wrap: view.wrap }
      return sameView(next, s.view ?? defaultLogView) ? right([]) : right([LogViewChanged({ view: next })])
    }
    case 'serviceStatus/SetLogVisibility':
      return command.visible === s.visible
        ? right([])
        : right([LogVisibilityChanged({ visible: command.visible })])
  }
}

const sameView = (a: LogView, b: LogView) =>
  a.search === b.search && a.wrap === b.wrap && a.levels.join() === b.levels.join()

/** The flag is spent by the product change it allowed. */
function withoutServiceChange(s: LogViewerState): LogViewerState {
  const { serviceChanged: _spent, ...rest } = s
  return rest
}

/** A new choice of node: its files are asked for, the tail starts empty. */
function withNode(s: LogViewerState, selection: string, node: string | null): LogViewerState {
  return {
    ...s,
    selection,
    node,
    files: node === null ? { status: 'idle' } : { status: 'loading' },
    file: null,
    tail: emptyLogTail,
    tailFailure: null,
    lastUpdate: null,
  }
}

export function evolveLogViewer(s: LogViewerState, event: ServiceStatusEvent): LogViewerState {
  switch (event.type) {
    case 'serviceStatus/LogViewerOpened':
      return {
        ...initialLogViewerState,
        open: true,
        selection: event.data.selection,
        nodes: { status: 'loading' },
      }
    case 'serviceStatus/LogViewerClosed':
      return initialLogViewerState
    case 'serviceStatus/LogNodesLoaded': {
      if (!s.open || event.data.selection !== s.selection) return s
      const nodes = event.data.nodes.slice(0, MAX_NODES)
      const products = availableLogProducts(nodes)
      const product = products.some((p) => p.key === s.product)
        ? s.product
        : (products[0]?.key ?? DEFAULT_LOG_PRODUCT)
      const next = { ...s, nodes: { status: 'loaded' as const, value: nodes }, product }
      return withNode(next, s.selection, logNodesOf(nodes, product)[0] ?? null)
    }
    case 'serviceStatus/LogNodesLoadFailed':
      if (!s.open || event.data.selection !== s.selection) return s
      return { ...s, nodes: { status: 'failed', failure: event.data.failure } }
    case 'serviceStatus/LogServiceChangeFlagged':
      return s.open ? { ...s, serviceChanged: true } : s
    case 'serviceStatus/LogProductChosen':
      if (!s.open) return s
      return withNode(
        { ...withoutServiceChange(s), product: event.data.product },
        event.data.selection,
        logNodesOf(nodesOf(s), event.data.product)[0] ?? null,
      )
    case 'serviceStatus/LogNodeChosen':
      return s.open ? withNode(s, event.data.selection, event.data.nodeId) : s
    case 'serviceStatus/LogFilesLoaded': {
      if (!s.open || event.data.selection !== s.selection || s.files.status !== 'loading') return s
      const files = event.data.files.slice(0, MAX_LOG_FILES)
      return {
        ...s,
        files: { status: 'loaded', value: { files, refreshRateSecs: event.data.refreshRateSecs } },
        file: files[0] ?? null,
      }
    }
    case 'serviceStatus/LogFilesLoadFailed':
      if (!s.open || event.data.selection !== s.selection || s.files.status !== 'loading') return s
      return { ...s, files: { status: 'failed', failure: event.data.failure } }
    case 'serviceStatus/LogFileChosen':
      if (!s.open) return s
      return {
        ...s,
        selection: event.data.selection,
        file: event.data.file,
        tail: emptyLogTail,
        tailFailure: null,
        lastUpdate: null,
      }
    case 'serviceStatus/LogChunkReceived': {
      if (!s.open || event.data.selection !== s.selection) return s
      const tail = applyLogChunk(s.tail, event.data)
      if (tail === s.tail && s.tailFailure === null && s.lastUpdate === event.data.lastUpdate) return s
      return { ...s, tail, tailFailure: null, lastUpdate: event.data.lastUpdate }
    }
    case 'serviceStatus/LogChunkFailed':
      if (!s.open || event.data.selection !== s.selection) return s
      return { ...s, tailFailure: event.data.failure }
    case 'serviceStatus/LogPaused':
      return { ...s, paused: true }
    case 'serviceStatus/LogResumed':
      return { ...s, paused: false }
    case 'serviceStatus/LogRefreshRequested':
      return { ...s, refreshes: s.refreshes + 1 }
    case 'serviceStatus/LogVisibilityChanged':
      return { ...s, visible: event.data.visible }
    case 'serviceStatus/LogViewChanged': {
      if (!s.open) return s
      const { view: _was, ...rest } = s
      return sameView(event.data.view, defaultLogView) ? rest : { ...rest, view: event.data.view }
    }
    default:
      return s
  }
}

/** Whether the tail should be polled now: open, visible, not paused, with a file chosen. */
export function isLogLive(s: LogViewerState): boolean {
  return s.open && s.visible && !s.paused && s.file !== null && s.files.status === 'loaded'
}

/** Seconds between two polls: the platform's rate, within sane bounds. */
export function logRefreshSecs(s: LogViewerState, fallback: number): number {
  const rate = s.files.status === 'loaded' ? s.files.value.refreshRateSecs : fallback
  return Number.isFinite(rate) && rate >= 1 ? Math.min(rate, 3600) : fallback
}
