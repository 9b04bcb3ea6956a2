/**
 * What an exported session log leaves out. Always: secrets (the value of every field named like
 * a password, token or key, secret query parameters of any link in it, the password of a link's
 * user part, bearer and basic credentials, JSON web tokens and private keys), and every line that
 * cannot be read as a log line (it could not be checked). When asked: personal data (every email
 * address, wherever an event or a snapshot holds one, becomes `redacted@example.invalid`) and the
 * contents of the platform's log files the log viewer showed (each chunk's text becomes empty;
 * where it was read from and the file's size stay). The redacted log is still a whole log: its
 * header says what was left out and its trailer has the hash of the state the redacted events
 * fold to, so `npm run replay` confirms it. That documented redacted state is the original one
 * with the same substitutions.
 */
import { createLineReplay } from '../log'
import { redactSecretParams } from '../shared/secretParams'

export interface RedactOptions {
  readonly personalData: boolean
  readonly serverLogs: boolean
}

export const REDACTED_EMAIL = 'redacted@example.invalid'
/** Stands in for a secret value. */
export const REDACTED_SECRET = 'redacted'
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g
const LOG_CHUNK = 'serviceStatus/LogChunkReceived'

export interface Redacted {
  readonly text: string
  /** How many email addresses, log chunks and secrets were left out. */
  readonly emails: number
  readonly logChunks: number
  readonly secrets: number
  /** Lines left out because they are not log lines (not JSON, or no header, snapshot or event). */
  readonly unreadable: number
  /** Events kept, the last one's seq and time, and the hash of the state they fold to. */
  readonly events: number
  readonly lastSeq: number
  readonly firstAt: string | undefined
  readonly lastAt: string | undefined
  readonly stateHash: string
}

/**
 * Field names whose string value is a secret, compared without regard to case or `_`/`-`.
 * Not `key` or `code`: a repository's key and an error's code are names, and the secret ones
 * reach events only inside links (their query parameters) or as vault references.
 */
const SECRET_FIELDS = new Set(
  [
    'password',
    'passwd',
    'passphrase',
    'secret',
    'clientSecret',
    'token',
    'accessToken',
    'refreshToken',
    'idToken',
    'apiKey',
    'privateKey',
    'otp',
    'totp',
    'authorization',
    'cookie',
  ].map((n) => n.toLowerCase()),
)
const isSecretField = (name: string) => SECRET_FIELDS.has(name.replace(/[_-]/g, '').toLowerCase())

// Credentials shaped so that they are secrets wherever they stand.
const SHAPED: ReadonlyArray<RegExp> = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
]
/** Text that may hold a link: a scheme, an authority or a query. */
const LINKISH = /[@?]/
/** A link inside free text: from its scheme (or `//`, `/`, `?`) to the next space or quote. */
const LINK_IN_TEXT = /(?:[A-Za-z][A-Za-z0-9+.-]*:|\/|\?)[^\s"'<>`]*/g
const BASE = 'http://base.invalid/'

/** The link without the password of its user part, or undefined when it has none. */
function withoutPassword(text: string): string | undefined {
  if (!text.includes('@')) return undefined
  // Read alone (`http:a:b@host` has a user part) and relative to a page (`//a:b@host`).
  for (const base of [undefined, BASE]) {
    let url: URL
    try {
      url = new URL(text, base)
    } catch {
      continue
    }
    if (url.password === '' || url.password === REDACTED_SECRET) continue
    url.password = REDACTED_SECRET
    return url.href
  }
  return undefined
}

function redactText(text: string, count: () => void): string {
  let out = text
  for (const shape of SHAPED)
    out = out.replace(shape, () => {
      count()
      return REDACTED_SECRET
    })
  if (!LINKISH.test(out)) return out
  const params = (link: string) =>
    redactSecretParams(link, (secret) => {
      if (secret === REDACTED_SECRET || secret.startsWith('redacted-')) return secret
      count()
      return REDACTED_SECRET
    })
  // The whole text as one link first (the URL parser drops tabs and new lines inside it), then
  // each link inside it.
  const whole = withoutPassword(out)
  if (whole !== undefined) {
    count()
    out = whole
  }
  out = params(out)
  return out.replace(LINK_IN_TEXT, (link) => {
    const bare = withoutPassword(link)
    if (bare !== undefined) count()
    return params(bare ?? link)
  })
}

/** The value with every secret in it replaced, at any depth. */
function redactValue(value: unknown, count: () => void): unknown {
  if (typeof value === 'string') return redactText(value, count)
  if (Array.isArray(value)) return value.map((item) => redactValue(item, count))
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        if (typeof v === 'string' && v !== '' && v !== REDACTED_SECRET && isSecretField(k)) {
          count()
          return [k, REDACTED_SECRET]
        }
        return [k, redactValue(v, count)]
      }),
    )
  return value
}

type Line = { kind?: unknown; type?: unknown; data?: unknown; [key: string]: unknown }
const KINDS = new Set(['header', 'snapshot', 'event'])

export function redactLog(ndjson: string, options: RedactOptions): Redacted {
  let emails = 0
  let logChunks = 0
  let secrets = 0
  let unreadable = 0
  let events = 0
  let firstAt: string | undefined
  let lastAt: string | undefined
  const countSecret = () => secrets++
  const out: string[] = []
  const replay = createLineReplay({})
  for (const text of ndjson.split('\n')) {
    if (text.trim() === '') continue
    let line: Line
    try {
      line = JSON.parse(text) as Line
    } catch {
      unreadable++
      continue
    }
    if (line === null || typeof line !== 'object' || Array.isArray(line)) {
      unreadable++
      continue
    }
    if (line.kind === 'trailer') continue
    if (!KINDS.has(line.kind as string)) {
      unreadable++
      continue
    }
    if (line.kind === 'header') {
      const left = [
        'secrets',
        ...(options.personalData ? ['personalData'] : []),
        ...(options.serverLogs ? ['serverLogs'] : []),
      ]
      line = { ...line, redacted: left }
    }
    if (options.serverLogs && line.kind === 'event' && line.type === LOG_CHUNK) {
      const data = line.data as Record<string, unknown>
      if (typeof data.content === 'string' && data.content !== '') {
        logChunks++
        line = { ...line, data: { ...data, content: '' } }
      }
    }
    if (line.kind === 'event') {
      line = { ...line, data: redactValue(line.data, countSecret) }
      events++
      if (typeof line.at === 'string') {
        firstAt ??= line.at
        lastAt = line.at
      }
    }
    if (line.kind === 'snapshot') line = { ...line, state: redactValue(line.state, countSecret) }
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
  return {
    text: `${out.join('\n')}\n`,
    emails,
    logChunks,
    secrets,
    unreadable,
    events,
    lastSeq,
    firstAt,
    lastAt,
    stateHash: actualHash,
  }
}
