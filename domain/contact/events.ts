import * as t from 'io-ts'
import { defineEvent, type EventOf } from '../shared/events'
import { Failure } from '../shared/failure'
import { HELP_OPTIONS } from './rules'

// Contact us (spec 001 section 4): the form's request and its answer, and the requests admins
// read. The onboarding area had it as one of its parts until contact became an area of its own:
// logs written then name these events `onboarding/…` (`formerly`), with the same data.

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

// The form: posting, then accepted or failed; either resets it.
export const ContactRequestPosted = defineEvent(
  'contact/RequestPosted',
  t.type({ request: ContactRequestC }),
  { formerly: ['onboarding/ContactRequestPosted'] },
)
/**
 * The platform stored the request. `schedulingLink` is the scheduling-link flow (a demo
 * request the platform answers with a page to book a time): the dialog shows the link, no toast.
 */
export const ContactRequestAccepted = defineEvent(
  'contact/RequestAccepted',
  t.type({ schedulingLink: t.union([t.string, t.null]) }),
  { formerly: ['onboarding/ContactRequestAccepted'] },
)
export const ContactRequestFailed = defineEvent('contact/RequestFailed', t.type({ failure: Failure }), {
  formerly: ['onboarding/ContactRequestFailed'],
})
export const ContactFormClosed = defineEvent('contact/FormClosed', t.type({}), {
  formerly: ['onboarding/ContactFormClosed'],
})
export const ContactRequestsRequested = defineEvent(
  'contact/RequestsRequested',
  t.type({ requestId: t.string }),
  { formerly: ['onboarding/ContactRequestsRequested'] },
)
export const ContactRequestsLoaded = defineEvent(
  'contact/RequestsLoaded',
  t.type({ requests: t.array(ContactRecordC) }),
  { formerly: ['onboarding/ContactRequestsLoaded'] },
)
export const ContactRequestsLoadFailed = defineEvent(
  'contact/RequestsLoadFailed',
  t.type({ failure: Failure }),
  { formerly: ['onboarding/ContactRequestsLoadFailed'] },
)

export const contactEvents = [
  ContactRequestPosted,
  ContactRequestAccepted,
  ContactRequestFailed,
  ContactFormClosed,
  ContactRequestsRequested,
  ContactRequestsLoaded,
  ContactRequestsLoadFailed,
] as const

export type ContactEvent = EventOf<(typeof contactEvents)[number]>
