import * as t from 'io-ts'

/** A recorded fact: `type` is `area/PastTense`, `data` is plain JSON (ISO dates, no Maps). */
export interface DomainEvent<T extends string = string, D = unknown> {
  readonly type: T
  readonly data: D
}

/** Turns the data of an older version of an event into the data of the next version. */
export type Upcaster = (data: unknown) => unknown

/**
 * The upcaster to the version of an event that stops carrying a copy of its envelope's time
 * (no stored derivables; evolve reads the envelope's `at`). The older copy is a
 * millisecond or more off its envelope's time, and the state an older log's trailer hashed was
 * folded from it: it moves to `to`, which that event's evolve prefers to the envelope's time.
 */
export const movesRecordedTime =
  (from: string, to: string): Upcaster =>
  (data) => {
    const { [from]: time, ...rest } = data as Record<string, unknown>
    return time === undefined ? rest : { ...rest, [to]: time }
  }

export interface EventDef<T extends string, D> {
  readonly type: T
  /** Current version, written as `v` in the log. */
  readonly v: number
  readonly codec: t.Type<DomainEvent<T, D>, unknown, unknown>
  /** The data's own codec: replay checks a line's data with it, without building the event first. */
  readonly dataCodec: t.Type<D, unknown, unknown>
  /** `upcasters[n]` lifts version n to n + 1. */
  readonly upcasters: Readonly<Record<number, Upcaster>>
  /**
   * The type strings this event was written under before it moved to another area: replay reads
   * a line of one of them as this event (same data and versions), so older logs still replay.
   */
  readonly formerly: ReadonlyArray<string>
  /** Builds the event; keeps call sites short and typed. */
  (data: D): DomainEvent<T, D>
}

/**
 * Declares one event: its type string, its io-ts data codec and its version.
 * The returned value is both the constructor (`Shown({...})`) and the codec used by replay.
 */
export function defineEvent<T extends string, C extends t.Mixed>(
  type: T,
  data: C,
  options: { v?: number; upcasters?: Record<number, Upcaster>; formerly?: ReadonlyArray<string> } = {},
): EventDef<T, t.TypeOf<C>> {
  const codec = t.type({ type: t.literal(type), data }) as unknown as t.Type<
    DomainEvent<T, t.TypeOf<C>>,
    unknown,
    unknown
  >
  const make = (d: t.TypeOf<C>): DomainEvent<T, t.TypeOf<C>> => ({ type, data: d })
  return Object.assign(make, {
    type,
    v: options.v ?? 1,
    codec,
    dataCodec: data as t.Type<t.TypeOf<C>, unknown, unknown>,
    upcasters: options.upcasters ?? {},
    formerly: options.formerly ?? [],
  })
}

/** The event type produced by an event definition (or a tuple of them). */
export type EventOf<D> = D extends EventDef<infer T, infer X> ? DomainEvent<T, X> : never

/** Codec for events whose data is empty. */
export const NoData = t.type({})
