// State of the getting-started area.
import type { Failure } from '../shared/failure'
import type { QuestionnaireStep } from './rules'

/** Creating the project the questionnaire ends with. */
export type ProjectCreation =
  | { readonly status: 'idle' }
  | { readonly status: 'creating' }
  | { readonly status: 'failed'; readonly failure: Failure }
  | { readonly status: 'created'; readonly project: { readonly key: string; readonly name: string } }

/** The questionnaire while it is open: the step shown and the steps completed. */
export interface QuestionnaireWizard {
  readonly step: QuestionnaireStep
  readonly completed: ReadonlyArray<QuestionnaireStep>
  readonly creation: ProjectCreation
}

export interface GettingStartedState {
  /** The questionnaire (the getting-started wizard), from its opening until it closes. */
  readonly questionnaire?: QuestionnaireWizard
  /** Saving the getting-started flag of a free-tier admin. */
  readonly seenSave?: 'saving' | 'saved' | 'failed'
}

export const initialGettingStartedState: GettingStartedState = {}
