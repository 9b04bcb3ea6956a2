/**
 * The artifact search a bar's model asks for (domain/search/artifactSearch.ts): a name, a path or
 * a checksum each make a search on their own, blanks are none, and the results' messages.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_SEARCH_MODEL, type SearchModel } from '../../domain/search/model'
import {
  artifactHitsMessages,
  artifactSearchOf,
  type ArtifactSearch,
} from '../../domain/search/artifactSearch'

const model = (over: Partial<SearchModel>): SearchModel => ({ ...DEFAULT_SEARCH_MODEL, ...over })

describe('the artifact search of a model', () => {
  it('is asked for a path alone, or a checksum alone (lower-cased, blanks dropped)', () => {
    expect(artifactSearchOf(model({ path: ' com/acme/ ' }), false)).toEqual({
      kind: 'Quick',
      name: '',
      repositories: [],
      path: 'com/acme/',
    })
    expect(artifactSearchOf(model({ checksum: ' ABC123 ' }), false)).toEqual({
      kind: 'Quick',
      name: '',
      repositories: [],
      checksum: 'abc123',
    })
  })

  it('is none for a path or a checksum of blanks', () => {
    expect(artifactSearchOf(model({ path: '   ' }), true)).toBeNull()
    expect(artifactSearchOf(model({ checksum: '  ' }), true)).toBeNull()
    expect(artifactSearchOf(model({ name: 'x', path: ' ', checksum: ' ' }), true)).toEqual({
      kind: 'Quick',
      name: 'x',
      repositories: [],
    })
  })

  it('counts the results the platform gave in full, with no note of more', () => {
    const search: ArtifactSearch = { kind: 'Quick', name: 'x', repositories: [] }
    const hit = { repoKey: 'r', path: 'p', size: 1 }
    expect(artifactHitsMessages(search, { results: [hit], truncated: false })).toEqual([
      { key: 'artifactSearchCount', kind: 'Quick', count: 1, more: false },
    ])
  })
})
