/**
 * The session's event log: a bounded in-memory record, its NDJSON form, and replay.
 * Replay only decodes, upcasts and folds `evolve`: it never runs decide, effects or RxJS,
 * so a log replays the same in a browser, in Node and in a script.
 */
import * as t from 'io-ts'
import { PathReporter } from 'io-ts/PathReporter'
import { isLeft } from 'fp-ts/Either'
import { evolve, eventSpecs, initialAppState, type AppEvent, type AppState } from './app'
import type { Source } from './shared/area'
import { stateHash } from './shared/canonical'

export { LOG_FORMAT, DEFAULT_MAX_EVENTS, EventLog, encodeEventLine } from './eventLog'

const SourceCodec = t.keyof({ ui: null, router: null, policy: null, effect: null, script: null })

export const HeaderLine = t.type({
  kind: t.literal('header'),
  format: t.number,
  app: t.string,
  startedAt: t.string,
})
/** The state folded from events that no longer fit in the bounded log. */
export const SnapshotLine = t.type({ kind: t.literal('snapshot'), seq: t.number, state: t.UnknownRecord })
export const EventLine = t.type({
  kind: t.literal('event'),
  seq: t.number,
  at: t.string,
  source: SourceCodec,
  corr: t.string,
  type: t.string,
  v: t.number,
  data: t.unknown,
})
export const TrailerLine = t.type({ kind: t.literal('trailer'), lastSeq: t.number, stateHash: t.string })

export type EventLineT = t.TypeOf<typeof EventLine>

export interface LineError {
  readonly line: number
  readonly message: string
}

export interface ReplayResult {
  readonly state: AppState
  readonly events: number
  readonly lastSeq: number
  readonly errors: ReadonlyArray<LineError>
  /** Whether the trailer's hash matched (undefined when there was no trailer or `until` cut it short). */
  readonly hashMatches: boolean | undefined
  readonly expectedHash: string | undefined
  readonly actualHash: string
  readonly header: t.TypeOf<typeof HeaderLine> | undefined
}

/** Lifts an event's data from the version it was written in to the current one. */
export function upcast(
  type: string,
  v: number,
  data: unknown,
): { ok: true; data: unknown } | { ok: false; message: string } {
  const spec = eventSpecs.get(type)
  if (!spec) return { ok: false, message: `unknown event type ${JSON.stringify(type)}` }
  if (v > spec.v) return { ok: false, message: `${type} v${v} is newer than this build (v${spec.v})` }
  let current = data
  for (let from = v; from < spec.v; from++) {
    const lift = spec.upcasters[from]
    if (!lift) return { ok: false, message: `no upcaster for ${type} from v${from}` }
    current = lift(current)
  }
  return { ok: true, data: current }
}

function describe(errors: t.Errors): string {
  return PathReporter.report({ _tag: 'Left', left: errors }).join('; ')
}

/** Decodes one event line into an event at the current version, or says why it cannot. */
export function decodeEventLine(
  raw: unknown,
): { ok: true; line: EventLineT; event: AppEvent } | { ok: false; message: string } {
  // Hand-written checks first: replay speed is dominated by per-line validation, and io-ts
  // `decode` allocates; it runs only to explain a line that fails.
  if (!isEventLine(raw)) {
    const r = EventLine.decode(raw)
    return { ok: false, message: isLeft(r) ? describe(r.left) : 'not an event line' }
  }
  const spec = eventSpecs.get(raw.type)
  if (!spec) return { ok: false, message: `unknown event type ${JSON.stringify(raw.type)}` }
  let data = raw.data
  if (raw.v !== spec.v) {
    const lifted = upcast(raw.type, raw.v, raw.data)
    if (!lifted.ok) return lifted
    data = lifted.data
  }
  const candidate = { type: raw.type, data }
  if (spec.codec.is(candidate)) return { ok: true, line: raw, event: candidate as AppEvent }
  const decoded = spec.codec.decode(candidate)
  if (isLeft(decoded)) return { ok: false, message: `${raw.type}: ${describe(decoded.left)}` }
  return { ok: true, line: raw, event: decoded.right as AppEvent }
}

const SOURCES: ReadonlySet<unknown> = new Set(['ui', 'router', 'policy', 'effect', 'script'])

function isEventLine(raw: unknown): raw is EventLineT {
  if (typeof raw !== 'object' || raw === null) return false
  const r = raw as Record<string, unknown>
  return (
    r.kind === 'event' &&
    typeof r.seq === 'number' &&
    typeof r.at === 'string' &&
    SOURCES.has(r.source) &&
    typeof r.corr === 'string' &&
    typeof r.type === 'string' &&
    typeof r.v === 'number' &&
    'data' in r
  )
}

/**
 * Replays an NDJSON log. Every line is decoded; bad lines are reported by number (1-based)
 * and skipped. `until` stops after the event with that seq.
 */
export function replayLog(text: string, options: { until?: number } = {}): ReplayResult {
  const errors: LineError[] = []
  let state: AppState = initialAppState
  let header: t.TypeOf<typeof HeaderLine> | undefined
  let trailer: t.TypeOf<typeof TrailerLine> | undefined
  let events = 0
  let lastSeq = 0
  let stopped = false
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const lineText = lines[i]!
    // A cheap blank-line test: trimming every line would copy it.
    if (lineText.length === 0 || (lineText.length < 4 && lineText.trim() === '')) continue
    const n = i + 1
    let raw: unknown
    try {
      raw = JSON.parse(lineText)
    } catch (e) {
      errors.push({ line: n, message: `invalid JSON: ${(e as Error).message}` })
      continue
    }
    const kind = typeof raw === 'object' && raw !== null ? (raw as { kind?: unknown }).kind : undefined
    if (kind === 'event') {
      const decoded = decodeEventLine(raw)
      if (!decoded.ok) {
        errors.push({ line: n, message: decoded.message })
        continue
      }
      if (stopped) continue
      if (decoded.line.seq <= lastSeq) {
        errors.push({ line: n, message: `seq ${decoded.line.seq} does not follow ${lastSeq}` })
        continue
      }
      state = evolve(state, decoded.event)
      lastSeq = decoded.line.seq
      events++
      if (options.until !== undefined && lastSeq >= options.until) stopped = true
    } else if (kind === 'header') {
      if (HeaderLine.is(raw)) header = raw
      else errors.push({ line: n, message: 'malformed header' })
    } else if (kind === 'snapshot') {
      if (SnapshotLine.is(raw) && events === 0) {
        state = { ...initialAppState, ...(raw.state as Partial<AppState>) }
        lastSeq = raw.seq
      } else errors.push({ line: n, message: 'malformed or misplaced snapshot' })
    } else if (kind === 'trailer') {
      if (TrailerLine.is(raw)) trailer = raw
      else errors.push({ line: n, message: 'malformed trailer' })
    } else {
      errors.push({ line: n, message: `unknown line kind ${JSON.stringify(kind)}` })
    }
  }
  const actualHash = stateHash(state)
  const comparable = trailer !== undefined && !stopped
  return {
    state,
    events,
    lastSeq,
    errors,
    header,
    expectedHash: trailer?.stateHash,
    actualHash,
    hashMatches: comparable ? trailer?.stateHash === actualHash : undefined,
  }
}

export type { Source }
