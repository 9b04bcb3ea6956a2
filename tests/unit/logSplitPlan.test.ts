/**
 * The split replay's plan (domain/logSplit.ts) weighs the areas over the whole log: a log whose
 * first lines are all one area's and whose bytes are nearly all two others' puts those two on
 * different sides. Any plan is exact; this one keeps the two threads' work about even.
 */
import { describe, expect, it } from 'vitest'
import { areas, eventSpecs } from '../../domain/app'
import { reaches } from '../../domain/areaRegistry'
import { planSplit } from '../../domain/logSplit'

/** For each area, a type whose events reach that area only. */
function typeOfOneArea(): Map<number, string> {
  const found = new Map<number, string>()
  for (const [type, spec] of eventSpecs) {
    const places = areas.flatMap((a, place) => (reaches(spec.type, a) ? [place] : []))
    if (places.length === 1 && !found.has(places[0]!)) found.set(places[0]!, type)
  }
  return found
}

const line = (seq: number, type: string, padding: number) =>
  JSON.stringify({
    kind: 'event',
    seq,
    at: '',
    source: 'ui',
    corr: '',
    type,
    v: 1,
    data: { p: 'x'.repeat(padding) },
  })

describe('the split replay’s plan', () => {
  it('weighs the whole log, not only its first lines', () => {
    const [light, a, b] = [...typeOfOneArea()]
    if (!light || !a || !b) throw new Error('three areas with a type of their own are needed')
    const [lightType, aType, bType] = [light[1], a[1], b[1]]
    const lines = [JSON.stringify({ kind: 'header' })]
    for (let i = 0; i < 5_000; i++) lines.push(line(lines.length, lightType, 0))
    for (let i = 0; i < 1_000; i++) lines.push(line(lines.length, i % 2 === 0 ? aType : bType, 2_000))
    const { sides } = planSplit(`${lines.join('\n')}\n`)
    expect(sides[a[0]]).not.toBe(sides[b[0]])
  })
})
