import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { PersonalizationApi } from '../ports'
import type { HttpClient } from './client'

const PersonalizationStatus = t.type({ sent: t.boolean })

/** The personalization area's calls (see server/API.md, "Onboarding": the platform's paths keep the name). */
export function createPersonalizationApi(http: HttpClient): PersonalizationApi {
  const done = map(() => undefined)
  return {
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
