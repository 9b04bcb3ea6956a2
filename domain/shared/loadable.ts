/**
 * Data asked of the platform, the one shape of every list and detail state: not asked
 * yet, on its way, arrived, or failed. A tagged union rather than a status beside nullable
 * fields and sentinels, so a state cannot say two things at once (loaded and failed, loading
 * and holding an answer); areas add what a state of theirs needs beside it (what was asked).
 */
import type { Failure } from './failure'

export interface Idle {
  readonly status: 'idle'
}
/** A reload keeps what was loaded before (`previous`), so the page does not blank meanwhile. */
export interface Loading<A> {
  readonly status: 'loading'
  readonly requestId: string
  readonly previous?: A
}
export interface Loaded<A> {
  readonly status: 'loaded'
  readonly data: A
}
export interface Failed {
  readonly status: 'failed'
  readonly failure: Failure
}
export type Loadable<A> = Idle | Loading<A> | Loaded<A> | Failed

export const idle: Idle = { status: 'idle' }

/** A new request: what was loaded stays on screen until its answer. */
export const reloading = <A>(current: Loadable<A>, requestId: string): Loading<A> =>
  current.status === 'loaded'
    ? { status: 'loading', requestId, previous: current.data }
    : { status: 'loading', requestId }

/** Whether an answer is the one awaited: an answer to a superseded request changes nothing. */
export const awaits = <A>(current: Loadable<A>, requestId: string): current is Loading<A> =>
  current.status === 'loading' && current.requestId === requestId

/** What is shown: the data, or while it reloads what was loaded before. */
export const shownData = <A>(current: Loadable<A>): A | undefined =>
  current.status === 'loaded' ? current.data : current.status === 'loading' ? current.previous : undefined
