/**
 * Personalization moved from the onboarding area (its last part) to an area of its own, and the
 * onboarding area went: its events are `personalization/…` now, and logs written before name
 * them `onboarding/Personalization…`. Such a log
 * (tests/fixtures/logs/moved/personalizationInOnboardingArea.ndjson, recorded with the build
 * before the move against the reference server) replays to the same state as the same session
 * written with today's names, and its trailer's hash (taken over the onboarding slice of then)
 * still matches.
 */
import { describe, expect, it } from 'vitest'
import { replayLog } from '../../domain/log'
import { changesHash } from '../../domain/shared/canonical'
import { personalizationEvents } from '../../domain/personalization/events'
import { STATE_MOVES } from '../../domain/stateMoves'
import { expectLiftsBack, readMovedLog, shapedBefore, withTodaysNames } from '../support/movedLog'

const MOVE = 'the personalization area'

const old = readMovedLog('personalizationInOnboardingArea.ndjson')
const renamed = (text: string) => withTodaysNames(personalizationEvents, text)

describe('a log with the onboarding area’s personalization events replays', () => {
  it('the old log names the events onboarding/Personalization… (it is a log of the earlier build)', () => {
    for (const type of [
      'PersonalizationRequested',
      'PersonalizationLoaded',
      'PersonalizationOpened',
      'PersonalizationClosed',
      'PersonalizationStepCompleted',
      'PersonalizationStepShown',
      'PersonalizationSendRequested',
      'PersonalizationSendFailed',
      'PersonalizationSent',
    ])
      expect(old).toContain(`"type":"onboarding/${type}"`)
    expect(old).not.toContain('"type":"personalization/')
    expect(renamed(old)).not.toContain('"type":"onboarding/')
  })

  it('to the same state as the log with today’s names, in the personalization area', () => {
    const before = replayLog(old)
    const after = replayLog(renamed(old))
    expect(before.errors).toEqual([])
    expect(after.errors).toEqual([])
    expect(before.events).toBe(55)
    expect(before.state).toEqual(after.state)
    // The steps walked, the first send cut off, the second taken: hidden for good, asked again.
    expect(before.state.personalization.card).toEqual({ status: 'hidden' })
    expect(before.state).not.toHaveProperty('onboarding')
  })

  it('to the hash its trailer recorded (the state as the earlier build shaped it)', () => {
    const result = replayLog(old)
    expect(result.hashMatches).toBe(true)
    // Today's shape hashes otherwise: the match is the earlier shape's, personalization in onboarding.
    expect(result.actualHash).not.toBe(result.expectedHash)
    const { earlier, earlierInitial } = shapedBefore(MOVE, result.state)
    expect(earlier).not.toHaveProperty('personalization')
    expect(earlierInitial.onboarding).toEqual({})
    const onboarding = earlier.onboarding as Record<string, unknown>
    expect(onboarding.personalization).toEqual(result.state.personalization.card)
    expect(changesHash(earlier as never, earlierInitial as never)).toBe(result.expectedHash)
  })

  it('lifting a state already in today’s shape changes nothing, and the earlier shape lifts back', () => {
    expectLiftsBack(old, MOVE)
  })

  it('a card loading, in an earlier snapshot, is lifted and back', () => {
    const { earlier } = shapedBefore(MOVE, replayLog(old).state)
    const card = { status: 'loading', requestId: 's9' }
    const loading = { ...earlier, onboarding: { personalization: card } }
    const { after, before } = STATE_MOVES.find((m) => m.name.startsWith(MOVE))!
    const lifted = after(loading)
    expect(lifted.personalization).toEqual({ card })
    expect(lifted).not.toHaveProperty('onboarding')
    expect(before(lifted)).toEqual(loading)
  })
})
