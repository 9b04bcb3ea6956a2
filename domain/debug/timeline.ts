/**
 * A session's events with the state at any of them: the debug panel's list, scrubber and
 * replay mode. The state after event i is the fold of `evolve` from the log's start (or its
 * snapshot) up to i; checkpoints every CHECKPOINT_EVERY events keep a jump anywhere in a
 * 50,000-event log short.
 */
import { evolve, initialAppState, type AppEvent, type AppState } from '../app'
import { replayLog, type LineError } from '../log'
import type { Envelope } from '../shared/area'

const CHECKPOINT_EVERY = 256

export interface Timeline {
  readonly envelopes: ReadonlyArray<Envelope<AppEvent>>
  /** The state before the first listed event (the initial state, or a bounded log's snapshot). */
  readonly base: AppState
  /** The state right after `envelopes[index]`; index -1 is `base`. */
  stateAt(index: number): AppState
}

export function createTimeline(base: AppState, envelopes: ReadonlyArray<Envelope<AppEvent>>): Timeline {
  const checkpoints: AppState[] = []
  return {
    envelopes,
    base,
    stateAt(index) {
      if (index < 0 || envelopes.length === 0) return base
      const last = Math.min(index, envelopes.length - 1)
      const slot = Math.floor(last / CHECKPOINT_EVERY)
      // Fill checkpoints up to the one needed (each is the state after event k*CHECKPOINT_EVERY-1).
      while (checkpoints.length < slot) {
        const k = checkpoints.length
        let state = k === 0 ? base : checkpoints[k - 1]!
        for (let i = k * CHECKPOINT_EVERY; i < (k + 1) * CHECKPOINT_EVERY; i++)
          state = evolve(state, envelopes[i]!.event, envelopes[i]!)
        checkpoints.push(state)
      }
      let state = slot === 0 ? base : checkpoints[slot - 1]!
      for (let i = slot * CHECKPOINT_EVERY; i <= last; i++)
        state = evolve(state, envelopes[i]!.event, envelopes[i]!)
      return state
    },
  }
}

export interface ImportedLog {
  readonly timeline: Timeline
  /** Strict replay's findings (a log cut short still shows what it has). */
  readonly errors: ReadonlyArray<LineError>
  readonly app: string | undefined
  readonly startedAt: string | undefined
  readonly hashMatches: boolean | undefined
}

/** Reads an exported log (NDJSON) into a timeline. */
export function readLog(text: string): ImportedLog {
  const envelopes: Array<Envelope<AppEvent>> = []
  let base: AppState = initialAppState
  const result = replayLog(text, {
    onEvent: (e) => envelopes.push(e),
    onSnapshot: (_seq, state) => (base = state),
  })
  return {
    timeline: createTimeline(base, envelopes),
    errors: result.errors,
    app: result.header?.app,
    startedAt: result.header?.startedAt,
    hashMatches: result.hashMatches,
  }
}
