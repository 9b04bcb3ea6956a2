/**
 * The registry's working fold (replay's): the slices are held by each area's place, so folding
 * reads the state it starts from once and never writes to it; the state it gives is the
 * immutable fold's, with the start's keys of no area (a snapshot's) kept.
 */
import { describe, expect, it } from 'vitest'
import { createAreaRegistry, type RegistryArea } from '../../domain/areaRegistry'
import type { EventSpec } from '../../domain/shared/area'

type Event = { readonly type: string; readonly data: number }
type State = Record<string, unknown>

/** An area that sums its own events' data and, if it lists them, other areas' events. */
function counter(key: string, evolvesOn?: ReadonlyArray<string>): RegistryArea<Event> {
  return {
    key,
    initialState: 0,
    events: [{ type: `${key}/Added`, v: 1, upcasters: {} } as unknown as EventSpec],
    ...(evolvesOn ? { evolvesOn } : {}),
    evolve: ((n: number, e: Event) =>
      e.type === `${key}/Added` || evolvesOn?.includes(e.type) ? n + e.data : n) as never,
  }
}

const meta = { at: '2026-12-05T00:00:00.000Z' }

const events = (count: number): Event[] =>
  Array.from({ length: count }, (_, i) => ({ type: i % 3 === 0 ? 'a/Added' : 'b/Added', data: i }))

/** `state` behind a proxy that counts the reads of each key and refuses writes. */
function watched(state: State): { state: State; reads: Map<string | symbol, number> } {
  const reads = new Map<string | symbol, number>()
  const proxy = new Proxy(state, {
    get(target, key, receiver) {
      reads.set(key, (reads.get(key) ?? 0) + 1)
      return Reflect.get(target, key, receiver)
    },
    set() {
      throw new Error('the start state was written to')
    },
  })
  return { state: proxy, reads }
}

describe('working fold', () => {
  it('reads each slice of the start once however many events it folds, and writes none', () => {
    const registry = createAreaRegistry<State, Event, RegistryArea<Event>>([
      counter('a'),
      counter('b', ['a/Added']),
    ])
    const start = watched({ ...registry.initialState })
    const fold = registry.working(start.state)
    for (const event of events(300)) fold.evolve(event, meta)
    // The slices were taken when the fold began: 300 events read the start no more.
    expect(Object.fromEntries(start.reads)).toEqual({ a: 1, b: 1 })
    expect(fold.state()).toEqual({ a: 14_850, b: 44_850 })
  })

  it("gives the immutable fold's state, with the start's keys of no area kept", () => {
    const registry = createAreaRegistry<State, Event, RegistryArea<Event>>([
      counter('a'),
      counter('b', ['a/Added']),
    ])
    // A snapshot's state may hold a key no area has (an area since removed): it stays as is.
    const start = { ...registry.initialState, removed: { kept: true } }
    const fold = registry.working(start)
    let immutable: State = start
    for (const event of events(50)) {
      fold.evolve(event, meta)
      immutable = registry.evolve(immutable, event, meta)
    }
    const state = fold.state()
    expect(state).toEqual(immutable)
    expect(state.removed).toBe(start.removed)
    expect(fold.state()).not.toBe(state)
    expect(start).toEqual({ a: 0, b: 0, removed: { kept: true } })
  })

  it('folds a deferred area from the event after it loads', () => {
    const late = counter('c')
    const registry = createAreaRegistry<State, Event, RegistryArea<Event>>([
      counter('a'),
      { key: 'c', initialState: 0, load: async () => late },
    ])
    const fold = registry.working(registry.initialState)
    fold.evolve({ type: 'c/Added', data: 5 }, meta)
    expect(fold.state()).toEqual({ a: 0, c: 0 })
    registry.register(late)
    fold.evolve({ type: 'c/Added', data: 7 }, meta)
    fold.evolve({ type: 'a/Added', data: 1 }, meta)
    expect(fold.state()).toEqual({ a: 1, c: 7 })
  })
})
