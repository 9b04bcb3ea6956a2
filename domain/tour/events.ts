import * as t from 'io-ts'
import { defineEvent, movesRecordedTime, type EventOf } from '../shared/events'

// The tour was the navigation area's until it became an area of its own: logs written then
// name its events `navigation/Tour…` (`formerly`), with the same data.

export const TourStarted = defineEvent('tour/Started', t.type({}), { formerly: ['navigation/TourStarted'] })
export const TourStepShown = defineEvent('tour/StepShown', t.type({ step: t.number }), {
  formerly: ['navigation/TourStepShown'],
})
/** The tour closed: finished (`completed`) or skipped. */
export const TourEnded = defineEvent(
  'tour/Ended',
  // Ended at its envelope's time; v1 carried that time as `at`, kept as `recordedAt` (movesRecordedTime).
  t.intersection([t.type({ completed: t.boolean, user: t.string }), t.partial({ recordedAt: t.string })]),
  { v: 2, upcasters: { 1: movesRecordedTime('at', 'recordedAt') }, formerly: ['navigation/TourEnded'] },
)
/** This user finished the tour before (read from local storage at start-up). */
export const TourCompletionRead = defineEvent(
  'tour/CompletionRead',
  t.type({ user: t.string, at: t.string }),
  { formerly: ['navigation/TourCompletionRead'] },
)
/** Tour and cloud trial: the guide context matched to the path just navigated to. */
export const GuideContextMatched = defineEvent('tour/GuideContextMatched', t.type({ context: t.string }), {
  formerly: ['navigation/GuideContextMatched'],
})

export const tourEvents = [
  TourStarted,
  TourStepShown,
  TourEnded,
  TourCompletionRead,
  GuideContextMatched,
] as const

export type TourEvent = EventOf<(typeof tourEvents)[number]>
