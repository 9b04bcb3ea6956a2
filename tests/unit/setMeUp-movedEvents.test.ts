/**
 * Set-me-up moved from the onboarding area (one of its parts) to an area of its own: its events
 * are `setMeUp/…` now, and logs written before name them `onboarding/SetMeUp…` and
 * `onboarding/ClientBaseUrl…`. Such a log (tests/fixtures/logs/moved/setMeUpInOnboardingArea.ndjson,
 * recorded with the build before the move against the reference server) replays to the same state
 * as the same session written with today's names, and its trailer's hash (taken over the
 * onboarding area's fields of then) still matches.
 */
import { describe, expect, it } from 'vitest'
import { replayLog } from '../../domain/log'
import { changesHash } from '../../domain/shared/canonical'
import { setMeUpEvents } from '../../domain/setMeUp/events'
import { STATE_MOVES } from '../../domain/stateMoves'
import { expectLiftsBack, readMovedLog, shapedBefore, withTodaysNames } from '../support/movedLog'

const MOVE = 'the set-me-up area'

const old = readMovedLog('setMeUpInOnboardingArea.ndjson')
const renamed = (text: string) => withTodaysNames(setMeUpEvents, text)

describe('a log with the onboarding area’s set-me-up events replays', () => {
  it('the old log names the events onboarding/… (it is a log of the earlier build)', () => {
    expect(old).toContain('"type":"onboarding/SetMeUpShown"')
    expect(old).toContain('"type":"onboarding/ClientBaseUrlFailed"')
    expect(old).toContain('"type":"onboarding/ClientBaseUrlLoaded"')
    expect(old).not.toContain('"type":"setMeUp/')
    expect(renamed(old)).not.toMatch(/"type":"onboarding\/(SetMeUp|ClientBaseUrl)/)
  })

  it('to the same state as the log with today’s names, in the set-me-up area', () => {
    const before = replayLog(old)
    const after = replayLog(renamed(old))
    expect(before.errors).toEqual([])
    expect(after.errors).toEqual([])
    expect(before.events).toBe(52)
    expect(before.state).toEqual(after.state)
    // Shown last by quick setup for a generic client; the address failed once, then loaded.
    expect(before.state.setMeUp.panel).toEqual({
      visible: true,
      packageType: 'generic',
      availableRepos: ['generic-local'],
      getActiveNode: true,
    })
    expect(before.state.setMeUp.clientBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(before.state.setMeUp.clientReverseProxies).toHaveLength(1)
    expect(before.state.setMeUp).not.toHaveProperty('clientBaseUrlFailure')
    expect(before.state.quickSetup.clientFlow).toEqual({ packageType: 'npm', repo: 'npm-local', step: 0 })
    // The onboarding area went when personalization, its last part, left it.
    expect(before.state).not.toHaveProperty('onboarding')
  })

  it('to the hash its trailer recorded (the state as the earlier build shaped it)', () => {
    const result = replayLog(old)
    expect(result.hashMatches).toBe(true)
    // Today's shape hashes otherwise: the match is the earlier shape's, set-me-up in onboarding.
    expect(result.actualHash).not.toBe(result.expectedHash)
    const { earlier, earlierInitial } = shapedBefore(MOVE, result.state)
    expect(earlier).not.toHaveProperty('setMeUp')
    const onboarding = earlier.onboarding as Record<string, unknown>
    expect(onboarding.setMeUp).toEqual(result.state.setMeUp.panel)
    expect(onboarding.clientBaseUrl).toEqual(result.state.setMeUp.clientBaseUrl)
    expect(onboarding.clientReverseProxies).toEqual(result.state.setMeUp.clientReverseProxies)
    expect(changesHash(earlier as never, earlierInitial as never)).toBe(result.expectedHash)
  })

  it('lifting a state already in today’s shape changes nothing, and the earlier shape lifts back', () => {
    expectLiftsBack(old, MOVE)
  })

  it('a failure to load the address, in an earlier snapshot, is lifted and back', () => {
    const failure = { kind: 'network', message: 'connection reset' }
    const { earlier } = shapedBefore(MOVE, replayLog(old).state)
    const withFailure = { ...earlier, onboarding: { clientBaseUrlFailure: failure } }
    const { after, before } = STATE_MOVES.find((m) => m.name.startsWith(MOVE))!
    const lifted = after(withFailure)
    expect(lifted.setMeUp).toEqual({ clientBaseUrlFailure: failure })
    expect(lifted.onboarding).toEqual({})
    expect(before(lifted)).toEqual(withFailure)
  })
})
