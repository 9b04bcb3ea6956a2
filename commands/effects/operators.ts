/**
 * The few operators every effect is written with (redux-observable's `ofType`, NgRx's
 * "call, then map the answer or the failure to an action"): an effect picks its events with
 * `ofType`, calls a port through `request` (several calls in turn go in its one call), and
 * never lets a rejected promise become an error of the stream.
 *
 * Time-outs and transport retries are not here: the adapters' HTTP and GraphQL clients give
 * every call its time-out and ask again after a reset or an overload answer (GETs only), so an
 * effect that added its own would multiply them. `request`'s `attempts` is for a rule of the
 * specification that asks again after a failure the platform did answer.
 */
import { Observable, filter, mergeMap, noop, of, type OperatorFunction } from 'rxjs'
import { isRight, left } from 'fp-ts/Either'
import type { Ports, Result } from '../../adapters/ports'
import type { AppEvent } from '../../domain/app'
import type { Envelope } from '../../domain/shared/area'
import type { Failure } from '../../domain/shared/failure'
import { caused, type Asked, type Effect, type EffectOutput } from './types'

export type EventOfType<T extends AppEvent['type']> = Extract<AppEvent, { type: T }>
export type EnvelopeOf<T extends AppEvent['type']> = Envelope<EventOfType<T>>

/** The recorded events of the given types, typed by them. */
export const ofType = <T extends AppEvent['type']>(
  ...types: ReadonlyArray<T>
): OperatorFunction<Envelope<AppEvent>, EnvelopeOf<T>> =>
  filter((e): e is EnvelopeOf<T> => (types as ReadonlyArray<string>).includes(e.event.type))

/** What a throw (a bug, a port that broke its promise) is recorded as. */
export const thrown = (error: unknown): Failure => ({
  kind: 'network',
  message: error instanceof Error ? error.message : String(error),
})

/** A port call that never rejects: a throw becomes a network failure. */
export const settle = <A>(call: () => Promise<Result<A>>): Promise<Result<A>> => {
  try {
    return call().catch((error: unknown): Result<A> => left(thrown(error)))
  } catch (error) {
    return Promise.resolve(left(thrown(error)))
  }
}

/**
 * What an answer becomes: event(s) recorded with the cause's correlation id, and command(s)
 * (`asked`) when what follows depends on the state: its area's decider decides on it.
 */
export type Outcome = AppEvent | Asked | ReadonlyArray<AppEvent | Asked>

const asList = (outcome: Outcome): ReadonlyArray<AppEvent | Asked> =>
  Array.isArray(outcome) ? (outcome as ReadonlyArray<AppEvent | Asked>) : [outcome as AppEvent | Asked]

export interface Answer<A> {
  /** What the answer is recorded as. */
  readonly done: (value: A) => Outcome
  /** What a failure is recorded as (after the last attempt). */
  readonly failed: (failure: Failure) => Outcome
  /** Attempts in all for a failure `again` accepts; 1 (the default) asks once. */
  readonly attempts?: number
  readonly again?: (failure: Failure) => boolean
}

/**
 * A port call as an observable: it starts on subscription, never errors (a throw is a network
 * failure), and unsubscribing aborts it through the signal it was given (a port that takes one
 * hands it to fetch) and drops its answer. `request` is built on it; a poll that no event
 * caused (the log viewer's tail) uses it directly.
 */
export function abortable<A>(call: (signal: AbortSignal) => Promise<Result<A>>): Observable<Result<A>> {
  return new Observable<Result<A>>((subscriber) => {
    const controller = new AbortController()
    settle(() => call(controller.signal)).then((result) => {
      if (controller.signal.aborted) return
      subscriber.next(result)
      subscriber.complete()
    }, noop)
    return () => controller.abort()
  })
}

/**
 * One recorded event → one port call → its answer or its failure as events that share the
 * cause's correlation id. The call starts on subscription; unsubscribing (a newer request in a
 * switchMap) aborts it and stops further attempts. `failed` may record nothing (an empty list),
 * e.g. for an abort.
 */
export function request<A>(
  cause: Envelope<AppEvent>,
  call: (signal: AbortSignal) => Promise<Result<A>>,
  answer: Answer<A>,
): Observable<EffectOutput> {
  const attempt = (left: number): Observable<ReadonlyArray<AppEvent | Asked>> =>
    abortable(call).pipe(
      mergeMap((result) => {
        if (isRight(result)) return of(asList(answer.done(result.right)))
        if (left > 1 && (answer.again?.(result.left) ?? false)) return attempt(left - 1)
        return of(asList(answer.failed(result.left)))
      }),
    )
  return attempt(answer.attempts ?? 1).pipe(
    mergeMap((outputs) => outputs.map((o) => ('command' in o ? o : caused(cause, o)))),
  )
}

/** A call refused before it is made (a secret the event refers to is gone), as its failed answer. */
export const refused = <A>(failure: Failure): Promise<Result<A>> => Promise.resolve(left(failure))

/** A port call an event asks for, and what its answer is recorded as. */
export interface PortCall<A> {
  readonly call: (signal: AbortSignal) => Promise<Result<A>>
  readonly done: (value: A) => Outcome
}

/** A `PortCall`, typed by its call's answer. */
export const portCall = <A>(
  call: (signal: AbortSignal) => Promise<Result<A>>,
  done: (value: A) => Outcome,
): PortCall<A> => ({ call, done })

/**
 * The effect of a request event: each event of `type` → the port call `ask` names, through
 * `request` → its answer as `done` says, its failure as `failed` says. `ask` may refuse before
 * any call by returning a failure (a secret the event refers to is gone): it is recorded as
 * `failed` records a failed call. Calls run side by side (mergeMap); none aborts another.
 */
export function requests<T extends AppEvent['type'], A>(
  type: T,
  ask: (event: EventOfType<T>, ports: Ports) => PortCall<A> | Failure,
  failed: (failure: Failure, event: EventOfType<T>) => Outcome,
): Effect {
  return (events$, _state$, ports) =>
    events$.pipe(
      ofType(type),
      mergeMap((env) => {
        let asked: PortCall<A> | Failure
        try {
          asked = ask(env.event, ports)
        } catch (error) {
          asked = thrown(error)
        }
        const refusal = asked
        const { call, done }: PortCall<A> =
          'call' in refusal ? refusal : { call: () => refused<A>(refusal), done: () => [] }
        return request(env, call, { done, failed: (failure) => failed(failure, env.event) })
      }),
    )
}
