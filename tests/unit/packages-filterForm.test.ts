/** The packages list's filter rules (domain/packages/filterForm.ts). */
import { describe, expect, it } from 'vitest'
import { right } from 'fp-ts/Either'
import {
  chosenFilters,
  releaseOnlyPath,
  toggled,
  validateListFilters,
} from '../../domain/packages/filterForm'

describe('validateListFilters', () => {
  it.each([
    ['nothing', { repositories: '', licenses: '' }, { repositories: [], licenses: [] }],
    [
      'entries trimmed, empty ones left out',
      { repositories: ' npm-remote, , libs ,', licenses: 'MIT' },
      { repositories: ['npm-remote', 'libs'], licenses: ['MIT'] },
    ],
  ] as const)('%s', (_, values, expected) => {
    expect(validateListFilters(values)).toEqual(right(expected))
  })
})

describe('toggled', () => {
  it.each([
    ['adds a value', ['a'], 'b', ['a', 'b']],
    ['takes a value out', ['a', 'b'], 'a', ['b']],
  ] as const)('%s', (_, list, value, expected) => {
    expect(toggled(list, value)).toEqual(expected)
  })
})

describe('releaseOnlyPath', () => {
  it.each([
    ['on, the query kept', '?q=react', true, '/packages?q=react&rel=1'],
    ['off', '?q=react&rel=1', false, '/packages?q=react'],
    ['off with nothing else', 'rel=1', false, '/packages'],
  ] as const)('%s', (_, search, on, expected) => {
    expect(releaseOnlyPath(search, on)).toBe(expected)
  })
})

describe('chosenFilters', () => {
  const none = { packageTypes: [], severities: [], repositories: [], licenses: [], after: null, before: null }
  it('nothing chosen, nothing listed', () => {
    expect(chosenFilters(none, false)).toEqual([])
  })
  it("every kind, in the column's order, days cut to the day", () => {
    expect(
      chosenFilters(
        {
          packageTypes: ['npm'],
          severities: ['high'],
          repositories: ['libs'],
          licenses: ['MIT'],
          after: '2024-01-02T00:00:00Z',
          before: '2024-03-04',
        },
        true,
      ),
    ).toEqual([
      { kind: 'type', value: 'npm' },
      { kind: 'severity', value: 'high' },
      { kind: 'repository', value: 'libs' },
      { kind: 'licence', value: 'MIT' },
      { kind: 'after', day: '2024-01-02' },
      { kind: 'before', day: '2024-03-04' },
      { kind: 'releaseOnly' },
    ])
  })
})
