/**
 * Areas split off another (domain/stateMoves.ts: the tour, the preferences): a log an earlier build wrote names the moved
 * events by their former types and hashed its state in the former shape. Such a log replays into
 * the new areas, and a snapshot of the former shape is lifted to the new one.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { replayLog } from '../../domain/log'
import { earlierShapes } from '../../domain/stateMoves'
import { asWholeStateBuildHadIt } from '../../domain/logHash'
import { boundedLogOf } from '../support/boundedLog'
import { navigationTypeOf } from '../../domain/preferences'

// Recorded by the build before the tour had its own area: it names `navigation/Tour…` events.
const oldLog = readFileSync(join(import.meta.dirname, '../fixtures/logs/developerTakesTour.ndjson'), 'utf8')

describe('a log of the build before the tour area', () => {
  it('names the tour events by their former types', () => {
    expect(oldLog).toContain('"type":"navigation/TourStarted"')
    expect(oldLog).toContain('"type":"navigation/TourEnded"')
    expect(oldLog).not.toContain('"type":"tour/')
  })

  it('replays into the tour area, to the hash its trailer recorded', () => {
    const types: string[] = []
    const result = replayLog(oldLog, { onEvent: (e) => types.push(e.event.type) })
    expect(result.errors).toEqual([])
    expect(result.hashMatches).toBe(true)
    expect(types).toContain('tour/Started')
    expect(types).toContain('tour/Ended')
    expect(types.filter((t) => t.startsWith('navigation/Tour'))).toEqual([])
    expect(result.state.tour.running).toEqual({ step: 1 })
    expect(result.state.tour.completed?.user).toBe('developer')
    expect(result.state.navigation).not.toHaveProperty('tour')
    expect(result.state.navigation).not.toHaveProperty('tourCompleted')
  })

  it('replays its navigation type switch into the preferences area (one copy of the type)', () => {
    expect(oldLog).toContain('"type":"navigation/NavigationTypeSwitched"')
    const result = replayLog(oldLog)
    expect(result.errors).toEqual([])
    expect(result.state.preferences).toEqual({ savedNavigationType: 'new', chosenNavigationType: 'classic' })
    expect(navigationTypeOf(result.state.preferences)).toBe('classic')
    expect(result.state.navigation).not.toHaveProperty('navigationType')
    expect(result.state.platform).not.toHaveProperty('navigationType')
  })

  it('lifts a snapshot of the former shape into the tour and preferences areas', () => {
    const replayed = replayLog(oldLog)
    const former = earlierShapes(asWholeStateBuildHadIt(replayed.state)).at(-1)!
    expect(former).not.toHaveProperty('tour')
    expect((former.navigation as Record<string, unknown>).tourCompleted).toEqual(
      replayed.state.tour.completed,
    )
    const result = replayLog(boundedLogOf(oldLog, replayed.lastSeq, former))
    expect(result.errors).toEqual([])
    expect(result.state.tour).toEqual(replayed.state.tour)
    expect(result.state.preferences).toEqual(replayed.state.preferences)
    expect(result.state.navigation).not.toHaveProperty('tour')
    expect(result.hashMatches).toBe(true)
  })
})
