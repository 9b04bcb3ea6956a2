/**
 * Pure rules of the live log viewer (spec 001 sections 2, 3, 4 and 9): the products whose
 * logs can be read, and how a tailed file grows by byte offset into a bounded list of lines.
 */

import { licenceKey } from '../shared/licence'
import { DEFAULT_LOG_PRODUCT, type LogTail } from './logTailInitial'

export { DEFAULT_LOG_PRODUCT, emptyLogTail, type LogTail } from './logTailInitial'

/** A product of the log viewer: its display name and its log key (spec 001 section 9). */
export interface LogProduct {
  readonly key: string
  readonly name: string
}

/** Log services and keys, in the specification's order. */
export const LOG_PRODUCTS: ReadonlyArray<LogProduct> = [
  { key: 'jfrt', name: 'Artifactory' },
  { key: 'jfmc', name: 'Mission Control' },
  { key: 'jfxr', name: 'Xray' },
  { key: 'jfds', name: 'Distribution' },
  { key: 'jfpip', name: 'Pipelines' },
  { key: 'jfisv', name: 'Insight' },
]

/** Used until the platform's log config names its own refresh rate. */
export const DEFAULT_LOG_REFRESH_SECS = 10

/**
 * Lines kept in memory per tailed file. One server answer holds at most 256 KB (about 3,000
 * request lines), so 5,000 lines always hold the latest answer in full plus recent context,
 * while the state (and the `<pre>` that renders it as one text node) stays around a megabyte
 * even for long lines. Older lines are dropped and counted.
 */
export const MAX_LOG_LINES = 5000

/** A line is cut to this many characters: a file without newlines cannot grow one line without bound. */
export const MAX_LOG_LINE_CHARS = 4096

const cut = (text: string): string =>
  text.length > MAX_LOG_LINE_CHARS ? text.slice(0, MAX_LOG_LINE_CHARS) : text

/**
 * Appends text to a tail's lines. Splitting a text into chunks in any way gives the same lines
 * as appending it at once: only newline-terminated text becomes a line, the rest waits in
 * `partial`. A CR before the newline is dropped (CRLF files).
 */
export function appendLogText(tail: LogTail, text: string, maxLines: number = MAX_LOG_LINES): LogTail {
  if (text === '') return tail
  const pieces = text.split('\n')
  const last = pieces.pop() ?? ''
  if (pieces.length === 0) return { ...tail, partial: cut(tail.partial + last) }
  const complete: string[] = []
  pieces.forEach((piece, i) => {
    const line = cut(i === 0 ? tail.partial + piece : piece)
    complete.push(line.endsWith('\r') ? line.slice(0, -1) : line)
  })
  const all = tail.lines.length === 0 ? complete : [...tail.lines, ...complete]
  const over = Math.max(0, all.length - Math.max(0, maxLines))
  return {
    ...tail,
    lines: over === 0 ? all : all.slice(over),
    partial: cut(last),
    dropped: tail.dropped + over,
  }
}

/** One answer of the log data call: the text written after `from`, and the offset to ask from next. */
export interface LogChunk {
  readonly from: number
  readonly content: string
  readonly fileSize: number
}

/**
 * Applies a data answer to a tail. An answer for another offset is stale (a later answer
 * already moved on) and changes nothing. An answer whose end lies before where it was asked
 * from means the file was rotated and read again from its start: the lines already shown stay,
 * the unfinished line of the old file is dropped, and the new text follows.
 */
export function applyLogChunk(tail: LogTail, chunk: LogChunk, maxLines: number = MAX_LOG_LINES): LogTail {
  if (chunk.from !== tail.offset || !(chunk.fileSize >= 0)) return tail
  if (chunk.fileSize < chunk.from) {
    const restarted = { ...tail, partial: '', restarts: tail.restarts + 1 }
    return { ...appendLogText(restarted, chunk.content, maxLines), offset: chunk.fileSize }
  }
  if (chunk.fileSize === tail.offset && chunk.content === '') return tail
  return { ...appendLogText(tail, chunk.content, maxLines), offset: chunk.fileSize }
}

/** The text the viewer shows: the kept lines, then the line still being written. */
export function logText(tail: LogTail): string {
  const body = tail.lines.join('\n')
  if (tail.partial === '') return body
  return body === '' ? tail.partial : `${body}\n${tail.partial}`
}

/** The viewer's lines: the kept ones, then the line still being written. */
export function logLinesOf(tail: LogTail): ReadonlyArray<string> {
  return tail.partial === '' ? tail.lines : [...tail.lines, tail.partial]
}

/** The log key of a service id (`jfrt@01…` → `jfrt`), when it is one of the log products. */
export function logProductOf(serviceId: string): string | undefined {
  const prefix = serviceId.split('@', 1)[0] ?? ''
  return LOG_PRODUCTS.find((p) => p.key === prefix)?.key
}

/** Products that have at least one node, in the specification's order; Artifactory when none has. */
export function availableLogProducts(
  nodes: ReadonlyArray<{ readonly product: string }>,
): ReadonlyArray<LogProduct> {
  const present = LOG_PRODUCTS.filter((p) => nodes.some((n) => n.product === p.key))
  return present.length > 0 ? present : LOG_PRODUCTS.filter((p) => p.key === DEFAULT_LOG_PRODUCT)
}

/** The ids of the nodes that run a product, without repeats, in the order given. */
export function logNodesOf(
  nodes: ReadonlyArray<{ readonly product: string; readonly nodeId: string }>,
  product: string,
): ReadonlyArray<string> {
  return [...new Set(nodes.filter((n) => n.product === product).map((n) => n.nodeId))]
}

/** Licence types of the high-availability plans, in one spelling (domain/search licenceKey), trials included. */
const HA_LICENCE = /^ENTERPRISE(_PLUS|_X)?(_TRIAL)?$/

/** Whether a licence type runs in high availability (spec 000 section 6, spec 001 section 7). */
export function usesHighAvailability(licenseType: string | undefined): boolean {
  return licenseType !== undefined && HA_LICENCE.test(licenceKey(licenseType))
}

/** The log viewer's nodes from the per-node status: the HEALTHY nodes of each log product. */
export function logNodesFromStates(
  states: ReadonlyArray<{ readonly serviceId: string; readonly nodeId: string; readonly state: string }>,
): ReadonlyArray<{ readonly product: string; readonly nodeId: string }> {
  return states.flatMap((n) => {
    const product = n.state === 'HEALTHY' ? logProductOf(n.serviceId) : undefined
    return product === undefined ? [] : [{ product, nodeId: n.nodeId }]
  })
}
