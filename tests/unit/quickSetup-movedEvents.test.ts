/**
 * Quick setup moved from the onboarding area (one of its parts) to an area of its own: its events
 * are `quickSetup/…` now, and logs written before name them `onboarding/QuickSetup…` and
 * `onboarding/ClientFlow…`. Such a log (tests/fixtures/logs/moved/quickSetupInOnboardingArea.ndjson,
 * recorded with the build before the move against the reference server) replays to the same state
 * as the same session written with today's names, and its trailer's hash (taken over the
 * onboarding area's fields of then) still matches.
 */
import { describe, expect, it } from 'vitest'
import { replayLog } from '../../domain/log'
import { changesHash } from '../../domain/shared/canonical'
import { quickSetupEvents } from '../../domain/quickSetup/events'
import { expectLiftsBack, readMovedLog, shapedBefore, withTodaysNames } from '../support/movedLog'

const MOVE = 'the quick setup area'

const old = readMovedLog('quickSetupInOnboardingArea.ndjson')
const renamed = (text: string) => withTodaysNames(quickSetupEvents, text)

describe('a log with the onboarding area’s quick setup events replays', () => {
  it('the old log names the events onboarding/… (it is a log of the earlier build)', () => {
    expect(old).toContain('"type":"onboarding/QuickSetupOpened"')
    expect(old).toContain('"type":"onboarding/ClientFlowRelaunched"')
    expect(old).not.toContain('"type":"quickSetup/')
    expect(renamed(old)).not.toMatch(/"type":"onboarding\/(QuickSetup|ClientFlow)/)
  })

  it('to the same state as the log with today’s names, in the quick setup area', () => {
    const before = replayLog(old)
    const after = replayLog(renamed(old))
    expect(before.errors).toEqual([])
    expect(after.errors).toEqual([])
    expect(before.events).toBe(54)
    expect(before.state).toEqual(after.state)
    // The npm flow was left at its third step, and the wizard opened once more at the end.
    expect(before.state.quickSetup).toEqual({
      wizard: { visible: true, singlePackageSelection: false },
      clientFlow: { packageType: 'npm', repo: 'npm-local', step: 2 },
    })
    // The onboarding area went when personalization, its last part, left it.
    expect(before.state).not.toHaveProperty('onboarding')
    expect(before.state.setMeUp.clientBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('to the hash its trailer recorded (the state as the earlier build shaped it)', () => {
    const result = replayLog(old)
    expect(result.hashMatches).toBe(true)
    // Today's shape hashes otherwise: the match is the earlier shape's, quick setup in onboarding.
    expect(result.actualHash).not.toBe(result.expectedHash)
    const { earlier, earlierInitial } = shapedBefore(MOVE, result.state)
    expect(earlier).not.toHaveProperty('quickSetup')
    const onboarding = earlier.onboarding as Record<string, unknown>
    expect(onboarding.quickSetup).toEqual(result.state.quickSetup.wizard)
    expect(onboarding.clientFlow).toEqual(result.state.quickSetup.clientFlow)
    expect(changesHash(earlier as never, earlierInitial as never)).toBe(result.expectedHash)
  })

  it('lifting a state already in today’s shape changes nothing, and the earlier shape lifts back', () => {
    expectLiftsBack(old, MOVE)
  })
})
