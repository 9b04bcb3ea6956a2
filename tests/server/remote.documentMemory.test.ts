/**
 * The npm remote's parsed documents in memory (server/remote/documentMemory.ts): an entry is
 * answered only for the stamp of the row it was parsed from, the bound holds with the least
 * recently used going first, and what is kept cannot be changed by a request.
 */
import { describe, expect, it } from 'vitest'
import { deepFreeze, documentMemory } from '../../server/remote/documentMemory'

describe('parsed documents in memory', () => {
  it('answers an entry for its own stamp only, and forgets it for another', () => {
    const memory = documentMemory<string>(100)
    memory.set('a', 't1', 'parsed', 10)
    expect(memory.get('a', 't1')).toBe('parsed')
    expect(memory.get('a', 't2')).toBeUndefined()
    // Forgotten: the row it came from is gone.
    expect(memory.get('a', 't1')).toBeUndefined()
    expect(memory.bytes).toBe(0)
  })

  it('follows a renewed row, and forgets an entry of another row than the one renewed', () => {
    const memory = documentMemory<string>(100)
    memory.set('a', 't1', 'parsed', 10)
    memory.restamp('a', 't1', 't2')
    expect(memory.get('a', 't2')).toBe('parsed')
    memory.restamp('a', 't1', 't3')
    expect(memory.get('a', 't3')).toBeUndefined()
  })

  it('holds its bound, the least recently used going first, and keeps nothing larger than it', () => {
    const memory = documentMemory<string>(30)
    memory.set('a', 's', 'A', 10)
    memory.set('b', 's', 'B', 10)
    memory.set('c', 's', 'C', 10)
    expect(memory.get('a', 's')).toBe('A')
    memory.set('d', 's', 'D', 10)
    expect(memory.get('b', 's')).toBeUndefined()
    expect(['a', 'c', 'd'].map((k) => memory.get(k, 's'))).toEqual(['A', 'C', 'D'])
    expect(memory.bytes).toBe(30)
    memory.set('a', 's', 'A again', 20)
    expect(memory.bytes).toBeLessThanOrEqual(30)
    expect(memory.get('a', 's')).toBe('A again')
    memory.set('huge', 's', 'H', 31)
    expect(memory.get('huge', 's')).toBeUndefined()
    expect(memory.get('a', 's')).toBe('A again')
  })

  it('freezes a kept document whole', () => {
    const doc = deepFreeze({ versions: { '1.0.0': { dist: { tarball: 'x' } } } })
    expect(() => {
      ;(doc.versions['1.0.0'].dist as { tarball: string }).tarball = 'y'
    }).toThrow(TypeError)
  })
})
