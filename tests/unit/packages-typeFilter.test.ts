import { describe, expect, it } from 'vitest'
import { TYPES_SHOWN_FOLDED, typeFilterChoices } from '../../domain/packages/filterForm'

const OFFERED = ['npm', 'maven', 'docker', 'go', 'pypi', 'nuget', 'helm', 'debian', 'gems', 'cargo']

describe("the package-type filter's list", () => {
  it('puts the chosen types first, then a few others, and counts what it folds away', () => {
    const { shown, hidden } = typeFilterChoices(OFFERED, ['cargo', 'helm'], false)
    expect(shown.slice(0, 2)).toEqual(['cargo', 'helm'])
    expect(shown).toHaveLength(2 + TYPES_SHOWN_FOLDED)
    expect(hidden).toBe(OFFERED.length - 2 - TYPES_SHOWN_FOLDED)
    expect(new Set(shown).size).toBe(shown.length)
  })

  it('shows a type chosen in the bar that the platform does not offer', () => {
    expect(typeFilterChoices(OFFERED, ['conan'], false).shown[0]).toBe('conan')
  })

  it('the types search offers first come before the others, in that order', () => {
    const offered = ['alpine', 'bower', 'cargo', 'npm', 'docker', 'chef', 'maven']
    expect(typeFilterChoices(offered, [], false, ['docker', 'npm', 'maven']).shown.slice(0, 4)).toEqual([
      'docker',
      'npm',
      'maven',
      'alpine',
    ])
  })

  it('unfolded, it lists every type once', () => {
    const { shown, hidden } = typeFilterChoices(OFFERED, ['go', 'go'], true)
    expect(hidden).toBe(0)
    expect([...shown].sort()).toEqual([...OFFERED].sort())
    expect(shown[0]).toBe('go')
  })
})
