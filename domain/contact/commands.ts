import type { ContactForm } from './rules'

// Commands of the contact area, named `contact/Imperative`.
export type ContactCommand =
  /** Sends the contact-us form once its rule holds (./rules.ts); refused while one is posting. */
  | { readonly type: 'contact/SubmitRequest'; readonly form: ContactForm }
  /** After a request the platform stored (not in the scheduling-link flow): the thanks, then the form closes. */
  | { readonly type: 'contact/ThankForRequest' }
  /** Closes the contact-us dialog (and clears the query that opened it). */
  | { readonly type: 'contact/CloseForm' }
  /** Admins: the contact requests the platform stored. */
  | { readonly type: 'contact/LoadRequests' }
