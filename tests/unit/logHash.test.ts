/**
 * An area's initial state may grow (a page, a field, a whole area) without re-recording a log:
 * a trailer's hash, whole-state (the kept logs, 0.2.0's format) or of the changes (what this
 * build writes), still matches the state replayed with the grown initial state, as long as the
 * log never touched what was added. What the log did touch still counts.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eagerAreas, initialAppState, type AppEvent, type AppState } from '../../domain/app'
import { buildInfo } from '../../domain/build'
import { EventLog, replayLog } from '../../domain/log'
import { asWholeStateBuildHadIt, logStateHash, trailerHashMatches } from '../../domain/logHash'
import { changesHash, stateHash } from '../../domain/shared/canonical'
import type { Envelope } from '../../domain/shared/area'
import { boundedLogOf } from '../support/boundedLog'

const kept = readFileSync(
  join(import.meta.dirname, '../fixtures/logs/developerBrowsesPackages.ndjson'),
  'utf8',
)

/** What a later build might add to the initial state: a page, a field, an area. */
function grown(state: AppState, later: unknown = { status: 'idle' }): AppState {
  return {
    ...state,
    security: {
      ...state.security,
      pages: { ...state.security.pages, laterPage: state.security.pages.general },
    },
    packages: { ...state.packages, laterField: later },
    laterArea: { items: [], open: false },
  } as AppState
}

/** The kept log written again by this build's EventLog (its trailer hashes the changes). */
function rewritten(): string {
  const envelopes: Array<Envelope<AppEvent>> = []
  const replayed = replayLog(kept, { onEvent: (e) => envelopes.push(e) })
  const log = new EventLog('2026-01-01T00:00:00.000Z', buildInfo, eagerAreas)
  for (const e of envelopes) log.append(e)
  return log.toNdjson(replayed.state)
}

describe('a trailer’s hash when the initial state grows', () => {
  it('a kept log (whole-state hash) matches the state replayed from a grown initial state', () => {
    const replayed = replayLog(kept)
    expect(replayed.hashMatches).toBe(true)
    const expected = replayed.expectedHash!
    expect(trailerHashMatches(grown(replayed.state), expected, grown(initialAppState))).toBe(true)
    // Hashed whole, the grown state is another state: the hash must look past what was added.
    expect(stateHash(grown(replayed.state))).not.toBe(stateHash(replayed.state))
  })

  it('a log this build writes hashes what changed, and matches after the initial state grows', () => {
    const text = rewritten()
    const replayed = replayLog(text)
    expect(replayed.errors).toEqual([])
    expect(replayed.hashMatches).toBe(true)
    expect(replayed.expectedHash).toBe(logStateHash(replayed.state))
    expect(replayed.expectedHash).not.toBe(stateHash(replayed.state))
    const grownInitial = grown(initialAppState)
    expect(logStateHash(grown(replayed.state), grownInitial)).toBe(replayed.expectedHash)
    expect(trailerHashMatches(grown(replayed.state), replayed.expectedHash!, grownInitial)).toBe(true)
  })

  it('what the log touched still counts: a changed added field is another state', () => {
    const replayed = replayLog(rewritten())
    const touched = grown(replayed.state, { status: 'loading' })
    expect(trailerHashMatches(touched, replayed.expectedHash!, grown(initialAppState))).toBe(false)
    const keptLog = replayLog(kept)
    expect(trailerHashMatches(touched, keptLog.expectedHash!, grown(initialAppState))).toBe(false)
  })

  it('a key removed from the initial state’s is not a key left at its initial value', () => {
    const initial = { a: { b: 1, c: 2 } }
    expect(changesHash({ a: { b: 1, c: 2 } }, initial)).toBe(changesHash({}, {}))
    expect(changesHash({ a: { b: 1 } }, initial)).not.toBe(changesHash(initial, initial))
    expect(changesHash({ a: { b: 1, c: 3 } }, initial)).not.toBe(changesHash({ a: { b: 1 } }, initial))
    expect(changesHash({ a: null }, initial)).not.toBe(changesHash({ a: {} }, initial))
  })

  it('a snapshot an earlier build wrote gains what the initial state gained since, and keeps its hash', () => {
    const replayed = replayLog(kept)
    // As 0.2.0 wrote it: five security pages (HTTP SSO came later), hashed whole.
    const then = asWholeStateBuildHadIt(replayed.state)
    expect(Object.keys((then.security as AppState['security']).pages)).not.toContain('httpsso')
    const lifted = replayLog(boundedLogOf(kept, replayed.lastSeq, then))
    expect(lifted.errors).toEqual([])
    expect(lifted.hashMatches).toBe(true)
    expect(lifted.state.security.pages.httpsso).toEqual(initialAppState.security.pages.httpsso)
    expect(lifted.state).toEqual(replayed.state)
  })
})
