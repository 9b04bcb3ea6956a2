import type { ContactForm } from './contact'
import type { PersonalizationStep, StepDataOf } from './personalization'

// Commands of the onboarding area, named `onboarding/Imperative`.
export type OnboardingCommand =
  /** Sends the contact-us form once its rule holds (./contact.ts); refused while one is posting. */
  | { readonly type: 'onboarding/SubmitContactRequest'; readonly form: ContactForm }
  /** After a request the platform stored (not in the scheduling-link flow): the thanks, then the form closes. */
  | { readonly type: 'onboarding/ThankForContactRequest' }
  /** Closes the contact-us dialog (and clears the query that opened it). */
  | { readonly type: 'onboarding/CloseContactForm' }
  /** Admins: the contact requests the platform stored. */
  | { readonly type: 'onboarding/LoadContactRequests' }
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
