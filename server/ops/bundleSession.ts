/**
 * The console session a support bundle carries: the admin's own event log, redacted in the
 * console (domain/debug/redact.ts) before it was sent. Decoded here, at the boundary: NDJSON whose
 * first line is the log's header and whose every line is a log line; then every secret this node
 * knows is cut once more from the text the log holds (its string values: never its field names,
 * which a common password such as `password` would otherwise break).
 */
import { HttpError } from '../context'
import { redactSecrets } from './redact'

const KINDS = new Set(['header', 'snapshot', 'event', 'trailer'])

export interface BundleSession {
  readonly text: string
  readonly events: number
}

function cut(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets)
  if (Array.isArray(value)) return value.map((v) => cut(v, secrets))
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cut(v, secrets)]))
  return value
}

export function decodeSession(text: string, secrets: readonly string[]): BundleSession {
  const lines = text.split('\n').filter((l) => l.trim() !== '')
  let events = 0
  // A secret of letters alone (the development default `password`) is a word the log uses for
  // itself (a sign-in's `via`, message keys): cutting it would break the log, and the console
  // never records a typed password (only references to them).
  const strong = secrets.filter((s) => /[^A-Za-z]/.test(s))
  const kept = lines.map((line, i) => {
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
    return JSON.stringify(cut(parsed, strong))
  })
  if (lines.length === 0) throw new HttpError(400, 'The session is empty', 'VALIDATION')
  return { text: `${kept.join('\n')}\n`, events }
}
