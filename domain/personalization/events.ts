import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { PERSONALIZATION_STEPS, PersonalizationDataC, StepDataOfC } from './rules'

const literals = <T extends string>(values: ReadonlyArray<T>) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<T, null>)

// Personalization onboarding (spec 001 sections 3-4): loaded with what storage kept, step by
// step, then sent to the platform; after sending, the stored data is removed and the display hidden.
// The onboarding area had it as its last part until personalization became an area of its own:
// logs written then name these events `onboarding/Personalization…` (`formerly`), with the same data.
export const PersonalizationRequested = defineEvent(
  'personalization/Requested',
  t.type({ requestId: t.string }),
  { formerly: ['onboarding/PersonalizationRequested'] },
)
/** Whether the platform has the user's personalization, and the data storage kept (null: none, or a bad value). */
export const PersonalizationLoaded = defineEvent(
  'personalization/Loaded',
  t.type({ requestId: t.string, sent: t.boolean, stored: t.union([PersonalizationDataC, t.null]) }),
  { formerly: ['onboarding/PersonalizationLoaded'] },
)
export const PersonalizationLoadFailed = defineEvent(
  'personalization/LoadFailed',
  t.type({ requestId: t.string, failure: Failure }),
  { formerly: ['onboarding/PersonalizationLoadFailed'] },
)
export const PersonalizationOpened = defineEvent('personalization/Opened', t.type({}), {
  formerly: ['onboarding/PersonalizationOpened'],
})
export const PersonalizationClosed = defineEvent('personalization/Closed', t.type({}), {
  formerly: ['onboarding/PersonalizationClosed'],
})
/**
 * `data` is the personalization after the step, which this browser keeps until it is sent. v1
 * had none (its effect read the state), so a v1 line reads `null`; evolve folds the change or
 * the step as v1 did, so an old log replays to the same state.
 */
const dataAfterStep = {
  v: 2,
  upcasters: { 1: (data: unknown) => ({ ...(data as Record<string, unknown>), data: null }) },
}
const DataAfterStepC = t.union([PersonalizationDataC, t.null])
export const PersonalizationStepCompleted = defineEvent(
  'personalization/StepCompleted',
  t.type({ change: StepDataOfC, data: DataAfterStepC }),
  { ...dataAfterStep, formerly: ['onboarding/PersonalizationStepCompleted'] },
)
export const PersonalizationStepShown = defineEvent(
  'personalization/StepShown',
  t.type({ step: literals(PERSONALIZATION_STEPS), data: DataAfterStepC }),
  { ...dataAfterStep, formerly: ['onboarding/PersonalizationStepShown'] },
)
export const PersonalizationSendRequested = defineEvent(
  'personalization/SendRequested',
  t.type({ data: PersonalizationDataC }),
  { formerly: ['onboarding/PersonalizationSendRequested'] },
)
export const PersonalizationSent = defineEvent('personalization/Sent', t.type({}), {
  formerly: ['onboarding/PersonalizationSent'],
})
export const PersonalizationSendFailed = defineEvent(
  'personalization/SendFailed',
  t.type({ failure: Failure }),
  { formerly: ['onboarding/PersonalizationSendFailed'] },
)

export const personalizationEvents = [
  PersonalizationRequested,
  PersonalizationLoaded,
  PersonalizationLoadFailed,
  PersonalizationOpened,
  PersonalizationClosed,
  PersonalizationStepCompleted,
  PersonalizationStepShown,
  PersonalizationSendRequested,
  PersonalizationSent,
  PersonalizationSendFailed,
] as const

export type PersonalizationEvent = EventOf<(typeof personalizationEvents)[number]>
