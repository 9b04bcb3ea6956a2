import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { PERSONALIZATION_STEPS, PersonalizationDataC, StepDataOfC } from './personalization'

const literals = <T extends string>(values: ReadonlyArray<T>) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<T, null>)

// Personalization onboarding (spec 001 sections 3-4): loaded with what storage kept, step by
// step, then sent to the platform; after sending, the stored data is removed and the display hidden.
export const PersonalizationRequested = defineEvent(
  'onboarding/PersonalizationRequested',
  t.type({ requestId: t.string }),
)
/** Whether the platform has the user's personalization, and the data storage kept (null: none, or a bad value). */
export const PersonalizationLoaded = defineEvent(
  'onboarding/PersonalizationLoaded',
  t.type({ requestId: t.string, sent: t.boolean, stored: t.union([PersonalizationDataC, t.null]) }),
)
export const PersonalizationLoadFailed = defineEvent(
  'onboarding/PersonalizationLoadFailed',
  t.type({ requestId: t.string, failure: Failure }),
)
export const PersonalizationOpened = defineEvent('onboarding/PersonalizationOpened', t.type({}))
export const PersonalizationClosed = defineEvent('onboarding/PersonalizationClosed', t.type({}))
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
  'onboarding/PersonalizationStepCompleted',
  t.type({ change: StepDataOfC, data: DataAfterStepC }),
  dataAfterStep,
)
export const PersonalizationStepShown = defineEvent(
  'onboarding/PersonalizationStepShown',
  t.type({ step: literals(PERSONALIZATION_STEPS), data: DataAfterStepC }),
  dataAfterStep,
)
export const PersonalizationSendRequested = defineEvent(
  'onboarding/PersonalizationSendRequested',
  t.type({ data: PersonalizationDataC }),
)
export const PersonalizationSent = defineEvent('onboarding/PersonalizationSent', t.type({}))
export const PersonalizationSendFailed = defineEvent(
  'onboarding/PersonalizationSendFailed',
  t.type({ failure: Failure }),
)

// Each part of the area (decider.ts) evolves its own group of events.
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
export const onboardingEvents = [...personalizationEvents] as const

export type OnboardingEvent = EventOf<(typeof onboardingEvents)[number]>
