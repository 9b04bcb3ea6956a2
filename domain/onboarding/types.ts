// State of the onboarding area.
import type { Failure } from '../shared/failure'
import type { OnboardingStep } from './rules'

/** The guided client flow quick setup relaunched for a package type and repository. */
export interface ClientFlow {
  readonly packageType: string
  readonly repo: string
  readonly step: number
}

/** Creating the project the questionnaire ends with. */
export type ProjectCreation =
  | { readonly status: 'idle' }
  | { readonly status: 'creating' }
  | { readonly status: 'failed'; readonly failure: Failure }
  | { readonly status: 'created'; readonly project: { readonly key: string; readonly name: string } }

/** The onboarding questionnaire while it is open: the step shown and the steps completed. */
export interface QuestionnaireWizard {
  readonly step: OnboardingStep
  readonly completed: ReadonlyArray<OnboardingStep>
  readonly creation: ProjectCreation
}

export interface OnboardingState {
  readonly clientFlow?: ClientFlow
  readonly questionnaire?: QuestionnaireWizard
  /** Saving the getting-started flag of a free-tier admin. */
  readonly gettingStartedSave?: 'saving' | 'saved' | 'failed'
}

export const initialOnboardingState: OnboardingState = {}
