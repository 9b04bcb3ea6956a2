import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { alternate, median, sampleCount, spread } from '../../bench/support/samples'

describe('median', () => {
  it('is the middle value whatever the order', () => {
    expect(median([900, 650, 1122, 700, 667])).toBe(700)
  })

  it('takes the upper middle for an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(3)
  })

  it('leaves as many values at or below it as at or above it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1 }), (values) => {
        const m = median(values)
        expect(values.filter((v) => v <= m).length * 2).toBeGreaterThanOrEqual(values.length)
        expect(values.filter((v) => v >= m).length * 2).toBeGreaterThanOrEqual(values.length)
      }),
    )
  })

  it('does not reorder the values it is given', () => {
    const values = [3, 1, 2]
    median(values)
    expect(values).toEqual([3, 1, 2])
  })

  it('refuses no values', () => {
    expect(() => median([])).toThrow()
  })
})

describe('spread', () => {
  it('is the smallest and the largest value', () => {
    expect(spread([1062, 1291, 1013, 1100])).toEqual({ min: 1013, max: 1291 })
  })

  it('refuses no values', () => {
    expect(() => spread([])).toThrow()
  })
})

describe('sampleCount', () => {
  it('takes a positive whole number', () => {
    expect(sampleCount('3', 7)).toBe(3)
  })

  it.each([undefined, '', ' ', '0', '-2', '2.5', 'seven'])('falls back to the default for %j', (text) => {
    expect(sampleCount(text, 7)).toBe(7)
  })
})

describe('alternate', () => {
  it('takes the samples of the two sides in turns', async () => {
    const order: string[] = []
    let i = 0
    const { a, b } = await alternate(
      3,
      async () => (order.push('a'), i++),
      async () => (order.push('b'), i++),
    )
    expect(order).toEqual(['a', 'b', 'a', 'b', 'a', 'b'])
    expect(a).toEqual([0, 2, 4])
    expect(b).toEqual([1, 3, 5])
  })
})
