// State of the personalization area.
import type { Failure } from '../shared/failure'
import type { PersonalizationData } from './rules'

/**
 * Personalization onboarding: loading, shown (the getting-started card, and the step-based
 * dialog when open) with its data, or hidden once the platform has it.
 */
export type PersonalizationCard =
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

export interface PersonalizationState {
  /** The card and its dialog, from the getting-started page's first load. */
  readonly card?: PersonalizationCard
}

export const initialPersonalizationState: PersonalizationState = {}
