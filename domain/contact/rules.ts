/**
 * The contact-us form of trial and tour users (spec 001 sections 2–4, 7, 8): its fields, the
 * rule that enables its submit button, the lead-source fields each help option sends, and
 * what closing it does to the address. Pure: the view keeps what is typed, the decider checks
 * the same rule before anything is sent.
 */
import { left, right, type Either } from 'fp-ts/Either'
import { isEmailAddress } from '../shared/forms'
import { CONTACT_US_QUERY_KEY } from '../shared/queryKeys'

export const HELP_OPTIONS = [
  'Request a demo',
  'Technical support',
  'Request trial extension',
  'Contact sales',
] as const
export type HelpOption = (typeof HELP_OPTIONS)[number]

/** The form as typed (nothing secret: names, a country, an email address and a comment). */
export interface ContactForm {
  readonly firstName: string
  readonly lastName: string
  readonly country: string
  readonly email: string
  readonly helpOption: HelpOption | null
  readonly optionalComment: string
}
export type ContactField = keyof ContactForm

export const INITIAL_CONTACT_FORM: ContactForm = {
  firstName: '',
  lastName: '',
  country: '',
  email: '',
  helpOption: null,
  optionalComment: '',
}

export const CONTACT_LIMITS = { name: 100, country: 100, email: 254, comment: 2000 } as const

/** A field's problem as a key and its data; the view words it. */
export type ContactProblem =
  | { readonly key: 'mandatory' }
  | { readonly key: 'invalidEmail' }
  | { readonly key: 'tooLong'; readonly max: number }

export type ContactProblems = Readonly<Partial<Record<ContactField, ContactProblem>>>

// The platform's own email rule (server/auth/schemas.ts): no spaces, quotes, brackets or
// separators; one @; a dot in the domain. Kept plain because it goes into mail headers.

/** What the platform receives: the trimmed form with a chosen help option, and its lead source. */
export interface ContactRequest {
  readonly firstName: string
  readonly lastName: string
  readonly country: string
  readonly email: string
  readonly helpOption: HelpOption
  readonly optionalComment: string
  readonly LeadSource: string
  readonly Lead_Source_Details__c: string
  readonly MRK_FormType__c: string
}

/** The lead-source fields each help option sends (spec 001 section 7), for the sales team's routing. */
export const LEAD_SOURCE: Readonly<
  Record<HelpOption, { readonly details: string; readonly formType: string }>
> = {
  'Request a demo': { details: 'Product - Request a Demo', formType: 'Demo Request' },
  'Technical support': { details: 'Product - Technical Support', formType: 'Support Request' },
  'Request trial extension': { details: 'Product - Trial Extension', formType: 'Trial Extension' },
  'Contact sales': { details: 'Product - Contact Sales', formType: 'Contact Sales' },
}
export const LEAD_SOURCE_NAME = 'Product Form'

const required = (value: string, max: number): ContactProblem | undefined => {
  const v = value.trim()
  if (v === '') return { key: 'mandatory' }
  return v.length > max ? { key: 'tooLong', max } : undefined
}

/**
 * The rule the submit button follows (the specification leaves it open): first name, last
 * name and country present (not only spaces, at most 100 characters each), an email address
 * the platform accepts (at most 254 characters), a help option chosen, and a comment of at
 * most 2000 characters (it is optional).
 */
export function contactProblems(form: ContactForm): ContactProblems {
  const problems: Partial<Record<ContactField, ContactProblem>> = {}
  const first = required(form.firstName, CONTACT_LIMITS.name)
  if (first) problems.firstName = first
  const last = required(form.lastName, CONTACT_LIMITS.name)
  if (last) problems.lastName = last
  const country = required(form.country, CONTACT_LIMITS.country)
  if (country) problems.country = country
  const email = form.email.trim()
  if (email === '') problems.email = { key: 'mandatory' }
  else if (email.length > CONTACT_LIMITS.email) problems.email = { key: 'tooLong', max: CONTACT_LIMITS.email }
  else if (!isEmailAddress(email)) problems.email = { key: 'invalidEmail' }
  if (form.helpOption === null || !HELP_OPTIONS.includes(form.helpOption))
    problems.helpOption = { key: 'mandatory' }
  if (form.optionalComment.length > CONTACT_LIMITS.comment)
    problems.optionalComment = { key: 'tooLong', max: CONTACT_LIMITS.comment }
  return problems
}

/** The request to send, or the problems that keep the submit button disabled. */
export function validateContactForm(form: ContactForm): Either<ContactProblems, ContactRequest> {
  const problems = contactProblems(form)
  if (Object.keys(problems).length > 0 || form.helpOption === null) return left(problems)
  const lead = LEAD_SOURCE[form.helpOption]
  return right({
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    country: form.country.trim(),
    email: form.email.trim(),
    helpOption: form.helpOption,
    optionalComment: form.optionalComment.trim(),
    LeadSource: LEAD_SOURCE_NAME,
    Lead_Source_Details__c: lead.details,
    MRK_FormType__c: lead.formType,
  })
}

/**
 * The address once the dialog closes: the same path and query without the contact-us
 * context, or null when the query has none (closing the dialog clears the query that opened it).
 */
export function withoutContactContext(path: string, query: string): string | null {
  const params = new URLSearchParams(query)
  if (!params.has(CONTACT_US_QUERY_KEY)) return null
  params.delete(CONTACT_US_QUERY_KEY)
  const rest = params.toString()
  return `${path}${rest ? `?${rest}` : ''}`
}
