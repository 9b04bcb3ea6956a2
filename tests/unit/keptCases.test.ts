// A property's failing case is kept once, shrunk, with its seed and path, and read back.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { assertKeeping, keptCases } from '../support/keptCases'

const fresh = () => pathToFileURL(join(mkdtempSync(join(tmpdir(), 'kept-')), 'cases.json'))
const underTen = (n: number): void => {
  expect(n).toBeLessThan(10)
}

describe('kept cases of a property', () => {
  it('a failure is kept shrunk, with its seed and path, and found again only once', () => {
    const file = fresh()
    const wasCi = process.env.CI
    delete process.env.CI
    try {
      expect(() => assertKeeping(file, fc.nat(1000), underTen, { seed: 7 })).toThrow(/seed: 7/)
      expect(() => assertKeeping(file, fc.nat(1000), underTen, { seed: 8 })).toThrow(/Counterexample: \[10\]/)
    } finally {
      if (wasCi !== undefined) process.env.CI = wasCi
    }
    const cases = keptCases<number>(file)
    expect(cases.map((c) => [c.value, c.seed])).toEqual([[10, 7]])
    expect(cases[0]!.found).toMatch(/less than 10/)
    expect(cases[0]!.path).not.toBe('')
  })

  it('a property that holds keeps nothing; CI keeps nothing either', () => {
    const file = fresh()
    assertKeeping(file, fc.nat(9), underTen)
    expect(keptCases(file)).toEqual([])
    const wasCi = process.env.CI
    process.env.CI = 'true'
    try {
      expect(() => assertKeeping(file, fc.nat(1000), underTen)).toThrow()
    } finally {
      if (wasCi === undefined) delete process.env.CI
      else process.env.CI = wasCi
    }
    expect(keptCases(file)).toEqual([])
  })
})
