/**
 * The versions query sorts by keys parsed once per name (`versionKey`); the order must be the
 * one `compareVersionNames` gives, which the latest version, the SQL aggregate and every other
 * caller use.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareVersionKeys, compareVersionNames, versionKey } from '../../server/catalog/versionOrder'
import { NAMES, versionName } from '../support/versionNames'

const sign = (n: number) => Math.sign(n)

describe('version keys', () => {
  it.each(['ASC', 'DESC'] as const)('compare as the names do (%s)', (direction) => {
    for (const a of NAMES)
      for (const b of NAMES)
        expect(sign(compareVersionKeys(versionKey(a), versionKey(b), direction))).toBe(
          sign(compareVersionNames(a, b, direction)),
        )
    fc.assert(
      fc.property(fc.array(versionName, { maxLength: 30 }), (names) => {
        const byNames = [...names].sort((a, b) => compareVersionNames(a, b, direction))
        const byKeys = names
          .map(versionKey)
          .sort((a, b) => compareVersionKeys(a, b, direction))
          .map((k) => k.name)
        expect(byKeys).toEqual(byNames)
      }),
    )
  })
})
