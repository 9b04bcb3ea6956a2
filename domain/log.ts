/**
 * The session's event log: a bounded in-memory record, its NDJSON form, and replay.
 * Replay only decodes, upcasts and folds `evolve`: it never runs decide, effects or RxJS,
 * so a log replays the same in a browser, in Node and in a script.
 */
import * as t from 'io-ts'
import { PathReporter } from 'io-ts/PathReporter'
import { isLeft } from 'fp-ts/Either'
import { eventSpecs, initialAppState, workingFold, type AppEvent, type AppState } from './app'
import type { Envelope, Source } from './shared/area'
import { jsonGuard, type JsonGuard } from './shared/jsonGuard'
import { buildInfo, compareVersions, type BuildInfo } from './build'
import { LOG_FORMAT } from './eventLog'
import { currentShape, withInitialDefaults } from './stateMoves'
import { logStateHash, trailerHashMatches } from './logHash'

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
    try {
      current = lift(current)
    } catch {
      // Upcasters lift the data their version wrote; a hostile line's data may make them throw.
      return { ok: false, message: `${type} v${v}: its data cannot be lifted from v${from}` }
    }
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
  const decoded = decodeEvent(raw)
  return typeof decoded === 'string'
    ? { ok: false, message: decoded }
    : { ok: true, line: raw as EventLineT, event: decoded }
}

/**
 * The event of an event line, or why there is none (a string). When it answers an event,
 * `raw` is an event line. No wrapper object per line: replay calls this for every event.
 */
function decodeEvent(raw: unknown): AppEvent | string {
  // Hand-written checks first: replay speed is dominated by per-line validation, and io-ts
  // `decode` allocates; it runs only to explain a line that fails.
  if (!isEventLine(raw)) {
    const r = EventLine.decode(raw)
    return isLeft(r) ? describe(r.left) : 'not an event line'
  }
  const known = knownType(raw.type)
  if (!known) return `unknown event type ${JSON.stringify(raw.type)}`
  const { spec, isData } = known
  let data = raw.data
  if (raw.v !== spec.v) {
    const lifted = upcast(raw.type, raw.v, raw.data)
    if (!lifted.ok) return lifted.message
    data = lifted.data
  }
  // The spec's own string, not the parsed one: every area's evolve switches on the type, and a
  // constant compares by identity where a freshly parsed string is compared character by character.
  // The data's own codec when the spec has it: the event's codec would check the type again.
  if (isData ? isData(data) : spec.codec.is({ type: spec.type, data }))
    return { type: spec.type, data } as AppEvent
  const decoded = spec.codec.decode({ type: spec.type, data })
  if (isLeft(decoded)) return `${raw.type}: ${describe(decoded.left)}`
  return decoded.right as AppEvent
}

/**
 * The split replay's check of an event line (logSplit.ts): its event when the line decodes as
 * it is (its data passes its guard without io-ts changing it) and names `textType`, the type
 * read from its text; otherwise undefined, and the one-thread replay runs to say why.
 */
export function checkedEvent(raw: unknown, textType: string): AppEvent | undefined {
  if (!isEventLine(raw) || raw.type !== textType) return undefined
  const known = knownType(raw.type)
  if (!known) return undefined
  const data = currentData(raw, known.spec)
  if (data === NOT_LIFTED) return undefined
  return (known.isData ? known.isData(data) : known.spec.codec.is({ type: known.spec.type, data }))
    ? ({ type: known.spec.type, data } as AppEvent)
    : undefined
}

/**
 * The event of a line another side checks (logSplit.ts): the same event `checkedEvent` gives
 * when that check passes, made without checking. Undefined when it cannot even be made.
 */
export function uncheckedEvent(raw: EventLineT): AppEvent | undefined {
  const known = knownType(raw.type)
  if (!known) return undefined
  const data = currentData(raw, known.spec)
  return data === NOT_LIFTED ? undefined : ({ type: known.spec.type, data } as AppEvent)
}

const NOT_LIFTED: unique symbol = Symbol('not lifted')

function currentData(raw: EventLineT, spec: EventSpec): unknown {
  if (raw.v === spec.v) return raw.data
  const lifted = upcast(raw.type, raw.v, raw.data)
  return lifted.ok ? lifted.data : NOT_LIFTED
}

type EventSpec = NonNullable<ReturnType<typeof eventSpecs.get>>

/** Each event type's spec and the guard of its data (jsonGuard, built on first sight). */
const knownTypes = new Map<string, { spec: EventSpec; isData: JsonGuard | undefined }>()

function knownType(type: string): { spec: EventSpec; isData: JsonGuard | undefined } | undefined {
  let known = knownTypes.get(type)
  if (known === undefined) {
    const spec = eventSpecs.get(type)
    if (!spec) return undefined
    known = { spec, isData: spec.dataCodec ? jsonGuard(spec.dataCodec) : undefined }
    knownTypes.set(type, known)
  }
  return known
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
  /**
   * Sees every event replay folds, with its envelope (the debug panel's timeline keeps them), in
   * order, as it is folded: in runs of FOLD_RUN events, the last when the log is finished.
   */
  readonly onEvent?: (envelope: Envelope<AppEvent>) => void
  /** Sees the snapshot a bounded log starts from. */
  readonly onSnapshot?: (seq: number, state: AppState) => void
}

/**
 * Which line each event's seq was on. Real logs number their events one by one from a start
 * (1, or the snapshot's seq), so a flat array indexed from the first seq holds them: a map
 * with an object per event cost replay as much as folding the events did. Seqs a hostile or
 * damaged log puts far away (or not whole numbers) go to a map.
 */
class SeqLines {
  private dense = new Int32Array(1024)
  private origin: number | undefined
  private readonly sparse = new Map<number, number>()

  constructor(private readonly denseLimit: number) {}

  private index(seq: number): number {
    this.origin ??= seq
    const i = seq - this.origin
    return Number.isInteger(i) && i >= 0 && i < this.denseLimit ? i : -1
  }

  get(seq: number): number | undefined {
    const i = this.index(seq)
    if (i < 0) return this.sparse.get(seq)
    return i < this.dense.length && this.dense[i] !== 0 ? this.dense[i] : undefined
  }

  set(seq: number, line: number): void {
    const i = this.index(seq)
    if (i < 0) {
      this.sparse.set(seq, line)
      return
    }
    if (i >= this.dense.length) {
      const grown = new Int32Array(Math.min(this.denseLimit, Math.max(i + 1, this.dense.length * 2)))
      grown.set(this.dense)
      this.dense = grown
    }
    this.dense[i] = line
  }

  /** Seqs that never appear, reported on the line of the event that follows the hole. */
  gaps(baseSeq: number): LineError[] {
    const sparse = [...this.sparse.entries()].sort((a, b) => a[0] - b[0])
    const out: LineError[] = []
    let previous = baseSeq
    const visit = (seq: number, line: number) => {
      if (seq > previous + 1) {
        const missing = seq - previous - 1
        out.push({
          line,
          message: `seq gap: ${missing === 1 ? `seq ${previous + 1} is` : `seqs ${previous + 1}–${seq - 1} are`} missing before seq ${seq}`,
        })
      }
      previous = seq
    }
    // The dense run and the sparse seqs, merged in seq order.
    let s = 0
    const origin = this.origin ?? 0
    for (let i = 0; i < this.dense.length; i++) {
      const line = this.dense[i]!
      if (line === 0) continue
      const seq = origin + i
      while (s < sparse.length && sparse[s]![0] < seq) visit(...sparse[s++]!)
      visit(seq, line)
    }
    while (s < sparse.length) visit(...sparse[s++]!)
    return out
  }
}

/** How many decoded events replay holds before folding them (createLineReplay). */
export const FOLD_RUN = 64

/**
 * Replay fed one line at a time, so a log is read as a stream: memory holds the state and
 * one index entry per event, never the whole file. `replayLog` feeds it a string; the CLI
 * feeds it a file chunk by chunk.
 */
export interface LineReplay {
  /** One line of the log (without its newline), `n` its 1-based number; `last` when no newline followed it. */
  line(text: string, n: number, last: boolean): void
  finish(): ReplayResult
}

/**
 * Replay is strict: every line is decoded, bad lines are reported by number and skipped;
 * the header (of a known format) must come first and the trailer last, and the events' seqs
 * must run on without a gap, a duplicate or a reordering, each reported with its own
 * message; `partial` waives the header and the trailer only. `expectedLines` sizes the seq
 * index (a guess is fine).
 */
export function createLineReplay(options: ReplayOptions = {}, expectedLines = 1 << 16): LineReplay {
  const errors: LineError[] = []
  // The state being folded, its slices held by place (each stays immutable): a new root per
  // event was most of the fold's own cost. A root is made for the snapshot callback and the result.
  let working = workingFold(initialAppState)
  let header: t.TypeOf<typeof HeaderLine> | undefined
  let trailer: { line: number; value: t.TypeOf<typeof TrailerLine> } | undefined
  let events = 0
  let lastSeq = 0
  let baseSeq = 0
  let highest: number | undefined
  let anyEvent = false
  let stopped = false
  let firstLine = 0
  let lastLine = 0
  let unknownFormat = false
  const seen = new SeqLines(Math.max(1 << 20, expectedLines * 2))
  // Decoded events wait to be folded in runs of FOLD_RUN. Folded one at a time between parses,
  // the fold took about twice its CPU time alone over the same events (each area's evolve slower,
  // the collector's share the same): the parsing in between, not the events' age, made the
  // difference. In runs, parse, decode and fold took ~17% less in isolation, whole replay 3–4%
  // less (paired, loaded machine). The state is read only once a run is folded.
  const runEvents: AppEvent[] = []
  const runLines: EventLineT[] = []
  let run = 0
  const foldRun = () => {
    for (let i = 0; i < run; i++) {
      const event = runEvents[i]!
      const line = runLines[i]!
      working.evolve(event, line)
      if (options.onEvent) {
        const { seq, at, source, corr } = line
        options.onEvent({ seq, at, source, corr, event })
      }
    }
    run = 0
  }

  const onEventLine = (raw: unknown, n: number) => {
    const event = decodeEvent(raw)
    if (typeof event === 'string') {
      errors.push({ line: n, message: event })
      return
    }
    const line = raw as EventLineT
    const seq = line.seq
    const earlier = seen.get(seq)
    if (earlier !== undefined) {
      errors.push({ line: n, message: `duplicate: seq ${seq} was already on line ${earlier}` })
      return
    }
    seen.set(seq, n)
    anyEvent = true
    if (highest === undefined || seq > highest) highest = seq
    if (seq <= lastSeq) {
      errors.push({
        line: n,
        message: `out of order: seq ${seq} comes after seq ${lastSeq} (line ${seen.get(lastSeq) ?? '?'})`,
      })
      return
    }
    if (stopped) return
    runEvents[run] = event
    runLines[run] = line
    if (++run === FOLD_RUN) foldRun()
    lastSeq = seq
    events++
    if (options.until !== undefined && lastSeq >= options.until) stopped = true
  }

  return {
    line(lineText, n, last) {
      // A cheap blank-line test: trimming every line would copy it.
      if (lineText.length === 0 || (lineText.length < 4 && lineText.trim() === '')) return
      if (firstLine === 0) firstLine = n
      lastLine = n
      if (unknownFormat) return
      let raw: unknown
      try {
        raw = JSON.parse(lineText)
      } catch (e) {
        // The last line of a file cut short is not JSON and has no newline after it.
        const cut = last && !lineText.trimEnd().endsWith('}')
        errors.push({
          line: n,
          message: cut ? 'truncated: the last line is cut off' : `invalid JSON: ${(e as Error).message}`,
        })
        return
      }
      if (trailer) errors.push({ line: n, message: `a line after the trailer (line ${trailer.line})` })
      const kind = typeof raw === 'object' && raw !== null ? (raw as { kind?: unknown }).kind : undefined
      if (kind === 'event') onEventLine(raw, n)
      else if (kind === 'header') {
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
        if (SnapshotLine.is(raw) && events === 0 && !anyEvent) {
          // Spread, not Object.assign: a log's own "__proto__" key stays a plain key.
          working = workingFold(
            withInitialDefaults(
              currentShape({ ...initialAppState, ...raw.state }),
              initialAppState,
            ) as AppState,
          )
          options.onSnapshot?.(raw.seq, working.state())
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
    },

    finish() {
      foldRun()
      if (!unknownFormat) errors.push(...seen.gaps(baseSeq))
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
      const top = Math.max(highest ?? baseSeq, baseSeq)
      if (trailer && trailer.value.lastSeq > top)
        errors.push({
          line: trailer.line,
          message: `truncated: the trailer's last seq is ${trailer.value.lastSeq}, the log's is ${top}`,
        })
      errors.sort((a, b) => a.line - b.line)
      return replayResult(
        working.state(),
        {
          events,
          lastSeq,
          errors,
          header,
          expectedHash: trailer?.value.stateHash,
          comparable: trailer !== undefined && !stopped && !unknownFormat,
        },
        options,
      )
    },
  }
}

/** What a replay answers for the state it folded (the one-thread replay's and the split's). */
export function replayResult(
  state: AppState,
  found: Pick<ReplayResult, 'events' | 'lastSeq' | 'errors' | 'header' | 'expectedHash'> & {
    /** Whether the state is the whole log's, to compare with its trailer's hash. */
    readonly comparable: boolean
  },
  options: ReplayOptions,
): ReplayResult {
  const { header, expectedHash } = found
  const replayer = options.replayer ?? buildInfo
  const actualHash = logStateHash(state)
  return {
    state,
    events: found.events,
    lastSeq: found.lastSeq,
    errors: found.errors,
    header,
    expectedHash,
    actualHash,
    // The trailer's hash is most often this one, the first that trailerHashMatches tries:
    // hashing the state again to find it would double the hash's cost.
    hashMatches: found.comparable
      ? actualHash === expectedHash || trailerHashMatches(state, expectedHash ?? '')
      : undefined,
    newerBuild:
      header && compareVersions(header.app, replayer.version) > 0
        ? `the log was written by version ${header.app}${header.commit ? ` (${header.commit})` : ''}, newer than this replay's ${replayer.version}: replay it with that build`
        : undefined,
  }
}

/** Replays an NDJSON log held in a string (see `createLineReplay` for the rules). */
export function replayLog(text: string, options: ReplayOptions = {}): ReplayResult {
  // Lines are cut one at a time rather than split into an array of the whole file first.
  // An event line is over a hundred characters: the index is sized from the text's length.
  const replay = createLineReplay(options, Math.ceil(text.length / 64))
  let start = 0
  let n = 1
  for (;;) {
    const end = text.indexOf('\n', start)
    if (end === -1) {
      replay.line(text.slice(start), n, true)
      break
    }
    replay.line(text.slice(start, end), n, false)
    start = end + 1
    n++
  }
  return replay.finish()
}

export type { Source }
