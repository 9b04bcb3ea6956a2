import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { HELP_OPTIONS } from './contact'
import { PERSONALIZATION_STEPS, PersonalizationDataC, StepDataOfC } from './personalization'

const literals = <T extends string>(values: ReadonlyArray<T>) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<T, null>)

const HelpOptionC = literals(HELP_OPTIONS)

// The fields a person types (trimmed), as sent and as stored.
const contactFields = {
  firstName: t.string,
  lastName: t.string,
  country: t.string,
  email: t.string,
  helpOption: HelpOptionC,
  optionalComment: t.string,
}
/** What the contact form sends: the trimmed fields and the lead source of the help option. */
export const ContactRequestC = t.type({
  ...contactFields,
  LeadSource: t.string,
  Lead_Source_Details__c: t.string,
  MRK_FormType__c: t.string,
})
/** A stored request as an admin reads it. */
export const ContactRecordC = t.type({ id: t.number, ...contactFields, createdAt: t.string })

// The contact-us form (spec 001 section 4): posting, then accepted or failed; either resets it.
export const ContactRequestPosted = defineEvent(
  'onboarding/ContactRequestPosted',
  t.type({ request: ContactRequestC }),
)
/**
 * The platform stored the request. `schedulingLink` is the scheduling-link flow (a demo
 * request the platform answers with a page to book a time): the dialog shows the link, no toast.
 */
export const ContactRequestAccepted = defineEvent(
  'onboarding/ContactRequestAccepted',
  t.type({ schedulingLink: t.union([t.string, t.null]) }),
)
export const ContactRequestFailed = defineEvent(
  'onboarding/ContactRequestFailed',
  t.type({ failure: Failure }),
)
export const ContactFormClosed = defineEvent('onboarding/ContactFormClosed', t.type({}))
export const ContactRequestsRequested = defineEvent(
  'onboarding/ContactRequestsRequested',
  t.type({ requestId: t.string }),
)
export const ContactRequestsLoaded = defineEvent(
  'onboarding/ContactRequestsLoaded',
  t.type({ requests: t.array(ContactRecordC) }),
)
export const ContactRequestsLoadFailed = defineEvent(
  'onboarding/ContactRequestsLoadFailed',
  t.type({ failure: Failure }),
)

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
export const contactEvents = [
  ContactRequestPosted,
  ContactRequestAccepted,
  ContactRequestFailed,
  ContactFormClosed,
  ContactRequestsRequested,
  ContactRequestsLoaded,
  ContactRequestsLoadFailed,
] as const
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
export const onboardingEvents = [...contactEvents, ...personalizationEvents] as const

export type OnboardingEvent = EventOf<(typeof onboardingEvents)[number]>
