/**
 * Which areas a bus runs, and the fold over them. Node, replay and tests use the eager
 * registry of domain/app.ts (every area loaded). The browser defers the areas the login page
 * never uses: until its module loads, such an area contributes only its initial state, and
 * `evolve` leaves its slice as is. That is exact because a deferred area's `evolve` maps its
 * initial state to itself for every other area's event (a property test checks it), and its
 * own events cannot happen before it loads (only its decide and its lazily loaded effects
 * make them). So the state, the log and its hash are those of the eager fold.
 *
 * An area can also be partly loaded: its commands but a few are decided at once, and those few
 * (the session's account screens) wait, like a deferred area's, for the whole area to load and
 * replace the part. That is exact for the same reason: the part evolves every event the same
 * way as the whole does, and the events only the whole one evolves follow from the waiting
 * commands alone (a unit test checks both, tests/unit/partlyLoadedArea.test.ts).
 *
 * This module imports no area: the entry bundle pays only for the areas passed in.
 */
import type { EventMeta, EventSpec } from './shared/area'

export { MFE_DEFAULT_ORDER, MFE_MOUNT_LIMIT_MS } from './shared/microFrontends'

type AnyEvolve = (slice: unknown, event: unknown, meta: EventMeta) => unknown

/**
 * An area as the registry folds it. The app's areas (domain/app.ts's `AnyArea`) are these; the
 * registry is generic in them, the state `S` and the events `E`, so it imports nothing of the
 * app's composition (which imports it). domain/app.ts names the app's registry types.
 */
export interface RegistryArea<E> {
  readonly key: string
  readonly initialState: unknown
  readonly events: ReadonlyArray<EventSpec>
  readonly evolvesOn?: ReadonlyArray<string>
  evolve(slice: never, event: E, meta: EventMeta): unknown
}

/**
 * Whether an event of `type` reaches `area`'s evolve: the area's own events, those it lists in
 * `evolvesOn`, and every event when it lists nothing.
 */
export function reaches(type: string, area: Pick<RegistryArea<unknown>, 'key' | 'evolvesOn'>): boolean {
  return type.startsWith(`${area.key}/`) || !area.evolvesOn || area.evolvesOn.includes(type)
}

/** An area known only by its initial state until `load` brings its code. */
export interface DeferredArea<S, A> {
  readonly key: keyof S & string
  readonly initialState: S[keyof S]
  readonly load: () => Promise<A>
}

/**
 * An area of which only `area` is loaded: it decides every command but those in `later`, which
 * wait for `load` to bring the whole area (it then replaces `area`).
 */
export interface PartlyLoadedArea<A> {
  readonly area: A
  readonly later: ReadonlySet<string>
  readonly load: () => Promise<A>
}

export interface AreaRegistry<S, E extends { readonly type: string }, A extends RegistryArea<E>> {
  readonly initialState: S
  /** A loaded area, by key. */
  area(key: string): A | undefined
  /** An area that is deferred and not loaded yet, by key. */
  deferred(key: string): DeferredArea<S, A> | undefined
  /**
   * What a command waits for before it can be decided: its area's code when the area is
   * deferred, or the rest of a partly loaded area when the command is one of those it lacks.
   */
  waitsFor(command: string): DeferredArea<S, A> | undefined
  /** Every loaded area, in the canonical order. */
  loaded(): ReadonlyArray<A>
  /**
   * Registers a deferred area's loaded module (its slice is folded from the next event on), or
   * the whole of a partly loaded area in place of its part.
   */
  register(area: A): void
  /** The one fold, over the loaded areas; `meta` is the event's envelope (or its line in a log). */
  evolve(state: S, event: E, meta: EventMeta): S
  /**
   * The same fold over a working copy of `start` that the caller owns and shows nobody until
   * it is done (replay's): no root object is made per event, and the slices are held by each
   * area's place in the canonical order, not looked up by key on every event. The slices
   * themselves stay immutable; `start` is not written to.
   */
  working(start: S): WorkingFold<S, E>
  /** The version an event type is written at (1 when unknown). */
  eventVersion(type: string): number
  /** The codec and version of an event type of a loaded area. */
  eventSpec(type: string): EventSpec | undefined
}

/** A fold in progress (see `AreaRegistry.working`). */
export interface WorkingFold<S, E> {
  evolve(event: E, meta: EventMeta): void
  /** The state folded so far: a new root each call, with the start's keys of no area kept. */
  state(): S
}

/**
 * `areas` lists every area in the canonical order (that of domain/app.ts): loaded ones as
 * areas, deferred ones by their initial state and loader, partly loaded ones by their part.
 * `loaded()` keeps that order, so a late area's policies run where they would have in an eager app.
 */
export function createAreaRegistry<S, E extends { readonly type: string }, A extends RegistryArea<E>>(
  areas: ReadonlyArray<A | DeferredArea<S, A> | PartlyLoadedArea<A>>,
): AreaRegistry<S, E, A> {
  type Entry = A | DeferredArea<S, A> | PartlyLoadedArea<A>
  const isDeferred = (a: Entry): a is DeferredArea<S, A> => 'load' in a && !('later' in a)
  const isPartly = (a: Entry): a is PartlyLoadedArea<A> => 'later' in a
  const whole = (a: Entry): A | DeferredArea<S, A> => (isPartly(a) ? a.area : a)
  const order = areas.map((a) => whole(a).key)
  const byKey = new Map<string, A>()
  const pending = new Map<string, DeferredArea<S, A>>()
  // Partly loaded areas: the commands they lack, and the loader of the whole area.
  const partly = new Map<string, { readonly later: ReadonlySet<string>; readonly rest: DeferredArea<S, A> }>()
  const specs = new Map<string, EventSpec>()
  let active: A[] = []
  // Which loaded areas an event type reaches (its own area, those that list it in `evolvesOn`,
  // and those that declare nothing), in the canonical order; filled as types are seen, emptied when an area loads.
  const routes = new Map<string, A[]>()
  const route = (type: string): A[] => {
    let reached = routes.get(type)
    if (reached === undefined) {
      reached = active.filter((a) => reaches(type, a))
      routes.set(type, reached)
    }
    return reached
  }
  // The same routes for a working fold: each area's evolve with its slice's place in `order`.
  const slotRoutes = new Map<string, ReadonlyArray<{ readonly slot: number; readonly evolve: AnyEvolve }>>()
  const slotRoute = (type: string) => {
    let reached = slotRoutes.get(type)
    if (reached === undefined) {
      reached = route(type).map((a) => ({ slot: order.indexOf(a.key), evolve: a.evolve as AnyEvolve }))
      slotRoutes.set(type, reached)
    }
    return reached
  }
  const add = (area: A) => {
    byKey.set(area.key, area)
    for (const spec of area.events) specs.set(spec.type, spec)
    active = order.flatMap((key) => byKey.get(key) ?? [])
    routes.clear()
    slotRoutes.clear()
  }
  for (const a of areas) {
    if (isDeferred(a)) pending.set(a.key, a)
    else if (isPartly(a)) {
      add(a.area)
      partly.set(a.area.key, {
        later: a.later,
        rest: {
          key: a.area.key as keyof S & string,
          initialState: a.area.initialState as S[keyof S],
          load: a.load,
        },
      })
    } else add(a)
  }
  const initialState = Object.fromEntries(
    areas.map(whole).map((a) => [a.key, a.initialState]),
  ) as unknown as S

  return {
    initialState,
    area: (key) => byKey.get(key),
    deferred: (key) => pending.get(key),
    waitsFor(command) {
      const key = command.slice(0, command.indexOf('/'))
      const part = partly.get(key)
      return pending.get(key) ?? (part?.later.has(command) ? part.rest : undefined)
    },
    loaded: () => active,
    register(area) {
      if (!pending.delete(area.key) && !partly.delete(area.key)) return
      add(area)
    },
    // Only the areas the event reaches are asked, and a new root object is made only when
    // some slice changed (replay speed depends on both).
    evolve(state, event, meta) {
      const root = state as Record<string, unknown>
      let next: Record<string, unknown> | undefined
      for (const area of route(event.type)) {
        const before = root[area.key]
        const after = (area.evolve as AnyEvolve)(before, event, meta)
        if (after !== before) {
          next ??= { ...root }
          next[area.key] = after
        }
      }
      return (next as S | undefined) ?? state
    },
    working(start) {
      const root = start as Record<string, unknown>
      // An array indexed by place, not a keyed read and write of a root per area per event:
      // the fold alone runs 5–10% faster (docs/figures.md).
      const slots = order.map((key) => root[key])
      return {
        evolve(event, meta) {
          const reached = slotRoute(event.type)
          // An index, not for…of: replay folds every event here, and an iterator is an object.
          for (let i = 0; i < reached.length; i++) {
            const { slot, evolve } = reached[i]!
            slots[slot] = evolve(slots[slot], event, meta)
          }
        },
        state() {
          const out: Record<string, unknown> = { ...root }
          for (let i = 0; i < order.length; i++)
            if (slots[i] !== undefined || Object.hasOwn(root, order[i]!)) out[order[i]!] = slots[i]
          return out as S
        },
      }
    },
    eventVersion: (type) => specs.get(type)?.v ?? 1,
    eventSpec: (type) => specs.get(type),
  }
}
