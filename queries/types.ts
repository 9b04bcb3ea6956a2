import type { AppState } from '../domain/app'

/** A projection: reads state (and the query's parameters), never changes it. */
export type Selector<P, R> = (state: AppState, params: P) => R

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parameter types vary per query; each table entry keeps its own precise type
export type QueryTable = Record<string, Selector<any, unknown>>
