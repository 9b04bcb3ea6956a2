/**
 * The session's event log: a bounded in-memory record, its NDJSON form, and replay.
 * Replay only decodes, upcasts and folds `evolve`: it never runs decide, effects or RxJS,
 * so a log replays the same in a browser, in Node and in a script.
 */
import * as t from 'io-ts'
import { PathReporter } from 'io-ts/PathReporter'
import { isLeft } from 'fp-ts/Either'
import { evolve, eventSpecs, initialAppState, type AppEvent, type AppState } from './app'
import type { Envelope, Source } from './shared/area'
import { stateHash } from './shared/canonical'

export const LOG_FORMAT = 1
export const DEFAULT_MAX_EVENTS = 50_000

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

/** Bounded log: beyond `maxEvents`, the oldest events fold into a snapshot state. */
export class EventLog {
  private entries: Array<Envelope<AppEvent>> = []
  private head = 0
  private snapshot: { seq: number; state: AppState } | undefined

  constructor(
    readonly startedAt: string,
    readonly appVersion: string,
    readonly maxEvents: number = DEFAULT_MAX_EVENTS,
    private readonly baseState: AppState = initialAppState,
  ) {}

  append(envelope: Envelope<AppEvent>): void {
    this.entries.push(envelope)
    if (this.entries.length - this.head > this.maxEvents) this.compact()
  }

  get size(): number {
    return this.entries.length - this.head
  }

  events(): ReadonlyArray<Envelope<AppEvent>> {
    return this.entries.slice(this.head)
  }

  // Folding one event at a time into the snapshot keeps memory flat; the array itself is
  // trimmed only when half of it is dead, so append stays amortised O(1).
  private compact(): void {
    const oldest = this.entries[this.head]
    if (!oldest) return
    const base = this.snapshot?.state ?? this.baseState
    this.snapshot = { seq: oldest.seq, state: evolve(base, oldest.event) }
    this.head++
    if (this.head > this.maxEvents / 2) {
      this.entries = this.entries.slice(this.head)
      this.head = 0
    }
  }

  /** NDJSON: header, optional snapshot, events, trailer with the hash of `finalState`. */
  toNdjson(finalState: AppState): string {
    const lines: string[] = [
      JSON.stringify({ kind: 'header', format: LOG_FORMAT, app: this.appVersion, startedAt: this.startedAt }),
    ]
    if (this.snapshot)
      lines.push(JSON.stringify({ kind: 'snapshot', seq: this.snapshot.seq, state: this.snapshot.state }))
    let lastSeq = this.snapshot?.seq ?? 0
    for (let i = this.head; i < this.entries.length; i++) {
      const e = this.entries[i]!
      lines.push(encodeEventLine(e))
      lastSeq = e.seq
    }
    lines.push(JSON.stringify({ kind: 'trailer', lastSeq, stateHash: stateHash(finalState) }))
    return lines.join('\n') + '\n'
  }
}

export function encodeEventLine(e: Envelope<AppEvent>): string {
  const spec = eventSpecs.get(e.event.type)
  return JSON.stringify({
    kind: 'event',
    seq: e.seq,
    at: e.at,
    source: e.source,
    corr: e.corr,
    type: e.event.type,
    v: spec?.v ?? 1,
    data: e.event.data,
  })
}

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
