import type { Either } from 'fp-ts/Either'
import type * as t from 'io-ts'
import type { DomainEvent, Upcaster } from './events'

/** Time and ids enter `decide` here, never from a clock read inside the domain. */
export interface CommandMeta {
  /** ISO timestamp of the moment the command was handled. */
  readonly now: string
  /** A fresh id the decision may use (e.g. for a toast or a recent search). */
  readonly id: string
}

/** The moment of `now` in epoch milliseconds (derived, so it is never a second copy that can disagree). */
export const epochMs = (meta: Pick<CommandMeta, 'now'>): number => Date.parse(meta.now)

/**
 * What `evolve` knows of an event besides the event: when it was recorded (its envelope's `at`).
 * An envelope or a log line is one as it is, so the bus and replay pass theirs and make no object
 * per event. An event carries no copy of this time (no stored derivables).
 */
export interface EventMeta {
  readonly at: string
}

/** The moment an event was recorded, in epoch milliseconds. */
export const recordedMs = (meta: EventMeta): number => Date.parse(meta.at)

export type Source = 'ui' | 'router' | 'policy' | 'effect' | 'script'

/** An event as recorded: its place in the log and why it happened. */
export interface Envelope<E> {
  readonly seq: number
  readonly at: string
  readonly source: Source
  /** Correlation id: shared by a command, the events it caused, and their consequences. */
  readonly corr: string
  readonly event: E
}

/** What replay needs to know about an event type; `defineEvent` produces it. */
export interface EventSpec {
  readonly type: string
  readonly v: number
  /** `is` is replay's fast path; `decode` explains a failure. */
  readonly codec: t.Decoder<unknown, DomainEvent> & { is(u: unknown): boolean }
  /** The data's codec alone: replay's fast path checks it before making the event. */
  readonly dataCodec?: { is(u: unknown): boolean }
  readonly upcasters: Readonly<Record<number, Upcaster>>
  /** Earlier type strings of the event (before it moved area), read as this one. */
  readonly formerly?: ReadonlyArray<string>
}

/** The commands whose type starts with `K/`: a command is routed to the area named by its prefix. */
export type CommandsOf<C, K extends string> = Extract<C, { type: `${K}/${string}` }>

/**
 * One feature area of the client: a slice of state, the events it owns, and the pure
 * decide/evolve pair (the Decider pattern). `evolve` sees every event, so an area can react
 * to another area's facts (e.g. clearing on `session/SignedOut`).
 */
export interface Area<S, C extends { type: string }, E, K extends keyof S & string> {
  readonly key: K
  readonly initialState: S[K]
  readonly events: ReadonlyArray<EventSpec>
  decide(command: CommandsOf<C, K>, state: S, meta: CommandMeta): Either<string, ReadonlyArray<E>>
  /** `meta` is the event's envelope (or what of it evolve needs): the time it was recorded. */
  evolve(slice: S[K], event: E, meta: EventMeta): S[K]
  /**
   * The event types of other areas this area's `evolve` reacts to. When given (`[]` for none),
   * only these and the area's own events (`<key>/…`) reach its `evolve`; folding every event
   * through every area was most of replay's cost. Without it, every event does (correct, only
   * slower). A property test folds random sessions both ways and names a type missing here.
   */
  readonly evolvesOn?: ReadonlyArray<string>
  /**
   * The codec of each of the area's commands (`commandCodecs.gen.ts`): the bus decodes a
   * command's fields with it before `decide`, so a script's partial or odd payload is rejected
   * with the decode error instead of reaching the decider. Every area has one (a unit test).
   */
  readonly commands?: CommandCodecs<CommandsOf<C, K>>
  /** Pure reactions: an event (with the state it produced) asks for further commands. */
  policies?(envelope: Envelope<E>, state: S): ReadonlyArray<C>
}

/**
 * The codec of every command of an area, by type: the fields a command must carry, decoded
 * before it is decided (domain/<area>/commandCodecs.gen.ts, written from the command types).
 */
export type CommandCodecs<C extends { type: string }> = {
  readonly [K in C['type']]: t.Decoder<unknown, unknown>
}

/**
 * An area that decides on its own slice: the rest of the state reaches its `decide` and its
 * `policies` only as the small named context it declares (`contextOf`), so the area can be read
 * and tested on its own and imports nothing of the app's composition. `evolve` sees the area's
 * own events and those listed in `evolvesOn`. The app composes it with `onSlice` into an `Area`.
 *
 * `X` is the context, `P` the commands its policies ask for (any area's), `R` the slices
 * `contextOf` reads (the app's state must be one): each says what the area depends on by name.
 */
export interface SliceArea<
  K extends string,
  S,
  C extends { type: string },
  E,
  X = undefined,
  P extends { type: string } = never,
  R = unknown,
> {
  readonly key: K
  readonly initialState: S
  readonly events: ReadonlyArray<EventSpec>
  readonly evolvesOn?: ReadonlyArray<string>
  readonly commands?: CommandCodecs<C>
  /** What the decisions need of the rest of the state, by name; none when absent. */
  readonly contextOf?: (state: R) => X
  decide(command: C, slice: S, context: X, meta: CommandMeta): Either<string, ReadonlyArray<E>>
  evolve(slice: S, event: E, meta: EventMeta): S
  /** Pure reactions: an event, with the slice and context it produced, asks for commands. */
  policies?(envelope: Envelope<E>, slice: S, context: X): ReadonlyArray<P>
}

/** A slice area as the bus runs it: `decide` and `policies` get the area's slice and context. */
export function onSlice<
  S extends Record<K, unknown>,
  C extends { type: string },
  E,
  K extends keyof S & string,
  X,
  P extends C = never,
>(area: SliceArea<K, S[K], CommandsOf<C, K>, E, X, P, S>): Area<S, C, E, K> {
  const { contextOf, decide, policies, ...rest } = area
  const context = (state: S) => (contextOf ? contextOf(state) : undefined) as X
  return {
    ...rest,
    decide: (command, state, meta) => decide(command, state[area.key], context(state), meta),
    ...(policies
      ? { policies: (envelope, state) => policies(envelope, state[area.key], context(state)) }
      : {}),
  }
}
