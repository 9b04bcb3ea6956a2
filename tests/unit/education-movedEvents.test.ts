/**
 * The education center moved from the onboarding area (one of its parts) to an area of its own:
 * its events are `education/…` now, and logs written before name them `onboarding/Education…`.
 * Such a log (tests/fixtures/logs/moved/educationInOnboardingArea.ndjson, recorded with the build
 * before the move) replays to the same state as the same session written with today's names, and
 * its trailer's hash (taken over the onboarding area's field of then) still matches.
 */
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { replayLog } from '../../domain/log'
import { changesHash } from '../../domain/shared/canonical'
import { currentShape, earlierShapes, STATE_MOVES } from '../../domain/stateMoves'
import { initialAppState } from '../../domain/app'
import { educationEvents } from '../../domain/education/events'

/** Where the state is in the shape of the build before the move, in `earlierShapes`'s list (newest first). */
const BEFORE_MOVE =
  STATE_MOVES.length - 1 - STATE_MOVES.findIndex((m) => m.name.startsWith('education center'))

const old = readFileSync(
  join(import.meta.dirname, '../fixtures/logs/moved/educationInOnboardingArea.ndjson'),
  'utf8',
)
/** The same log with today's event names (each event's `formerly` name replaced by its type). */
const renamed = (text: string) =>
  educationEvents.reduce(
    (t, e) => e.formerly.reduce((u, former) => u.replaceAll(`"type":"${former}"`, `"type":"${e.type}"`), t),
    text,
  )

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
    expect(before.state.onboarding).not.toHaveProperty('educationCenter')
  })

  it('to the hash its trailer recorded (the state as the earlier build shaped it)', () => {
    const result = replayLog(old)
    expect(result.hashMatches).toBe(true)
    // Today's shape hashes otherwise: the match is the earlier shape's, the center in onboarding.
    expect(result.actualHash).not.toBe(result.expectedHash)
    const earlier = earlierShapes(result.state)[BEFORE_MOVE]
    const earlierInitial = earlierShapes(initialAppState)[BEFORE_MOVE]
    expect(earlier).not.toHaveProperty('education')
    expect((earlier!.onboarding as Record<string, unknown>).educationCenter).toEqual(
      result.state.education.center,
    )
    expect(changesHash(earlier as never, earlierInitial as never)).toBe(result.expectedHash)
  })

  it('lifting a state already in today’s shape changes nothing, and the earlier shape lifts back', () => {
    const state = replayLog(old).state as unknown as Record<string, unknown>
    expect(currentShape(state)).toBe(state)
    expect(currentShape(earlierShapes(replayLog(old).state)[BEFORE_MOVE]!)).toEqual(state)
  })
})
