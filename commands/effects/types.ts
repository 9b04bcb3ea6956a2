import type { Observable } from 'rxjs'
import type { AppEvent, AppState } from '../../domain/app'
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

export type EffectOutput = AppEvent | Caused

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
