// State of the education area.
import type { Failure } from '../shared/failure'
import type { EducationModule } from './rules'

/** The education center panel: the module shown, what the platform says was played, the feedback. */
export interface EducationCenterState {
  readonly open: boolean
  readonly module: EducationModule
  readonly progress:
    | { readonly status: 'loading'; readonly requestId: string }
    | { readonly status: 'loaded'; readonly played: ReadonlyArray<string> }
    | { readonly status: 'failed'; readonly failure: Failure }
  readonly feedback:
    | { readonly status: 'none' }
    | { readonly status: 'sending' }
    | { readonly status: 'given' }
    | { readonly status: 'failed'; readonly failure: Failure }
}

export interface EducationState {
  /** The education center, from its first opening (absent: never opened). */
  readonly center?: EducationCenterState
}

export const initialEducationState: EducationState = {}
