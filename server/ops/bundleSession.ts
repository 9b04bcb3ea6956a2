/**
 * The console session a support bundle carries: the admin's own event log, redacted in the
 * console (domain/debug/redact.ts) before it was sent. Decoded here, at the boundary: NDJSON whose
 * first line is the log's header and whose every line is a log line; then every secret this node
 * knows is cut from it once more, in the forms it can take inside JSON text.
 */
import { HttpError } from '../context'
import { redactSecrets } from './redact'

const KINDS = new Set(['header', 'snapshot', 'event', 'trailer'])

export interface BundleSession {
  readonly text: string
  readonly events: number
}

export function decodeSession(text: string, secrets: readonly string[]): BundleSession {
  const lines = text.split('\n').filter((l) => l.trim() !== '')
  let events = 0
  lines.forEach((line, i) => {
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch {
      throw new HttpError(400, `The session's line ${i + 1} is not JSON`, 'VALIDATION')
    }
    const kind = (parsed as { kind?: unknown } | null)?.kind
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !KINDS.has(kind as string))
      throw new HttpError(400, `The session's line ${i + 1} is not a line of an event log`, 'VALIDATION')
    if (i === 0 && kind !== 'header')
      throw new HttpError(400, "The session does not start with its log's header", 'VALIDATION')
    if (kind === 'event') events++
  })
  if (lines.length === 0) throw new HttpError(400, 'The session is empty', 'VALIDATION')
  // A secret inside a JSON string may stand escaped; both forms go.
  const forms = secrets.flatMap((s) => [s, JSON.stringify(s).slice(1, -1)])
  return { text: `${redactSecrets(lines.join('\n'), [...new Set(forms)])}\n`, events }
}
