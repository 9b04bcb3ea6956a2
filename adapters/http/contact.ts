import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { ContactApi } from '../ports'
import type { HttpClient } from './client'
import { ContactRecordC } from '../../domain/contact/events'

// The stored request; `schedulingLink` only in the scheduling-link flow (a demo request).
const ContactAnswer = t.intersection([t.type({ id: t.number }), t.partial({ schedulingLink: t.string })])
// The platform's record carries the lead-source fields too; the console shows the rest.
const ContactRecords = t.array(ContactRecordC)

/** The contact area's calls (see server/API.md, "Onboarding"). */
export function createContactApi(http: HttpClient): ContactApi {
  return {
    sendContactRequest: async (request) =>
      map((answer: t.TypeOf<typeof ContactAnswer>) => ({ schedulingLink: answer.schedulingLink ?? null }))(
        await http.request('/marketing/contact', ContactAnswer, { method: 'POST', body: request }),
      ),
    contactRequests: async () => await http.request('/ui/admin/contactRequests', ContactRecords),
  }
}
