// State of the contact area.
import type { Failure } from '../shared/failure'
import type { ContactRequest } from './rules'

/** The contact-us form's request: the posting flag and how the last request ended. */
export interface ContactFormState {
  readonly posting: boolean
  /** How often the form was reset (after each answer): the view starts a fresh form on each. */
  readonly resets: number
  readonly outcome?:
    | { readonly status: 'sent'; readonly schedulingLink: string | null }
    | { readonly status: 'failed'; readonly failure: Failure }
}

/** A contact request as an admin sees it: what was typed, without the lead source. */
export type ContactRecord = Omit<
  ContactRequest,
  'LeadSource' | 'Lead_Source_Details__c' | 'MRK_FormType__c'
> & { readonly id: number; readonly createdAt: string }

export type ContactRequestsList =
  | {
      readonly status: 'loading'
      readonly requestId: string
      readonly previous?: ReadonlyArray<ContactRecord>
    }
  | { readonly status: 'loaded'; readonly requests: ReadonlyArray<ContactRecord> }
  | { readonly status: 'failed'; readonly failure: Failure }

export interface ContactState {
  /** The contact-us form, from its first request until it closes. */
  readonly form?: ContactFormState
  /** The contact requests admins read. */
  readonly requests?: ContactRequestsList
}

export const initialContactState: ContactState = {}
