import { left, type Either } from 'fp-ts/Either'
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

/**
 * A part of an area's slice that decides on its own: the fields of the slice it owns (its
 * `decide`, `evolve` and `policies` see these alone, `T`), the commands it decides, the events
 * it reacts to, and, like a `SliceArea`, the small named context it reads of the rest of the
 * state. An area grown to hold several features is composed of parts with `ofParts`, so each
 * can be read and tested on its own while the state, the events and the log keep their shape.
 */
export interface SlicePart<
  T,
  C extends { type: string },
  E,
  X = undefined,
  P extends { type: string } = never,
  R = unknown,
> {
  readonly fields: ReadonlyArray<keyof T & string>
  readonly commandTypes: ReadonlyArray<C['type']>
  /** Every event type its `evolve` (and `policies`) react to, the area's own and others'. */
  readonly eventTypes: ReadonlyArray<string>
  readonly contextOf?: (state: R) => X
  decide(command: C, slice: T, context: X, meta: CommandMeta): Either<string, ReadonlyArray<E>>
  evolve(slice: T, event: E, meta: EventMeta): T
  policies?(envelope: Envelope<E>, slice: T, context: X): ReadonlyArray<P>
}

/** The parts' contexts are read by the parts alone: the composed area hands them the state. */
type PartsContext<R> = { readonly root: R }

/**
 * One slice area made of parts: a command goes to the one part that decides it, an event to the
 * parts that react to it, each seeing only its fields and its own context. A field belongs to
 * one part; a command to one part (both checked here, once).
 */
export function ofParts<
  K extends string,
  S extends object,
  C extends { type: string },
  E extends { type: string },
  P extends { type: string },
  R,
>(
  area: Pick<SliceArea<K, S, C, E>, 'key' | 'initialState' | 'events' | 'commands'>,
  parts: ReadonlyArray<SlicePart<Partial<S>, C, E, unknown, P, R>>,
): SliceArea<K, S, C, E, PartsContext<R>, P, R> {
  type Part = (typeof parts)[number]
  const byCommand = new Map<string, Part>()
  const byEvent = new Map<string, Part[]>()
  const owner = new Map<string, Part>()
  for (const part of parts) {
    for (const type of part.commandTypes) {
      if (byCommand.has(type)) throw new Error(`${type} is decided by two parts of ${area.key}`)
      byCommand.set(type, part)
    }
    for (const field of part.fields) {
      if (owner.has(field)) throw new Error(`${area.key}.${field} is owned by two parts`)
      owner.set(field, part)
    }
    for (const type of part.eventTypes) byEvent.set(type, [...(byEvent.get(type) ?? []), part])
  }
  // The fields each part was last handed, with the slice they were read from. Most events change
  // nothing of most parts: reading a part's fields anew for every event, and taking the slice
  // apart with `delete` to put it back together, were a quarter of replay's fold.
  const lastRead = new Map<Part, { readonly slice: S; readonly fields: Partial<S> }>()
  const own = (slice: S, part: Part): Partial<S> => {
    const last = lastRead.get(part)
    if (last !== undefined && last.slice === slice) return last.fields
    const fields: Record<string, unknown> = {}
    for (const field of part.fields) if (field in slice) fields[field] = slice[field as keyof S]
    lastRead.set(part, { slice, fields: fields as Partial<S> })
    return fields as Partial<S>
  }
  const replaced = (slice: S, part: Part, next: Partial<S>): S => {
    // One spread and an assign: a literal with two spreads copied the second by the engine's
    // slow path, half of the area's fold (a CPU profile of replay).
    let out: Record<string, unknown> = Object.assign({ ...(slice as Record<string, unknown>) }, next)
    // A field the part's new fields leave out is gone from the slice (rare: a cleared option),
    // copied without it rather than deleted: a deleted key leaves a slow dictionary object,
    // which every later spread of the slice pays for.
    if (part.fields.some((field) => !(field in next) && field in out)) {
      const kept: Record<string, unknown> = {}
      for (const key of Object.keys(out))
        if (key in next || !part.fields.includes(key as (typeof part.fields)[number])) kept[key] = out[key]
      out = kept
    }
    lastRead.set(part, { slice: out as S, fields: next })
    return out as S
  }
  const contextOf = (part: Part, root: R): unknown => (part.contextOf ? part.contextOf(root) : undefined)
  const ownPrefix = `${area.key}/`
  return {
    ...area,
    evolvesOn: [...byEvent.keys()].filter((type) => !type.startsWith(ownPrefix)),
    contextOf: (root) => ({ root }),
    decide(command, slice, { root }, meta) {
      const part = byCommand.get(command.type)
      if (!part) return left(`no part of ${area.key} decides ${command.type}`)
      return part.decide(command, own(slice, part), contextOf(part, root), meta)
    },
    evolve(slice, event, meta) {
      const reacting = byEvent.get(event.type)
      if (reacting === undefined) return slice
      let next = slice
      // An index, not for…of: replay folds every event of the area here.
      for (let i = 0; i < reacting.length; i++) {
        const part = reacting[i]!
        const before = own(next, part)
        const after = part.evolve(before, event, meta)
        if (after !== before) next = replaced(next, part, after)
      }
      return next
    },
    policies(envelope, slice, { root }) {
      return (byEvent.get(envelope.event.type) ?? []).flatMap((part) =>
        part.policies ? part.policies(envelope, own(slice, part), contextOf(part, root)) : [],
      )
    },
  }
}
