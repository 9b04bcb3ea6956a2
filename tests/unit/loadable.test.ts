import { describe, expect, it } from 'vitest'
import { awaits, idle, reloading, shownData, type Loadable } from '../../domain/shared/loadable'

const failure = { kind: 'network', message: 'down' } as const

describe('a loadable (domain/shared/loadable.ts)', () => {
  it('keeps what was loaded on screen while it reloads', () => {
    const loaded: Loadable<number> = { status: 'loaded', data: 1 }
    expect(reloading(loaded, 'r-2')).toEqual({ status: 'loading', requestId: 'r-2', previous: 1 })
    expect(shownData(reloading(loaded, 'r-2'))).toBe(1)
  })

  it('has nothing to keep when nothing was loaded', () => {
    const states: ReadonlyArray<Loadable<number>> = [idle, { status: 'failed', failure }]
    for (const state of states) {
      expect(reloading(state, 'r-2')).toEqual({ status: 'loading', requestId: 'r-2' })
      expect(shownData(state)).toBeUndefined()
    }
  })

  it('awaits only the answer to the request under way', () => {
    const loading = reloading<number>(idle, 'r-2')
    expect(awaits(loading, 'r-2')).toBe(true)
    expect(awaits(loading, 'r-1')).toBe(false)
    expect(awaits<number>({ status: 'loaded', data: 1 }, 'r-2')).toBe(false)
  })
})
