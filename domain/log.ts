/**
 * The session's event log: a bounded in-memory record, its NDJSON form, and replay.
 * Replay only decodes, upcasts and folds `evolve`: it never runs decide, effects or RxJS,
 * so a log replays the same in a browser, in Node and in a script.
 */
import * as t from 'io-ts'
import { PathReporter } from 'io-ts/PathReporter'
import { isLeft } from 'fp-ts/Either'
import { AREAS_ADDED_LATER, evolve, eventSpecs, initialAppState, type AppEvent, type AppState } from './app'
import type { Envelope, Source } from './shared/area'
import { stateHash } from './shared/canonical'
import { buildInfo, compareVersions, type BuildInfo } from './build'
import { LOG_FORMAT } from './eventLog'

export { LOG_FORMAT, DEFAULT_MAX_EVENTS, EventLog, encodeEventLine } from './eventLog'

const SourceCodec = t.keyof({ ui: null, router: null, policy: null, effect: null, script: null })

export const HeaderLine = t.intersection([
  t.type({ kind: t.literal('header'), format: t.number, app: t.string, startedAt: t.string }),
  // Logs written before the header named the commit have none.
  t.partial({ commit: t.string }),
])
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
/**
 * The hash of a log written before some areas existed: those areas (still at their initial
 * state, since the log has none of their events) left out, as its trailer's hash had them.
 */
function hashWithoutLaterAreas(state: AppState): string | undefined {
  const later = AREAS_ADDED_LATER.filter((key) => stateHash(state[key]) === stateHash(initialAppState[key]))
  if (later.length === 0) return undefined
  const rest: Record<string, unknown> = { ...state }
  for (const key of later) delete rest[key]
  return stateHash(rest)
}

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
  /** Set when the header names a newer version than the replaying build's: what fails may be new. */
  readonly newerBuild: string | undefined
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

export interface ReplayOptions {
  /** Stop after the event with this seq. */
  readonly until?: number
  /** Accept a log without its header or trailer (cut out of a longer one, or still being written). */
  readonly partial?: boolean
  /** The build replaying, to explain a log written by a newer one (defaults to this build). */
  readonly replayer?: BuildInfo
  /** Sees every event replay folds, with its envelope (the debug panel's timeline keeps them). */
  readonly onEvent?: (envelope: Envelope<AppEvent>) => void
  /** Sees the snapshot a bounded log starts from. */
  readonly onSnapshot?: (seq: number, state: AppState) => void
}

interface SeenEvent {
  readonly seq: number
  readonly line: number
}

/**
 * Replays an NDJSON log. Every line is decoded; bad lines are reported by number (1-based)
 * and skipped. Replay is strict: the header (of a known format) must come first and the
 * trailer last, and the events' seqs must run on without a gap, a duplicate or a reordering,
 * each reported with its own message; `partial` waives the header and the trailer only.
 */
export function replayLog(text: string, options: ReplayOptions = {}): ReplayResult {
  const errors: LineError[] = []
  let state: AppState = initialAppState
  let header: t.TypeOf<typeof HeaderLine> | undefined
  let trailer: { line: number; value: t.TypeOf<typeof TrailerLine> } | undefined
  let events = 0
  let lastSeq = 0
  let baseSeq = 0
  let stopped = false
  let firstLine = 0
  let lastLine = 0
  let unknownFormat = false
  const seen = new Map<number, number>()
  const order: SeenEvent[] = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const lineText = lines[i]!
    // A cheap blank-line test: trimming every line would copy it.
    if (lineText.length === 0 || (lineText.length < 4 && lineText.trim() === '')) continue
    const n = i + 1
    if (firstLine === 0) firstLine = n
    lastLine = n
    if (unknownFormat) continue
    let raw: unknown
    try {
      raw = JSON.parse(lineText)
    } catch (e) {
      // The last line of a file cut short is not JSON and has no newline after it.
      const cut = i === lines.length - 1 && !lineText.trimEnd().endsWith('}')
      errors.push({
        line: n,
        message: cut ? 'truncated: the last line is cut off' : `invalid JSON: ${(e as Error).message}`,
      })
      continue
    }
    if (trailer) errors.push({ line: n, message: `a line after the trailer (line ${trailer.line})` })
    const kind = typeof raw === 'object' && raw !== null ? (raw as { kind?: unknown }).kind : undefined
    if (kind === 'event') {
      const decoded = decodeEventLine(raw)
      if (!decoded.ok) {
        errors.push({ line: n, message: decoded.message })
        continue
      }
      const seq = decoded.line.seq
      const earlier = seen.get(seq)
      if (earlier !== undefined) {
        errors.push({ line: n, message: `duplicate: seq ${seq} was already on line ${earlier}` })
        continue
      }
      seen.set(seq, n)
      order.push({ seq, line: n })
      if (seq <= lastSeq) {
        errors.push({
          line: n,
          message: `out of order: seq ${seq} comes after seq ${lastSeq} (line ${seen.get(lastSeq) ?? '?'})`,
        })
        continue
      }
      if (stopped) continue
      state = evolve(state, decoded.event)
      if (options.onEvent) {
        const { at, source, corr } = decoded.line
        options.onEvent({ seq, at, source, corr, event: decoded.event })
      }
      lastSeq = seq
      events++
      if (options.until !== undefined && lastSeq >= options.until) stopped = true
    } else if (kind === 'header') {
      if (!HeaderLine.is(raw)) errors.push({ line: n, message: 'malformed header' })
      else if (header || n !== firstLine)
        errors.push({ line: n, message: 'the header must be the first line' })
      else {
        header = raw
        if (raw.format !== LOG_FORMAT) {
          errors.push({
            line: n,
            message: `unknown log format ${raw.format}: this build reads format ${LOG_FORMAT}`,
          })
          unknownFormat = true
        }
      }
    } else if (kind === 'snapshot') {
      if (SnapshotLine.is(raw) && events === 0 && order.length === 0) {
        state = { ...initialAppState, ...(raw.state as Partial<AppState>) }
        options.onSnapshot?.(raw.seq, state)
        lastSeq = raw.seq
        baseSeq = raw.seq
      } else errors.push({ line: n, message: 'malformed or misplaced snapshot' })
    } else if (kind === 'trailer') {
      if (!TrailerLine.is(raw)) errors.push({ line: n, message: 'malformed trailer' })
      else if (trailer)
        errors.push({ line: n, message: `a second trailer (the first is on line ${trailer.line})` })
      else trailer = { line: n, value: raw }
    } else {
      errors.push({ line: n, message: `unknown line kind ${JSON.stringify(kind)}` })
    }
  }
  if (!unknownFormat) errors.push(...gaps(order, baseSeq))
  if (!options.partial) {
    if (!header && !unknownFormat)
      errors.push({
        line: firstLine || 1,
        message: firstLine
          ? 'no header: a log starts with its header line (--partial replays it anyway)'
          : 'empty log: no header, no events, no trailer',
      })
    if (!trailer && firstLine)
      errors.push({
        line: lastLine,
        message: `truncated: the log ends on line ${lastLine} without its trailer (--partial replays it anyway)`,
      })
  }
  const highest = order.reduce((max, e) => Math.max(max, e.seq), baseSeq)
  if (trailer && trailer.value.lastSeq > highest)
    errors.push({
      line: trailer.line,
      message: `truncated: the trailer's last seq is ${trailer.value.lastSeq}, the log's is ${highest}`,
    })
  errors.sort((a, b) => a.line - b.line)
  const actualHash = stateHash(state)
  const comparable = trailer !== undefined && !stopped && !unknownFormat
  const replayer = options.replayer ?? buildInfo
  return {
    state,
    events,
    lastSeq,
    errors,
    header,
    expectedHash: trailer?.value.stateHash,
    actualHash,
    hashMatches: comparable
      ? trailer?.value.stateHash === actualHash || trailer?.value.stateHash === hashWithoutLaterAreas(state)
      : undefined,
    newerBuild:
      header && compareVersions(header.app, replayer.version) > 0
        ? `the log was written by version ${header.app}${header.commit ? ` (${header.commit})` : ''}, newer than this replay's ${replayer.version}: replay it with that build`
        : undefined,
  }
}

/** Seqs that never appear, reported on the line of the event that follows the hole. */
function gaps(order: ReadonlyArray<SeenEvent>, baseSeq: number): LineError[] {
  const sorted = [...order].sort((a, b) => a.seq - b.seq)
  const out: LineError[] = []
  let previous = baseSeq
  for (const e of sorted) {
    if (e.seq > previous + 1) {
      const missing = e.seq - previous - 1
      out.push({
        line: e.line,
        message: `seq gap: ${missing === 1 ? `seq ${previous + 1} is` : `seqs ${previous + 1}–${e.seq - 1} are`} missing before seq ${e.seq}`,
      })
    }
    previous = e.seq
  }
  return out
}

export type { Source }
