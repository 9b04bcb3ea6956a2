// An area made of parts (domain/shared/area.ts `ofParts`): each part decides and evolves on the
// fields it owns with its own context.
import { describe, expect, it } from 'vitest'
import { left, right } from 'fp-ts/Either'
import { ofParts, type SlicePart } from '../../domain/shared/area'
import { contactArea } from '../../domain/contact/decider'
import { personalizationArea } from '../../domain/personalization/decider'
import { specMeta, specEventMeta } from '../support/decider'

interface Counters {
  readonly a?: number
  readonly b?: number
}
type Command = { readonly type: 't/BumpA' } | { readonly type: 't/BumpB' }
type Event =
  { readonly type: 't/Bumped'; readonly data: { readonly by: number } } | { readonly type: 'x/Reset' }
interface Root {
  readonly step: number
}

const seen: Array<{ part: string; slice: unknown; context: unknown }> = []
const partOf = (
  name: 'a' | 'b',
  command: Command['type'],
): SlicePart<Pick<Counters, typeof name>, Command, Event, { step: number }, Command, Root> => ({
  fields: [name],
  commandTypes: [command],
  eventTypes: ['t/Bumped', 'x/Reset'],
  contextOf: (root) => ({ step: root.step }),
  decide(_command, slice, context) {
    seen.push({ part: name, slice, context })
    return right([{ type: 't/Bumped', data: { by: context.step } }])
  },
  evolve(slice, event) {
    if (event.type === 'x/Reset') return slice[name] === undefined ? slice : {}
    return { [name]: (slice[name] ?? 0) + event.data.by }
  },
  policies: ({ event }) => (event.type === 'x/Reset' ? [{ type: command }] : []),
})

const area = ofParts<'t', Counters, Command, Event, Command, Root>(
  { key: 't', initialState: {}, events: [] },
  [partOf('a', 't/BumpA'), partOf('b', 't/BumpB')],
)

describe('an area of parts', () => {
  it('hands a command to the part that decides it, with its fields and its context alone', () => {
    seen.length = 0
    expect(area.decide({ type: 't/BumpB' }, { a: 1, b: 2 }, { root: { step: 3 } }, specMeta)).toEqual(
      right([{ type: 't/Bumped', data: { by: 3 } }]),
    )
    expect(seen).toEqual([{ part: 'b', slice: { b: 2 }, context: { step: 3 } }])
  })

  it('folds an event through every part that reacts to it, each on its own fields', () => {
    expect(area.evolve({ a: 1 }, { type: 't/Bumped', data: { by: 2 } }, specEventMeta)).toEqual({
      a: 3,
      b: 2,
    })
  })

  it('keeps the slice itself when no part changes it', () => {
    const slice = {}
    expect(area.evolve(slice, { type: 'x/Reset' }, specEventMeta)).toBe(slice)
  })

  it('leaves out of the slice a field its part no longer has, and reads each slice afresh', () => {
    const bumped = { type: 't/Bumped', data: { by: 1 } } as const
    const reset = area.evolve({ a: 1, b: 2 }, { type: 'x/Reset' }, specEventMeta)
    expect(Object.keys(reset)).toEqual([])
    expect(area.evolve(reset, bumped, specEventMeta)).toEqual({ a: 1, b: 1 })
    // Another slice after that one: its own fields, not those read last.
    expect(area.evolve({ a: 10 }, bumped, specEventMeta)).toEqual({ a: 11, b: 1 })
    expect(area.evolve({ a: 10, b: 7 }, bumped, specEventMeta)).toEqual({ a: 11, b: 8 })
  })

  it('reacts to other areas’ events only as its parts list them', () => {
    expect(area.evolvesOn).toEqual(['x/Reset'])
    expect(
      area.policies?.(
        { seq: 1, at: '', source: 'ui', corr: 'c', event: { type: 'x/Reset' } },
        {},
        { root: { step: 1 } },
      ),
    ).toEqual([{ type: 't/BumpA' }, { type: 't/BumpB' }])
  })

  it('refuses a field or a command claimed by two parts', () => {
    expect(() =>
      ofParts({ key: 't', initialState: {}, events: [] }, [partOf('a', 't/BumpA'), partOf('a', 't/BumpB')]),
    ).toThrow(/t\.a is owned by two parts/)
    expect(() =>
      ofParts({ key: 't', initialState: {}, events: [] }, [partOf('a', 't/BumpA'), partOf('b', 't/BumpA')]),
    ).toThrow(/t\/BumpA is decided by two parts/)
  })

  it('rejects a command no part decides', () => {
    const one = ofParts<'t', Counters, Command, Event, Command, Root>(
      { key: 't', initialState: {}, events: [] },
      [partOf('a', 't/BumpA')],
    )
    expect(one.decide({ type: 't/BumpB' }, {}, { root: { step: 1 } }, specMeta)).toEqual(
      left('no part of t decides t/BumpB'),
    )
  })
})

describe('the areas that were onboarding’s parts', () => {
  it('list the other areas’ events they evolve on themselves', () => {
    // ModalClosed was contact us's through the onboarding area; personalization evolves on none.
    expect(contactArea.evolvesOn).toEqual(['navigation/ModalClosed'])
    expect(personalizationArea.evolvesOn).toBeUndefined()
  })
})
