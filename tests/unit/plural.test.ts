import { describe, expect, it } from 'vitest'
import { counted, pluralForm } from '../../domain/shared/plural'

const PACKAGE = { one: 'package', other: 'packages' }

describe('counted words follow the plural rules', () => {
  it('one package, no packages, 2 packages, and grouped thousands', () => {
    expect(counted(1, PACKAGE)).toBe('1 package')
    expect(counted(0, PACKAGE)).toBe('0 packages')
    expect(counted(2, PACKAGE)).toBe('2 packages')
    expect(counted(1204, PACKAGE)).toBe('1,204 packages')
  })

  it('a fraction is never "one" in English (1.5 packages)', () => {
    expect(pluralForm(1.5, PACKAGE)).toBe('packages')
  })

  it('a category without its own form falls back to other', () => {
    expect(pluralForm(1, { other: 'sheep', one: 'sheep' })).toBe('sheep')
  })
})
