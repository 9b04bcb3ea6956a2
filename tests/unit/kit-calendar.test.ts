// The DateField's calendar days (ui/shared/kit/calendar.ts, monthGrid.ts): reading what was typed in each
// locale's order of the parts, the month grid, and day and month arithmetic at the edges.
import { describe, expect, it } from 'vitest'
import { readTyped, toIso } from '../../ui/shared/kit/calendar'
import { addDays, addMonths, monthWeeks } from '../../ui/shared/kit/monthGrid'

const US = ['month', 'day', 'year'] as const
const EU = ['day', 'month', 'year'] as const
const ISO = ['year', 'month', 'day'] as const

describe('readTyped', () => {
  it("reads the parts in the locale's order, with any separator", () => {
    expect(readTyped('03/12/2026', US)).toEqual({ kind: 'day', day: { year: 2026, month: 3, day: 12 } })
    expect(readTyped('12.03.2026', EU)).toEqual({ kind: 'day', day: { year: 2026, month: 3, day: 12 } })
    expect(readTyped('2026-3-12', ISO)).toEqual({ kind: 'day', day: { year: 2026, month: 3, day: 12 } })
    expect(readTyped(' 3/12/2026 ', US)).toEqual({ kind: 'day', day: { year: 2026, month: 3, day: 12 } })
  })

  it('reads an ISO day in any locale', () => {
    expect(readTyped('2026-03-12', EU)).toEqual({ kind: 'day', day: { year: 2026, month: 3, day: 12 } })
  })

  it('tells an impossible day or month from a wrong shape', () => {
    expect(readTyped('31.02.2026', EU)).toEqual({ kind: 'noDay', year: 2026, month: 2, day: 31 })
    expect(readTyped('29.02.2024', EU).kind).toBe('day')
    expect(readTyped('29.02.2025', EU).kind).toBe('noDay')
    expect(readTyped('13/01/2026', US)).toEqual({ kind: 'noMonth', month: 13 })
    expect(readTyped('03/12/26', US)).toEqual({ kind: 'shape' })
    expect(readTyped('03/12', US)).toEqual({ kind: 'shape' })
    expect(readTyped('March 12 2026', US)).toEqual({ kind: 'shape' })
    expect(readTyped('   ', US)).toEqual({ kind: 'empty' })
  })
})

describe('calendar days', () => {
  it("lays a month out in weeks from the locale's first day", () => {
    // 1 March 2026 is a Sunday.
    const sundayFirst = monthWeeks(2026, 3, 7)
    expect(sundayFirst[0]![0]).toEqual({ year: 2026, month: 3, day: 1 })
    const mondayFirst = monthWeeks(2026, 3, 1)
    expect(mondayFirst[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null])
    expect(mondayFirst.flat().filter(Boolean)).toHaveLength(31)
    expect(mondayFirst.every((w) => w.length === 7)).toBe(true)
  })

  it('moves across months and years, keeping to the shorter month', () => {
    expect(toIso(addDays({ year: 2026, month: 12, day: 31 }, 1))).toBe('2027-01-01')
    expect(toIso(addMonths({ year: 2026, month: 1, day: 31 }, 1))).toBe('2026-02-28')
    expect(toIso(addMonths({ year: 2026, month: 1, day: 15 }, -1))).toBe('2025-12-15')
    expect(toIso(addMonths({ year: 2026, month: 3, day: 12 }, 12))).toBe('2027-03-12')
  })
})
