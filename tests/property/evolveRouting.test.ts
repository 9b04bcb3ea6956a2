/**
 * The fold asks only the areas an event reaches (domain/areaRegistry.ts): the event's own area
 * and the areas that list its type in `evolvesOn`. That is exact only if no area's `evolve`
 * reacts to an event of another area it does not list. These properties fold random sessions
 * through every area, as the fold did before routing, and through the registry, and compare.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  areas,
  eagerAreas,
  eventSpecs,
  initialAppState,
  type AnyArea,
  type AppEvent,
  type AppState,
} from '../../domain/app'
import type { EventMeta } from '../../domain/shared/area'
import { eventArbitrary } from '../../bench/support/sampleSession'

/** An event with the time its envelope says (any time: routing must not depend on it). */
const recordedArbitrary: fc.Arbitrary<{ readonly event: AppEvent; readonly at: string }> = fc
  .tuple(
    eventArbitrary,
    fc.integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2030-01-01T00:00:00Z') }),
  )
  .map(([event, ms]) => ({ event, at: new Date(ms).toISOString() }))

const areaList: ReadonlyArray<AnyArea> = areas

/** Every event through every area's evolve: what the registry's fold must equal. */
function foldEverywhere(state: AppState, event: AppEvent, meta: EventMeta): AppState {
  let next: Record<string, unknown> | undefined
  for (const area of areaList) {
    const before = state[area.key]
    const after = (area.evolve as (s: unknown, e: AppEvent, m: EventMeta) => unknown)(before, event, meta)
    if (after !== before) {
      next ??= { ...state }
      next[area.key] = after
    }
  }
  return (next as AppState | undefined) ?? state
}

describe('routing events to the areas that evolve on them', () => {
  it('every event type is named after its area (the routing key)', () => {
    for (const area of areaList)
      for (const spec of area.events) expect(spec.type.startsWith(`${area.key}/`), spec.type).toBe(true)
    expect(eventSpecs.size).toBeGreaterThan(100)
  })

  it('folds random sessions to the same state as asking every area', () => {
    fc.assert(
      fc.property(fc.array(recordedArbitrary, { minLength: 200, maxLength: 400 }), (recorded) => {
        let everywhere = initialAppState
        let routed = initialAppState
        for (const meta of recorded) {
          const { event } = meta
          everywhere = foldEverywhere(everywhere, event, meta)
          routed = eagerAreas.evolve(routed, event, meta)
          for (const area of areaList) {
            // Named so a failure says which declaration is missing.
            if (routed[area.key] !== everywhere[area.key])
              expect(
                routed[area.key],
                `${area.key}'s evolve reacted to ${event.type}: add it to ${area.key}'s evolvesOn`,
              ).toEqual(everywhere[area.key])
          }
        }
      }),
      { numRuns: 40 },
    )
  })

  it('folding into a working root (replay) gives the same slices as the immutable fold', () => {
    fc.assert(
      fc.property(fc.array(recordedArbitrary, { minLength: 100, maxLength: 300 }), (recorded) => {
        let immutable = initialAppState
        const fold = eagerAreas.working(initialAppState)
        for (const meta of recorded) {
          immutable = eagerAreas.evolve(immutable, meta.event, meta)
          fold.evolve(meta.event, meta)
        }
        const working = fold.state()
        for (const area of areaList) expect(working[area.key], area.key).toEqual(immutable[area.key])
        // The shared initial state is never written to.
        expect(initialAppState).toEqual(eagerAreas.initialState)
      }),
      { numRuns: 30 },
    )
  })

  it('every area says which events of other areas it evolves on', () => {
    // An area that says nothing is asked about every event: four such areas made each event of
    // a replay reach five evolves where one would do.
    const silent = areaList.filter((area) => area.evolvesOn === undefined).map((area) => area.key)
    expect(silent, 'give these areas an evolvesOn ([] for none)').toEqual([])
  })

  it('lists only types that exist and belong to another area', () => {
    for (const area of areaList)
      for (const type of area.evolvesOn ?? []) {
        expect(eventSpecs.has(type), `${area.key} lists unknown ${type}`).toBe(true)
        expect(type.startsWith(`${area.key}/`), `${area.key} lists its own ${type}`).toBe(false)
      }
  })
})
