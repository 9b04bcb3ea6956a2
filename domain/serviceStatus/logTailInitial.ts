/** The log viewer's starting values: a module of their own so the browser's entry needs only them. */
import type { LogTail } from './logTail'

/** The viewer opens on Artifactory, and a reset restores it. */
export const DEFAULT_LOG_PRODUCT = 'jfrt'

export const emptyLogTail: LogTail = { lines: [], partial: '', offset: 0, dropped: 0, restarts: 0 }
