/**
 * The session's bounded in-memory event log and its NDJSON form. It imports no area: the
 * bus hands it the fold it runs (every area in Node, the loaded ones in a browser), so the
 * snapshot of events that no longer fit is folded exactly as the live state was.
 */
import type { AppEvent, AppRegistry, AppState } from './app'
import type { BuildInfo } from './build'
import type { Envelope } from './shared/area'
import { changesHash } from './shared/canonical'

export const LOG_FORMAT = 1
export const DEFAULT_MAX_EVENTS = 50_000

type Fold = Pick<AppRegistry, 'initialState' | 'evolve' | 'eventVersion'>

/** Bounded log: beyond `maxEvents`, the oldest events fold into a snapshot state. */
export class EventLog {
  private entries: Array<Envelope<AppEvent>> = []
  private head = 0
  private snapshot: { seq: number; state: AppState } | undefined

  constructor(
    readonly startedAt: string,
    readonly build: BuildInfo,
    private readonly fold: Fold,
    readonly maxEvents: number = DEFAULT_MAX_EVENTS,
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
    const base = this.snapshot?.state ?? this.fold.initialState
    this.snapshot = { seq: oldest.seq, state: this.fold.evolve(base, oldest.event, oldest) }
    this.head++
    if (this.head > this.maxEvents / 2) {
      this.entries = this.entries.slice(this.head)
      this.head = 0
    }
  }

  /** NDJSON: header, optional snapshot, events, trailer with the hash of `finalState`'s changes. */
  toNdjson(finalState: AppState): string {
    const lines: string[] = [
      JSON.stringify({
        kind: 'header',
        format: LOG_FORMAT,
        app: this.build.version,
        commit: this.build.commit,
        startedAt: this.startedAt,
      }),
    ]
    if (this.snapshot)
      lines.push(JSON.stringify({ kind: 'snapshot', seq: this.snapshot.seq, state: this.snapshot.state }))
    let lastSeq = this.snapshot?.seq ?? 0
    for (let i = this.head; i < this.entries.length; i++) {
      const e = this.entries[i]!
      lines.push(encodeEventLine(e, this.fold.eventVersion(e.event.type)))
      lastSeq = e.seq
    }
    // What the state changed from the initial state (domain/logHash.ts says why).
    const stateHash = changesHash(finalState, this.fold.initialState)
    lines.push(JSON.stringify({ kind: 'trailer', lastSeq, stateHash }))
    return lines.join('\n') + '\n'
  }
}

export function encodeEventLine(e: Envelope<AppEvent>, v: number): string {
  return JSON.stringify({
    kind: 'event',
    seq: e.seq,
    at: e.at,
    source: e.source,
    corr: e.corr,
    type: e.event.type,
    v,
    data: e.event.data,
  })
}
