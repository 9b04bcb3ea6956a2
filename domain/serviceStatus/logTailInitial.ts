/** The log viewer's starting values: a module of their own so the browser's entry needs only them. */

/** The viewer opens on Artifactory, and a reset restores it. */
export const DEFAULT_LOG_PRODUCT = 'jfrt'

/** Where a tailed file stands: the complete lines kept, the unfinished last line, the next offset. */
export interface LogTail {
  readonly lines: ReadonlyArray<string>
  /** Text after the last newline: a line still being written, completed by a later chunk. */
  readonly partial: string
  /** Bytes read so far: the `file_size` of the next data call. */
  readonly offset: number
  /** Complete lines dropped from the front to respect MAX_LOG_LINES (logTail.ts). */
  readonly dropped: number
  /** How often the file started again from the beginning (rotation). */
  readonly restarts: number
}

export const emptyLogTail: LogTail = { lines: [], partial: '', offset: 0, dropped: 0, restarts: 0 }
