import type { Observable } from 'rxjs'
import type { AppCommand, AppEvent, AppState } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import type { Ports } from '../../adapters/ports'

/** State as effects see it: an observable with its current value at hand. */
export interface StateObservable extends Observable<AppState> {
  readonly value: AppState
}

/** An event an effect emits as a consequence of an earlier one: it shares that one's correlation id. */
export interface Caused {
  readonly cause: Envelope<AppEvent>
  readonly event: AppEvent
}

/**
 * A command an effect sends, as a consequence of an earlier event: the area's decider decides on
 * it with its slice (what the effect would otherwise have read of the state to branch on), and
 * its events share that event's correlation id. An effect that follows the state rather than an
 * event (a poll) names no cause: its command starts a correlation of its own.
 */
export interface Asked {
  readonly cause?: Envelope<AppEvent>
  readonly command: AppCommand
}

export type EffectOutput = AppEvent | Caused | Asked

/**
 * An effect reacts to recorded events by calling ports and emitting the outcome as events.
 * It must end every failure in a failure event (catchError), never in an error.
 */
export type Effect = (
  events$: Observable<Envelope<AppEvent>>,
  state$: StateObservable,
  ports: Ports,
) => Observable<EffectOutput>

export type EffectTable = Readonly<Record<string, Effect>>

export const caused = (cause: Envelope<AppEvent>, event: AppEvent): Caused => ({ cause, event })

/** A command sent because of `cause` (see `Asked`). */
export const asked = (cause: Envelope<AppEvent>, command: AppCommand): Asked => ({ cause, command })

/** A command sent by an effect that follows the state, not an event (see `Asked`). */
export const askedUncaused = (command: AppCommand): Asked => ({ command })
