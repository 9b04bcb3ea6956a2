/**
 * What an exported session log may leave out: personal data (every e-mail
 * address, wherever an event or a snapshot holds one, becomes `redacted@example.invalid`)
 * and the contents of the platform's log files the log viewer showed (each chunk's text
 * becomes empty; where it was read from and the file's size stay). The redacted log is still
 * a whole log: its header says what was left out and its trailer has the hash of the state
 * the redacted events fold to, so `npm run replay` confirms it. That documented redacted
 * state is the original one with the same substitutions.
 */
import { createLineReplay } from '../log'

export interface RedactOptions {
  readonly personalData: boolean
  readonly serverLogs: boolean
}

export const REDACTED_EMAIL = 'redacted@example.invalid'
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g
const LOG_CHUNK = 'serviceStatus/LogChunkReceived'

export interface Redacted {
  readonly text: string
  /** How many e-mail addresses and log chunks were left out. */
  readonly emails: number
  readonly logChunks: number
}

type Line = { kind?: unknown; type?: unknown; data?: unknown; [key: string]: unknown }

export function redactLog(ndjson: string, options: RedactOptions): Redacted {
  let emails = 0
  let logChunks = 0
  const out: string[] = []
  const replay = createLineReplay({})
  for (const text of ndjson.split('\n')) {
    if (text.trim() === '') continue
    let line: Line
    try {
      line = JSON.parse(text) as Line
    } catch {
      out.push(text) // kept as it was: replay reports it either way
      continue
    }
    if (line.kind === 'trailer') continue
    if (line.kind === 'header') {
      const left = [
        ...(options.personalData ? ['personalData'] : []),
        ...(options.serverLogs ? ['serverLogs'] : []),
      ]
      line = left.length > 0 ? { ...line, redacted: left } : line
    }
    if (options.serverLogs && line.kind === 'event' && line.type === LOG_CHUNK) {
      const data = line.data as Record<string, unknown>
      if (typeof data.content === 'string' && data.content !== '') {
        logChunks++
        line = { ...line, data: { ...data, content: '' } }
      }
    }
    let redacted = JSON.stringify(line)
    if (options.personalData && (line.kind === 'event' || line.kind === 'snapshot'))
      redacted = redacted.replace(EMAIL, () => {
        emails++
        return REDACTED_EMAIL
      })
    out.push(redacted)
    replay.line(redacted, out.length, false)
  }
  const { lastSeq, actualHash } = replay.finish()
  out.push(JSON.stringify({ kind: 'trailer', lastSeq, stateHash: actualHash }))
  return { text: `${out.join('\n')}\n`, emails, logChunks }
}
