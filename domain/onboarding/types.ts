// State of the onboarding area.
import type { Failure } from '../shared/failure'
import type { ContactRequest } from './contact'
import type { PersonalizationData } from './personalization'

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

/**
 * Personalization onboarding: loading, shown (the getting-started card, and the step-based
 * dialog when open) with its data, or hidden once the platform has it.
 */
export type PersonalizationState =
  | { readonly status: 'loading'; readonly requestId: string }
  | { readonly status: 'failed'; readonly failure: Failure }
  | {
      readonly status: 'shown'
      readonly open: boolean
      readonly data: PersonalizationData
      readonly sending: boolean
      readonly failure?: Failure
    }
  | { readonly status: 'hidden' }

export interface OnboardingState {
  /** The contact-us form, from its first request until it closes. */
  readonly contact?: ContactFormState
  /** The contact requests admins read. */
  readonly contactRequests?: ContactRequestsList
  /** Personalization onboarding, from the getting-started page's first load. */
  readonly personalization?: PersonalizationState
}

export const initialOnboardingState: OnboardingState = {}
