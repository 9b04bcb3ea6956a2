import type { PersonalizationStep, StepDataOf } from './personalization'

// Commands of the onboarding area, named `onboarding/Imperative`.
export type OnboardingCommand =
  /** The getting-started page asks whether personalization is still to do (and what storage kept). */
  | { readonly type: 'onboarding/LoadPersonalization' }
  | { readonly type: 'onboarding/OpenPersonalization' }
  /** Closes the dialog; the steps done so far stay in storage for the next time. */
  | { readonly type: 'onboarding/ClosePersonalization' }
  /** Next: the step's data must hold (a technology chosen, a goal chosen). */
  | { readonly type: 'onboarding/CompletePersonalizationStep'; readonly change: StepDataOf }
  | { readonly type: 'onboarding/ShowPersonalizationStep'; readonly step: PersonalizationStep }
  /** Sends the choices once every step is completed. */
  | { readonly type: 'onboarding/SendPersonalization' }
