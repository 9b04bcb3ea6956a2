import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { EDUCATION_MODULES, EDUCATION_VIDEO_IDS } from './rules'

// The education center (spec 001 sections 2-3): open, a module shown, videos played and
// feedback given, the last two kept per user on the platform. It was a part of the onboarding
// area until it became an area of its own: logs written then name its events
// `onboarding/Education…` (`formerly`), with the same data.

const literals = <T extends string>(values: ReadonlyArray<T>) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<T, null>)

const ModuleC = literals(EDUCATION_MODULES)
const VideoC = literals(EDUCATION_VIDEO_IDS)
const ProgressC = t.type({ played: t.array(t.string), feedbackGiven: t.boolean })

export const EducationCenterOpened = defineEvent('education/CenterOpened', t.type({ requestId: t.string }), {
  formerly: ['onboarding/EducationCenterOpened'],
})
export const EducationCenterClosed = defineEvent('education/CenterClosed', t.type({}), {
  formerly: ['onboarding/EducationCenterClosed'],
})
export const EducationProgressLoaded = defineEvent(
  'education/ProgressLoaded',
  t.type({ requestId: t.string, progress: ProgressC }),
  { formerly: ['onboarding/EducationProgressLoaded'] },
)
export const EducationProgressLoadFailed = defineEvent(
  'education/ProgressLoadFailed',
  t.type({ requestId: t.string, failure: Failure }),
  { formerly: ['onboarding/EducationProgressLoadFailed'] },
)
export const EducationModuleShown = defineEvent('education/ModuleShown', t.type({ module: ModuleC }), {
  formerly: ['onboarding/EducationModuleShown'],
})
/** A getting-started video was played to its end (saved by an effect). */
export const EducationVideoPlayed = defineEvent('education/VideoPlayed', t.type({ video: VideoC }), {
  formerly: ['onboarding/EducationVideoPlayed'],
})
export const EducationVideoPlayFailed = defineEvent(
  'education/VideoPlayFailed',
  t.type({ video: VideoC, failure: Failure }),
  { formerly: ['onboarding/EducationVideoPlayFailed'] },
)
export const EducationFeedbackSent = defineEvent(
  'education/FeedbackSent',
  t.type({ module: ModuleC, helpful: t.boolean, comment: t.string }),
  { formerly: ['onboarding/EducationFeedbackSent'] },
)
export const EducationFeedbackSaved = defineEvent('education/FeedbackSaved', t.type({}), {
  formerly: ['onboarding/EducationFeedbackSaved'],
})
export const EducationFeedbackFailed = defineEvent('education/FeedbackFailed', t.type({ failure: Failure }), {
  formerly: ['onboarding/EducationFeedbackFailed'],
})

export const educationEvents = [
  EducationCenterOpened,
  EducationCenterClosed,
  EducationProgressLoaded,
  EducationProgressLoadFailed,
  EducationModuleShown,
  EducationVideoPlayed,
  EducationVideoPlayFailed,
  EducationFeedbackSent,
  EducationFeedbackSaved,
  EducationFeedbackFailed,
] as const

export type EducationEvent = EventOf<(typeof educationEvents)[number]>
