/**
 * The decider specification (the emmett pattern): given the events that happened, when a
 * command arrives, then these events follow, or the command is rejected for a reason, or
 * nothing happens. Every area's decider tests read as lines of the specification:
 *
 *   spec(packagesArea).given(E.ListRequested(…)).when({ type: 'packages/OpenList', … }).rejected(/already loading/)
 *
 * `spec(area)` folds the whole app's `evolve` (an area may react to other areas' events), so the
 * state is what the live bus would have after those events; `specOf(decider)` does the same for
 * a decider over its own slice (initialState, decide, evolve).
 */
import { isLeft, isRight, type Either } from 'fp-ts/Either'
import { expect } from 'vitest'
import {
  evolve as appEvolve,
  initialAppState,
  type AppCommand,
  type AppEvent,
  type AppState,
} from '../../domain/app'
import type { CommandMeta, EventMeta } from '../../domain/shared/area'

/** A decider over state S: what `specOf` needs. */
export interface Decider<S, C, E> {
  readonly initialState: S
  decide(command: C, state: S, meta: CommandMeta): Either<string, ReadonlyArray<E>>
  evolve(state: S, event: E, meta: EventMeta): S
}

interface Decides {
  decide(command: never, state: AppState, meta: CommandMeta): Either<string, ReadonlyArray<unknown>>
}

export const specMeta: CommandMeta = { now: '2026-01-01T00:00:00.000Z', id: 'id-1' }
/** When the events of a specification were recorded, unless given with `recordedAt`: its `now`. */
export const specEventMeta: EventMeta = { at: specMeta.now }

/** An event with the time its envelope says it was recorded (evolve's only clock). */
export interface Recorded<E> {
  readonly at: string
  readonly event: E
}
export const recordedAt = <E>(at: string, event: E): Recorded<E> => ({ at, event })

const isRecorded = <E>(e: E | Recorded<E>): e is Recorded<E> =>
  typeof e === 'object' && e !== null && 'event' in e && 'at' in e

/** Folds `events` with `evolve`: each at its `recordedAt` time, the others at `at`. */
export function fold<S, E>(
  evolve: (state: S, event: E, meta: EventMeta) => S,
  events: ReadonlyArray<E | Recorded<E>>,
  from: S,
  at: EventMeta = specEventMeta,
): S {
  let state = from
  for (const e of events) state = isRecorded(e) ? evolve(state, e.event, e) : evolve(state, e, at)
  return state
}

/** The app's evolve, by default at the specification's time. */
export const evolve = (state: AppState, event: AppEvent, meta: EventMeta = specEventMeta): AppState =>
  appEvolve(state, event, meta)

export const foldEvents = (
  events: ReadonlyArray<AppEvent | Recorded<AppEvent>>,
  from: AppState = initialAppState,
): AppState => fold(appEvolve, events, from)

const shown = <E>(decided: Either<string, ReadonlyArray<E>>) =>
  isRight(decided) ? decided.right : `rejected: ${decided.left}`

export function specOf<S, C, E>(decider: Decider<S, C, E>, meta: CommandMeta = specMeta) {
  const at = (state: S) => ({
    state,
    when(command: C, whenMeta: Partial<CommandMeta> = {}) {
      const decided = decider.decide(command, state, { ...meta, ...whenMeta })
      const events = (): ReadonlyArray<E> => {
        if (isLeft(decided)) throw new Error(`rejected: ${decided.left}`)
        return decided.right
      }
      return {
        decided,
        /** Exactly these events, in this order. */
        then(...expected: E[]) {
          expect(shown(decided)).toEqual(expected)
        },
        /** Rejected, for a reason matching `reason` (recorded as bus/CommandRejected). */
        rejected(reason: RegExp | string) {
          expect(isLeft(decided) ? decided.left : 'not rejected').toMatch(reason)
        },
        /** Accepted, with no event. */
        nothing() {
          expect(shown(decided)).toEqual([])
        },
        /** The events decided, for a clause that looks at part of them (fails when rejected). */
        events,
        /** The state once the decided events are folded, recorded at the command's `now` (fails when rejected). */
        after(): S {
          return fold(decider.evolve, events(), state, { at: whenMeta.now ?? meta.now })
        },
      }
    },
  })
  return {
    /** After these events (each recorded at the specification's `now` unless given with `recordedAt`). */
    given: (...events: Array<E | Recorded<E>>) =>
      at(fold(decider.evolve, events, decider.initialState, { at: meta.now })),
    /** From a state reached otherwise (a bus run, a seeded app). */
    at,
  }
}

/** The specification of an app area: its `decide` over the whole app's state and `evolve`. */
export function spec(area: Decides, meta: CommandMeta = specMeta) {
  return specOf<AppState, AppCommand, AppEvent>(
    {
      initialState: initialAppState,
      decide: area.decide as unknown as Decider<AppState, AppCommand, AppEvent>['decide'],
      evolve: appEvolve,
    },
    meta,
  )
}
