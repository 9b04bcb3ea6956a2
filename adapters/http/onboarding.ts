import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { OnboardingApi } from '../ports'
import type { HttpClient } from './client'

const PersonalizationStatus = t.type({ sent: t.boolean })

/** The onboarding area's calls (see server/API.md, "Onboarding"). */
export function createOnboardingApi(http: HttpClient): OnboardingApi {
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
