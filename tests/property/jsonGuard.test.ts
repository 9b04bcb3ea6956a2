/**
 * Replay checks each event's data with a guard built from its codec (domain/shared/jsonGuard.ts)
 * instead of io-ts's `is`: for every event type the client declares, the two must give the same
 * answer, for data the codec accepts, for that data with one field changed or removed, and for
 * any JSON at all. The bus checks each event it records with the guard of the whole event's
 * codec (domain/shared/eventCheck.ts): the same, around the data.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import * as t from 'io-ts'
import { eventSpecs } from '../../domain/app'
import { jsonGuard } from '../../domain/shared/jsonGuard'
import { arbitraryFromCodec } from '../support/arbitraryFromCodec'

const specs = [...eventSpecs.values()].filter((s) => s.dataCodec !== undefined)

/** The value with one field (at any depth) replaced by `replacement`, or removed when it is undefined. */
function changeOneField(value: unknown, pick: number, replacement: unknown): unknown {
  const paths: Array<Array<string | number>> = []
  const walk = (v: unknown, path: Array<string | number>) => {
    if (typeof v !== 'object' || v === null) return
    for (const k of Object.keys(v)) {
      const key = Array.isArray(v) ? Number(k) : k
      paths.push([...path, key])
      walk((v as Record<string, unknown>)[k], [...path, key])
    }
  }
  walk(value, [])
  if (paths.length === 0) return replacement
  const path = paths[pick % paths.length]!
  const copy = structuredClone(value) as Record<string | number, unknown>
  let at = copy
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  if (replacement === undefined && !Array.isArray(at)) delete at[last]
  else at[last] = replacement
  return copy
}

describe('the JSON guard of an event codec', () => {
  it('covers event types', () => {
    expect(specs.length).toBeGreaterThan(100)
  })

  it.each(specs.map((s) => [s.type, s] as const))('answers as io-ts does for %s', (_, spec) => {
    const codec = spec.dataCodec as t.Mixed
    const guard = jsonGuard(codec)
    const eventGuard = jsonGuard(spec.codec)
    const valid = arbitraryFromCodec(codec as Parameters<typeof arbitraryFromCodec>[0])
    fc.assert(
      fc.property(
        valid,
        fc.nat(),
        fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 2 })),
        fc.jsonValue({ maxDepth: 3 }),
        (data, pick, replacement, anything) => {
          // Through JSON, as replay sees it.
          const parsed: unknown = JSON.parse(JSON.stringify(data) ?? 'null')
          expect(guard(parsed)).toBe(codec.is(parsed))
          const changed: unknown = JSON.parse(
            JSON.stringify(changeOneField(parsed, pick, replacement)) ?? 'null',
          )
          expect(guard(changed)).toBe(codec.is(changed))
          expect(guard(anything)).toBe(codec.is(anything))
          for (const event of [
            { type: spec.type, data: parsed },
            { type: spec.type, data: changed },
            { type: `${spec.type}x`, data: parsed },
            anything,
          ])
            expect(eventGuard(event)).toBe(spec.codec.is(event))
        },
      ),
      { numRuns: 40 },
    )
  })

  it('keeps the answer of combinators it has no case for', () => {
    const record = t.record(t.string, t.number)
    expect(jsonGuard(record)({ a: 1 })).toBe(true)
    expect(jsonGuard(record)({ a: 'x' })).toBe(false)
    const strict = t.strict({ a: t.string })
    expect(jsonGuard(strict)({ a: 'x', b: 1 })).toBe(strict.is({ a: 'x', b: 1 }))
    expect(jsonGuard(t.Int)(1.5)).toBe(false)
    expect(jsonGuard(t.Int)(2)).toBe(true)
  })
})
