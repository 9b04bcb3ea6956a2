import type { ContactRequest } from '../../domain/contact/rules'
import type { ContactRecord } from '../../domain/contact/types'
import type { Result } from './result'

// The contact us (the form, the requests admins read) area's API port (adapters/ports.ts).
export interface ContactApi {
  /** Sends a contact request; a demo request may come back with a page to book a time. */
  sendContactRequest(request: ContactRequest): Promise<Result<{ readonly schedulingLink: string | null }>>
  /** The contact requests the platform stored, newest first (admins). */
  contactRequests(): Promise<Result<ReadonlyArray<ContactRecord>>>
}
