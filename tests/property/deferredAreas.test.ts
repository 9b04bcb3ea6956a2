/**
 * What makes deferring an area's domain code exact (commands/browserApp.ts): until it loads,
 * the browser leaves a deferred area's slice at its initial state, which is what the area's
 * own `evolve` would give for every event of another area. Its own events cannot happen
 * before it loads (only its decide and its lazily loaded effects make them).
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { browserAreas } from '../../commands/browserApp'
import { areaManifests } from '../../ui/areas'
import { areaByKey, eventSpecs, initialAppState, type AppEvent } from '../../domain/app'
import { arbitraryFromCodec } from '../support/arbitraryFromCodec'
import { fold, specEventMeta } from '../support/decider'

const registry = browserAreas(areaManifests)
const deferredKeys = [...areaByKey.keys()].filter((key) => registry.deferred(key) !== undefined)

/** Any event of an area other than `key`, with data its codec accepts. */
const foreignEvent = (key: string): fc.Arbitrary<AppEvent> =>
  fc.oneof(
    ...[...eventSpecs.values()]
      .filter((spec) => !spec.type.startsWith(`${key}/`))
      .map((spec) => {
        const data = (spec.codec as unknown as { props: { data: Parameters<typeof arbitraryFromCodec>[0] } })
          .props.data
        return arbitraryFromCodec(data).map((d) => ({ type: spec.type, data: d }) as AppEvent)
      }),
  )

describe('deferred areas', () => {
  it('are the areas the login page never uses', () => {
    // The login page's areas load with the entry; any other is deferred, a new one included.
    const loginPage = ['bus', 'platform', 'session', 'navigation', 'tour', 'preferences', 'notifications']
    const others = [...areaByKey.keys()].filter((key) => !loginPage.includes(key))
    expect(deferredKeys.sort()).toEqual(others.sort())
  })

  it('start from the same state as the eager app', () => {
    expect(registry.initialState).toEqual(initialAppState)
  })

  for (const key of deferredKeys)
    it(`${key}: evolve keeps the initial state for every other area's event`, () => {
      const area = areaByKey.get(key)!
      const evolve = (slice: unknown, event: AppEvent): unknown =>
        (area.evolve as (s: unknown, e: AppEvent, m: typeof specEventMeta) => unknown)(
          slice,
          event,
          specEventMeta,
        )
      fc.assert(
        fc.property(foreignEvent(key), (event) => {
          expect(evolve(area.initialState, event)).toEqual(area.initialState)
        }),
        { numRuns: 500 },
      )
    })

  for (const key of deferredKeys)
    it(`${key}: evolve keeps the initial state through sequences of other areas' events`, () => {
      const area = areaByKey.get(key)!
      const evolve = area.evolve as (s: unknown, e: AppEvent, m: typeof specEventMeta) => unknown
      fc.assert(
        fc.property(fc.array(foreignEvent(key), { maxLength: 20 }), (events) => {
          expect(fold(evolve, events, area.initialState)).toEqual(area.initialState)
        }),
        { numRuns: 100 },
      )
    })
})
