/**
 * Contact us moved from the onboarding area (one of its parts) to an area of its own: its events
 * are `contact/…` now, and logs written before name them `onboarding/Contact…`. Such a log
 * (tests/fixtures/logs/moved/contactInOnboardingArea.ndjson, recorded with the build before the
 * move against the reference server) replays to the same state as the same session written with
 * today's names, and its trailer's hash (taken over the onboarding area's fields of then) still
 * matches.
 */
import { describe, expect, it } from 'vitest'
import { replayLog } from '../../domain/log'
import { changesHash } from '../../domain/shared/canonical'
import { contactEvents } from '../../domain/contact/events'
import { STATE_MOVES } from '../../domain/stateMoves'
import { expectLiftsBack, readMovedLog, shapedBefore, withTodaysNames } from '../support/movedLog'

const MOVE = 'the contact area'

const old = readMovedLog('contactInOnboardingArea.ndjson')
const renamed = (text: string) => withTodaysNames(contactEvents, text)

describe('a log with the onboarding area’s contact events replays', () => {
  it('the old log names the events onboarding/Contact… (it is a log of the earlier build)', () => {
    for (const type of [
      'ContactRequestPosted',
      'ContactRequestFailed',
      'ContactRequestAccepted',
      'ContactFormClosed',
      'ContactRequestsRequested',
      'ContactRequestsLoaded',
    ])
      expect(old).toContain(`"type":"onboarding/${type}"`)
    expect(old).not.toContain('"type":"contact/')
    expect(renamed(old)).not.toContain('"type":"onboarding/Contact')
  })

  it('to the same state as the log with today’s names, in the contact area', () => {
    const before = replayLog(old)
    const after = replayLog(renamed(old))
    expect(before.errors).toEqual([])
    expect(after.errors).toEqual([])
    expect(before.events).toBe(55)
    expect(before.state).toEqual(after.state)
    // The first request cut off, the second stored (the toast, the form closed), then the list.
    expect(before.state.contact.form).toBeUndefined()
    const requests = before.state.contact.requests
    expect(requests?.status).toBe('loaded')
    expect(requests?.status === 'loaded' ? requests.requests : []).toMatchObject([
      { id: 1, firstName: 'Ada', lastName: 'Lovelace', helpOption: 'Technical support' },
    ])
    // The onboarding area went when personalization, its last part, left it.
    expect(before.state).not.toHaveProperty('onboarding')
  })

  it('to the hash its trailer recorded (the state as the earlier build shaped it)', () => {
    const result = replayLog(old)
    expect(result.hashMatches).toBe(true)
    // Today's shape hashes otherwise: the match is the earlier shape's, contact in onboarding.
    expect(result.actualHash).not.toBe(result.expectedHash)
    const { earlier, earlierInitial } = shapedBefore(MOVE, result.state)
    expect(earlier).not.toHaveProperty('contact')
    const onboarding = earlier.onboarding as Record<string, unknown>
    expect(onboarding.contactRequests).toEqual(result.state.contact.requests)
    expect(changesHash(earlier as never, earlierInitial as never)).toBe(result.expectedHash)
  })

  it('lifting a state already in today’s shape changes nothing, and the earlier shape lifts back', () => {
    expectLiftsBack(old, MOVE)
  })

  it('a form posting, in an earlier snapshot, is lifted and back', () => {
    const { earlier } = shapedBefore(MOVE, replayLog(old).state)
    const posting = { ...earlier, onboarding: { contact: { posting: true, resets: 1 } } }
    const { after, before } = STATE_MOVES.find((m) => m.name.startsWith(MOVE))!
    const lifted = after(posting)
    expect(lifted.contact).toEqual({ form: { posting: true, resets: 1 } })
    expect(lifted.onboarding).toEqual({})
    expect(before(lifted)).toEqual(posting)
  })
})
