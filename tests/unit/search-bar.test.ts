/**
 * The search bar's rules (spec 001 section 5), moved out of the view: whether the search button
 * is on for the text typed, why not, and which suggestions the list shows for the text as it is.
 */
import { describe, expect, it } from 'vitest'
import { SEARCH_TYPES } from '../../domain/search/searchTypes'
import { DEFAULT_SEARCH_MODEL } from '../../domain/search/model'
import { checkBarText, currentSuggestions } from '../../domain/search/textProblems'

const check = (text: string, over: Partial<Parameters<typeof checkBarText>[0]> = {}) =>
  checkBarText({
    text,
    model: DEFAULT_SEARCH_MODEL,
    def: SEARCH_TYPES.packages,
    permitted: false,
    offered: ['npm', 'maven'],
    ...over,
  })

describe('the search button', () => {
  it('is on for a name to search for', () => {
    expect(check('react')).toMatchObject({
      disabled: false,
      unknownTypes: [],
      badChecksum: null,
      unknownKeys: [],
    })
    expect(check('react').model.name).toBe('react')
  })

  it('is off for empty text', () => {
    expect(check('   ').disabled).toBe(true)
  })

  it('is off for a package type the platform does not offer, saying which', () => {
    expect(check('react type:nuget')).toMatchObject({ disabled: true, unknownTypes: ['nuget'] })
    // Nothing is judged before the platform says what it offers.
    expect(check('react type:nuget', { offered: [] }).unknownTypes).toEqual([])
  })

  it('is off for a checksum the platform would refuse, saying which', () => {
    expect(check('checksum:abc')).toMatchObject({ disabled: true, badChecksum: 'abc' })
    expect(check(`checksum:${'a'.repeat(64)}`).badChecksum).toBeNull()
  })

  it('notes keys the type does not know, without turning the button off', () => {
    expect(check('react foo:1')).toMatchObject({ disabled: false, unknownKeys: ['foo'] })
  })
})

describe('the suggestions', () => {
  const item = { id: 'npm://react', name: 'react', packageType: 'npm', latestVersion: '18.2.0' }
  const failure = { kind: 'network', message: 'down' } as const

  it('are those of the text as it is now, or while new text is asked about those of the text before', () => {
    expect(currentSuggestions({ status: 'loaded', data: [item] })).toEqual({ items: [item], status: null })
    expect(currentSuggestions({ status: 'loading', requestId: 'rea', previous: [item] })).toEqual({
      items: [item],
      status: 'searching',
    })
    expect(currentSuggestions({ status: 'idle' })).toEqual({ items: [], status: null })
  })

  it('say they are searching, or that nothing matched the current text', () => {
    expect(currentSuggestions({ status: 'loading', requestId: 'rea' }).status).toBe('searching')
    expect(currentSuggestions({ status: 'loaded', data: [] }).status).toBe('noMatch')
    expect(currentSuggestions({ status: 'failed', failure })).toEqual({ items: [], status: null })
  })
})
