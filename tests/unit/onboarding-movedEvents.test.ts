/**
 * Quick setup and set-me-up moved from the navigation area to the onboarding area, and later on to
 * areas of their own: logs written before the first move name their events `navigation/…`. Such a
 * log (tests/fixtures/logs/moved/setUpInNavigationArea*.ndjson, recorded with the build before the
 * move) replays to the same state as the same session written with today's names, and its
 * trailer's hash (taken over the navigation area's fields of then) still matches.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { replayLog } from '../../domain/log'
import { stateHash } from '../../domain/shared/canonical'
import { currentShape, earlierShapes, STATE_MOVES } from '../../domain/stateMoves'
import { initialAppState } from '../../domain/app'
import { asWholeStateBuildHadIt } from '../../domain/logHash'

const read = (file: string) => readFileSync(join(import.meta.dirname, '../fixtures/logs/moved', file), 'utf8')
// Both have since moved on to areas of their own (quickSetup-movedEvents.test.ts,
// setMeUp-movedEvents.test.ts): the events' names today.
const MOVED_ON: Readonly<Record<string, string>> = {
  QuickSetupOpened: 'quickSetup/Opened',
  QuickSetupClosed: 'quickSetup/Closed',
  SetMeUpShown: 'setMeUp/Shown',
  SetMeUpHidden: 'setMeUp/Hidden',
  ClientBaseUrlRequested: 'setMeUp/ClientBaseUrlRequested',
  ClientBaseUrlLoaded: 'setMeUp/ClientBaseUrlLoaded',
  ClientBaseUrlFailed: 'setMeUp/ClientBaseUrlFailed',
}
/** The same log with today's event names. */
const renamed = (text: string) =>
  Object.entries(MOVED_ON).reduce(
    (t, [name, type]) => t.replaceAll(`"type":"navigation/${name}"`, `"type":"${type}"`),
    text,
  )

describe('a log with the navigation area’s set-up events replays', () => {
  const old = read('setUpInNavigationArea.ndjson')

  it('the old log names the events navigation/… (it is a log of the earlier build)', () => {
    expect(old).toContain('"type":"navigation/SetMeUpShown"')
    expect(old).not.toContain('"type":"onboarding/')
  })

  it('to the same state as the log with today’s names, in their areas', () => {
    const before = replayLog(old)
    const after = replayLog(renamed(old))
    expect(before.errors).toEqual([])
    expect(after.errors).toEqual([])
    expect(before.events).toBe(9)
    expect(before.state).toEqual(after.state)
    expect(before.state.quickSetup).toEqual({ wizard: { visible: true, singlePackageSelection: false } })
    expect(before.state.setMeUp).toEqual({
      panel: { visible: true, packageType: 'npm', availableRepos: ['npm-local'], getActiveNode: true },
      clientBaseUrl: 'http://platform.test',
    })
    // The onboarding area went when personalization, its last part, left it.
    expect(before.state).not.toHaveProperty('onboarding')
    expect(before.state.navigation).toEqual(initialAppState.navigation)
  })

  it('to the hash its trailer recorded (the state as the earlier build shaped it)', () => {
    const result = replayLog(old)
    expect(result.hashMatches).toBe(true)
    expect(result.actualHash).not.toBe(result.expectedHash)
    // The state as that build had it (its initial state, which hashed whole), in the shape
    // before every move: the log predates the tour's move too. The areas added since the log
    // was recorded are left out, as replay leaves them out (domain/logHash.ts): they are at
    // their initial state after it.
    const {
      tokens: _tokens,
      xray: _xray,
      ...earliest
    } = earlierShapes(asWholeStateBuildHadIt(result.state)).at(-1) as Record<string, unknown>
    expect(stateHash(earliest)).toBe(result.expectedHash)
  })

  it('a bounded log of then: its snapshot is lifted into today’s shape', () => {
    const bounded = replayLog(read('setUpInNavigationAreaBounded.ndjson'))
    expect(bounded.errors).toEqual([])
    expect(bounded.events).toBe(1)
    expect(bounded.hashMatches).toBe(true)
    expect(bounded.state.personalization).toEqual(replayLog(old).state.personalization)
    expect(bounded.state.setMeUp).toEqual(replayLog(old).state.setMeUp)
    expect(bounded.state.quickSetup).toEqual(replayLog(old).state.quickSetup)
    expect(bounded.state.navigation).not.toHaveProperty('setMeUp')
  })

  it('lifting a state already in today’s shape changes nothing', () => {
    const state = replayLog(old).state as unknown as Record<string, unknown>
    expect(currentShape(state)).toBe(state)
    expect(currentShape(earlierShapes(replayLog(old).state).at(-1)!)).toEqual(state)
  })

  it('an earlier snapshot’s base-URL failure (its message alone) is lifted into a failure and back', () => {
    const earlier = {
      ...(initialAppState as unknown as Record<string, unknown>),
      // The build of then had the onboarding area, which has gone since.
      onboarding: {},
      navigation: {
        ...initialAppState.navigation,
        quickSetupVisible: false,
        setMeUp: { visible: false, availableRepos: [], getActiveNode: true },
        singlePackageSelection: false,
        clientBaseUrlFailure: 'offline',
      },
    }
    const move = STATE_MOVES.find((m) => m.name.startsWith('quick setup'))!
    const lifted = move.after(earlier)
    expect(lifted.onboarding).toEqual({ clientBaseUrlFailure: { kind: 'status', message: 'offline' } })
    expect(stateHash(move.before(lifted))).toBe(stateHash(earlier))
  })
})
