import type { PersonalizationStep, StepDataOf } from './rules'

// Commands of the personalization area, named `personalization/Imperative`.
export type PersonalizationCommand =
  /** The getting-started page asks whether personalization is still to do (and what storage kept). */
  | { readonly type: 'personalization/Load' }
  | { readonly type: 'personalization/Open' }
  /** Closes the dialog; the steps done so far stay in storage for the next time. */
  | { readonly type: 'personalization/Close' }
  /** Next: the step's data must hold (a technology chosen, a goal chosen). */
  | { readonly type: 'personalization/CompleteStep'; readonly change: StepDataOf }
  | { readonly type: 'personalization/ShowStep'; readonly step: PersonalizationStep }
  /** Sends the choices once every step is completed. */
  | { readonly type: 'personalization/Send' }
