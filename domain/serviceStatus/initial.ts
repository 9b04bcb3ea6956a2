/** The serviceStatus area's initial state (the browser loads the area's code later; see commands/browserApp.ts). */
import type { LogViewerState, ServiceStatusState } from './types'
import { DEFAULT_LOG_PRODUCT, emptyLogTail } from './logTailInitial'

export const initialLogViewerState: LogViewerState = {
  open: false,
  visible: true,
  paused: false,
  selection: '',
  nodes: { status: 'idle' },
  product: DEFAULT_LOG_PRODUCT,
  node: null,
  files: { status: 'idle' },
  file: null,
  tail: emptyLogTail,
  tailFailure: null,
  lastUpdate: null,
  refreshes: 0,
}

export const initialServiceStatusState: ServiceStatusState = {
  topology: { status: 'idle' },
  logViewer: initialLogViewerState,
}
