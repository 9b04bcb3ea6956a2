/**
 * A log line read into columns (time, level, node, message), and which lines the viewer shows
 * for its level filter and search. The platform writes two shapes: request lines
 * (`time|node|METHOD|path|status|duration`) and service lines (`time [node] [LEVEL] message`);
 * anything else is a message alone, shown as written.
 */
import * as t from 'io-ts'

export const LogLevelC = t.keyof({ ERROR: null, WARN: null, INFO: null, DEBUG: null })
export type LogLevel = t.TypeOf<typeof LogLevelC>
export const LOG_LEVELS: ReadonlyArray<LogLevel> = ['ERROR', 'WARN', 'INFO', 'DEBUG']

export interface LogLine {
  readonly time: string | null
  readonly level: LogLevel | null
  readonly node: string | null
  readonly message: string
  /** The line as written: what search matches and what a download holds. */
  readonly raw: string
}

/** How the viewer shows the log: the levels shown (none chosen: all), a search, long lines wrapped or cut. */
export const LogViewC = t.type({ levels: t.array(LogLevelC), search: t.string, wrap: t.boolean })
export type LogView = t.TypeOf<typeof LogViewC>
export const defaultLogView: LogView = { levels: [], search: '', wrap: true }

/** A search longer than this is refused: no log line is searched for a page of text. */
export const MAX_LOG_SEARCH = 200

const SERVICE_LINE = /^(\d{4}-\d{2}-\d{2}T\S+) \[([^\]]*)\] \[([A-Z]+)\] ?(.*)$/
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const LEVEL_ALIASES: Readonly<Record<string, LogLevel>> = {
  ERROR: 'ERROR',
  FATAL: 'ERROR',
  WARN: 'WARN',
  WARNING: 'WARN',
  INFO: 'INFO',
  DEBUG: 'DEBUG',
  TRACE: 'DEBUG',
}

/** A request's level by its status: server errors are errors, refusals warnings. */
function requestLevel(status: string): LogLevel {
  const code = Number(status)
  return code >= 500 ? 'ERROR' : code >= 400 ? 'WARN' : 'INFO'
}

export function parseLogLine(raw: string): LogLine {
  const service = SERVICE_LINE.exec(raw)
  if (service) {
    const [, time, node, level, message] = service as unknown as [string, string, string, string, string]
    return { time, node, level: LEVEL_ALIASES[level] ?? null, message, raw }
  }
  const fields = raw.split('|')
  if (fields.length === 6 && ISO_TIME.test(fields[0]!)) {
    const [time, node, method, path, status, duration] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
    ]
    return {
      time,
      node,
      level: requestLevel(status),
      message: `${method} ${path} ${status} ${duration}`,
      raw,
    }
  }
  return { time: null, level: null, node: null, message: raw, raw }
}

/**
 * The lines the view shows, oldest first: those of a chosen level (a line without a level only
 * when no level is chosen) that hold the search, in any case.
 */
export function shownLogLines(lines: ReadonlyArray<string>, view: LogView): ReadonlyArray<LogLine> {
  const levels = new Set(view.levels)
  const needle = view.search.trim().toLowerCase()
  const out: LogLine[] = []
  for (const raw of lines) {
    if (raw === '') continue
    if (needle !== '' && !raw.toLowerCase().includes(needle)) continue
    const line = parseLogLine(raw)
    if (levels.size > 0 && (line.level === null || !levels.has(line.level))) continue
    out.push(line)
  }
  return out
}

/** A text cut around each occurrence of the search (any case), for highlighting. */
export function searchParts(text: string, search: string): ReadonlyArray<{ text: string; match: boolean }> {
  const needle = search.trim().toLowerCase()
  if (needle === '') return [{ text, match: false }]
  const lower = text.toLowerCase()
  // A few characters change length in lower case: the offsets would not fit the text.
  if (lower.length !== text.length) return [{ text, match: lower.includes(needle) }]
  const parts: Array<{ text: string; match: boolean }> = []
  let at = 0
  for (let i = lower.indexOf(needle); i >= 0; i = lower.indexOf(needle, i + needle.length)) {
    if (i > at) parts.push({ text: text.slice(at, i), match: false })
    parts.push({ text: text.slice(i, i + needle.length), match: true })
    at = i + needle.length
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false })
  return parts
}
