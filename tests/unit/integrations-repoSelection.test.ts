/** The repository selection's rules (domain/integrations/repoSelection.ts). */
import { describe, expect, it } from 'vitest'
import {
  allChosenState,
  selectionChanged,
  selectionToSave,
  withRepo,
} from '../../domain/integrations/repoSelection'

const set = (...names: string[]) => new Set(names)

describe('repository selection', () => {
  it.each([
    ['the same names', set('a', 'b'), set('b', 'a'), false],
    ['one more', set('a'), set('a', 'b'), true],
    ['another of the same count', set('a'), set('b'), true],
  ] as const)('changed: %s', (_, saved, chosen, expected) => {
    expect(selectionChanged(saved, chosen)).toBe(expected)
  })

  it.each([
    ['none', set(), 3, false],
    ['all', set('a', 'b', 'c'), 3, true],
    ['some', set('a'), 3, 'indeterminate'],
  ] as const)('the all box: %s', (_, chosen, listed, expected) => {
    expect(allChosenState(chosen, listed)).toBe(expected)
  })

  it('toggles a repository and saves the names sorted', () => {
    expect([...withRepo(set('b'), 'a', true)]).toEqual(['b', 'a'])
    expect([...withRepo(set('a', 'b'), 'a', false)]).toEqual(['b'])
    expect(selectionToSave(set('c', 'a', 'b'))).toEqual(['a', 'b', 'c'])
  })
})
