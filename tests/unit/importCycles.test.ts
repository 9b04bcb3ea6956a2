/**
 * No import circle in the code: a module is read after what it imports, never as part of a
 * loop, so an area, a layer or a server feature can be understood (and loaded) on its own.
 *
 * The catalogue's package inserts have a module of their own (server/catalog/store.ts), so
 * its loaders no longer read each other; the area registry is generic in the app's areas
 * (domain/areaRegistry.ts), so it no longer names domain/app.ts's types.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importCircles, importGraph } from '../support/importGraph'

const root = join(import.meta.dirname, '..', '..')
const FOLDERS = ['domain', 'commands', 'queries', 'adapters', 'ui', 'server', 'composition']

describe('import circles', () => {
  const graph = importGraph(root, FOLDERS)

  it('finds a circle, and only a circle', () => {
    const small = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ])
    expect(importCircles(small)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']])
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([])
  })

  it('reads the imports of the code', () => {
    expect(graph.get('domain/app.ts')).toContain('domain/areas.gen.ts')
    expect(graph.get('domain/areas.gen.ts')).toContain('domain/session/decider.ts')
    expect(graph.get('ui/shared/kit/Surface.tsx')).toContain('ui/shared/kit/messages.ts')
  })

  it('has no circle in domain/, commands/, queries/, adapters/, ui/, server/ or composition/', () => {
    expect(
      importCircles(graph),
      'import circles (break each: move what both need into a module of its own)',
    ).toEqual([])
  })
})
