/**
 * Getting started moved from the onboarding area (one of its parts) to an area of its own: its
 * events are `gettingStarted/…` now, and logs written before name them `onboarding/…` (the check
 * after login, the flag, the questionnaire and its project). Such a log
 * (tests/fixtures/logs/moved/gettingStartedInOnboardingArea.ndjson, recorded with the build before
 * the move against the reference server) replays to the same state as the same session written
 * with today's names, and its trailer's hash (taken over the onboarding area's fields of then)
 * still matches.
 */
import { describe, expect, it } from 'vitest'
import { replayLog } from '../../domain/log'
import { changesHash } from '../../domain/shared/canonical'
import { gettingStartedEvents } from '../../domain/gettingStarted/events'
import { STATE_MOVES } from '../../domain/stateMoves'
import { expectLiftsBack, readMovedLog, shapedBefore, withTodaysNames } from '../support/movedLog'

const MOVE = 'the getting-started area'

const old = readMovedLog('gettingStartedInOnboardingArea.ndjson')
const renamed = (text: string) => withTodaysNames(gettingStartedEvents, text)

describe('a log with the onboarding area’s getting-started events replays', () => {
  it('the old log names the events onboarding/… (it is a log of the earlier build)', () => {
    for (const type of [
      'AfterLoginChecked',
      'GettingStartedSeen',
      'GettingStartedSaved',
      'QuestionnaireOpened',
      'QuestionnaireStepCompleted',
      'QuestionnaireStepShown',
      'ProjectCreationRequested',
      'ProjectCreationFailed',
      'ProjectCreated',
    ])
      expect(old).toContain(`"type":"onboarding/${type}"`)
    expect(old).not.toContain('"type":"gettingStarted/')
    expect(renamed(old)).not.toContain('"type":"onboarding/')
  })

  it('to the same state as the log with today’s names, in the getting-started area', () => {
    const before = replayLog(old)
    const after = replayLog(renamed(old))
    expect(before.errors).toEqual([])
    expect(after.errors).toEqual([])
    expect(before.events).toBe(54)
    expect(before.state).toEqual(after.state)
    // A free-tier admin's first login: the flag saved, the questionnaire gone back once, its
    // project refused by a dropped connection, then created.
    expect(before.state.gettingStarted).toEqual({
      seenSave: 'saved',
      questionnaire: {
        step: 'projectKey',
        completed: ['init', 'purpose', 'details', 'desiredFeatures', 'projectName', 'projectKey'],
        creation: { status: 'created', project: { key: 'first', name: 'First Project' } },
      },
    })
    // The onboarding area went when personalization, its last part, left it.
    expect(before.state).not.toHaveProperty('onboarding')
  })

  it('to the hash its trailer recorded (the state as the earlier build shaped it)', () => {
    const result = replayLog(old)
    expect(result.hashMatches).toBe(true)
    // Today's shape hashes otherwise: the match is the earlier shape's, getting started in onboarding.
    expect(result.actualHash).not.toBe(result.expectedHash)
    const { earlier, earlierInitial } = shapedBefore(MOVE, result.state)
    expect(earlier).not.toHaveProperty('gettingStarted')
    const onboarding = earlier.onboarding as Record<string, unknown>
    expect(onboarding.questionnaire).toEqual(result.state.gettingStarted.questionnaire)
    expect(onboarding.gettingStartedSave).toBe('saved')
    expect(changesHash(earlier as never, earlierInitial as never)).toBe(result.expectedHash)
  })

  it('lifting a state already in today’s shape changes nothing, and the earlier shape lifts back', () => {
    expectLiftsBack(old, MOVE)
  })

  it('a flag that failed to save, in an earlier snapshot, is lifted and back', () => {
    const { earlier } = shapedBefore(MOVE, replayLog(old).state)
    const failed = { ...earlier, onboarding: { gettingStartedSave: 'failed' } }
    const { after, before } = STATE_MOVES.find((m) => m.name.startsWith(MOVE))!
    const lifted = after(failed)
    expect(lifted.gettingStarted).toEqual({ seenSave: 'failed' })
    expect(lifted.onboarding).toEqual({})
    expect(before(lifted)).toEqual(failed)
  })
})
