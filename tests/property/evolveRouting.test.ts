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
import { eventArbitrary } from '../../bench/support/sampleSession'

const areaList: ReadonlyArray<AnyArea> = areas

/** Every event through every area's evolve: what the registry's fold must equal. */
function foldEverywhere(state: AppState, event: AppEvent): AppState {
  let next: Record<string, unknown> | undefined
  for (const area of areaList) {
    const before = state[area.key]
    const after = (area.evolve as (s: unknown, e: AppEvent) => unknown)(before, event)
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
      fc.property(fc.array(eventArbitrary, { minLength: 200, maxLength: 400 }), (events) => {
        let everywhere = initialAppState
        let routed = initialAppState
        for (const event of events) {
          everywhere = foldEverywhere(everywhere, event)
          routed = eagerAreas.evolve(routed, event)
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
      fc.property(fc.array(eventArbitrary, { minLength: 100, maxLength: 300 }), (events) => {
        let immutable = initialAppState
        const working: Record<string, unknown> = { ...initialAppState }
        for (const event of events) {
          immutable = eagerAreas.evolve(immutable, event)
          eagerAreas.evolveInto(working, event)
        }
        for (const area of areaList) expect(working[area.key], area.key).toEqual(immutable[area.key])
        // The shared initial state is never written to.
        expect(initialAppState).toEqual(eagerAreas.initialState)
      }),
      { numRuns: 30 },
    )
  })

  it('lists only types that exist and belong to another area', () => {
    for (const area of areaList)
      for (const type of area.evolvesOn ?? []) {
        expect(eventSpecs.has(type), `${area.key} lists unknown ${type}`).toBe(true)
        expect(type.startsWith(`${area.key}/`), `${area.key} lists its own ${type}`).toBe(false)
      }
  })
})
