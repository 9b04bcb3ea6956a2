/**
 * The education center moved from the onboarding area (one of its parts) to an area of its own:
 * its events are `education/…` now, and logs written before name them `onboarding/Education…`.
 * Such a log (tests/fixtures/logs/moved/educationInOnboardingArea.ndjson, recorded with the build
 * before the move) replays to the same state as the same session written with today's names, and
 * its trailer's hash (taken over the onboarding area's field of then) still matches.
 */
import { describe, expect, it } from 'vitest'
import { replayLog } from '../../domain/log'
import { changesHash } from '../../domain/shared/canonical'
import { educationEvents } from '../../domain/education/events'
import { expectLiftsBack, readMovedLog, shapedBefore, withTodaysNames } from '../support/movedLog'

const MOVE = 'education center'

const old = readMovedLog('educationInOnboardingArea.ndjson')
const renamed = (text: string) => withTodaysNames(educationEvents, text)

describe('a log with the onboarding area’s education events replays', () => {
  it('the old log names the events onboarding/Education… (it is a log of the earlier build)', () => {
    expect(old).toContain('"type":"onboarding/EducationCenterOpened"')
    expect(old).not.toContain('"type":"education/')
    expect(renamed(old)).not.toContain('"type":"onboarding/Education')
  })

  it('to the same state as the log with today’s names, in the education area', () => {
    const before = replayLog(old)
    const after = replayLog(renamed(old))
    expect(before.errors).toEqual([])
    expect(after.errors).toEqual([])
    expect(before.events).toBe(15)
    expect(before.state).toEqual(after.state)
    expect(before.state.education).toEqual({
      center: {
        open: false,
        module: 'security',
        progress: { status: 'loaded', played: ['welcome', 'first-repository'] },
        feedback: { status: 'given' },
      },
    })
    // The onboarding area went when personalization, its last part, left it.
    expect(before.state).not.toHaveProperty('onboarding')
  })

  it('to the hash its trailer recorded (the state as the earlier build shaped it)', () => {
    const result = replayLog(old)
    expect(result.hashMatches).toBe(true)
    // Today's shape hashes otherwise: the match is the earlier shape's, the center in onboarding.
    expect(result.actualHash).not.toBe(result.expectedHash)
    const { earlier, earlierInitial } = shapedBefore(MOVE, result.state)
    expect(earlier).not.toHaveProperty('education')
    expect((earlier.onboarding as Record<string, unknown>).educationCenter).toEqual(
      result.state.education.center,
    )
    expect(changesHash(earlier as never, earlierInitial as never)).toBe(result.expectedHash)
  })

  it('lifting a state already in today’s shape changes nothing, and the earlier shape lifts back', () => {
    expectLiftsBack(old, MOVE)
  })
})
