import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { OnboardingApi } from '../ports'
import type { HttpClient } from './client'
import { ContactRecordC } from '../../domain/onboarding/events'

// The stored request; `schedulingLink` only in the scheduling-link flow (a demo request).
const ContactAnswer = t.intersection([t.type({ id: t.number }), t.partial({ schedulingLink: t.string })])
// The platform's record carries the lead-source fields too; the console shows the rest.
const ContactRecords = t.array(ContactRecordC)
const PersonalizationStatus = t.type({ sent: t.boolean })

/** The onboarding area's calls (see server/API.md, "Onboarding"). */
export function createOnboardingApi(http: HttpClient): OnboardingApi {
  const done = map(() => undefined)
  return {
    sendContactRequest: async (request) =>
      map((answer: t.TypeOf<typeof ContactAnswer>) => ({ schedulingLink: answer.schedulingLink ?? null }))(
        await http.request('/marketing/contact', ContactAnswer, { method: 'POST', body: request }),
      ),
    contactRequests: async () => await http.request('/ui/admin/contactRequests', ContactRecords),
    personalizationStatus: async () =>
      await http.request('/ui/onboarding/personalization', PersonalizationStatus),
    sendPersonalization: async (choices) =>
      done(
        await http.request('/ui/onboarding/personalization', PersonalizationStatus, {
          method: 'PUT',
          body: choices,
        }),
      ),
  }
}
