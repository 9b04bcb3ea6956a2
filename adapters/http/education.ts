import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { EducationApi } from '../ports'
import type { HttpClient } from './client'

const EducationProgress = t.type({ played: t.array(t.string), feedbackGiven: t.boolean })

/** The education center's calls (see server/API.md, "Platform", the `/ui/education` rows). */
export function createEducationApi(http: HttpClient): EducationApi {
  const done = map(() => undefined)
  return {
    educationProgress: async () => await http.request('/ui/education', EducationProgress),
    markVideoPlayed: async (video) =>
      done(
        await http.request(`/ui/education/videos/${encodeURIComponent(video)}/played`, EducationProgress, {
          method: 'PUT',
          body: {},
        }),
      ),
    sendEducationFeedback: async (feedback) =>
      done(
        await http.request('/ui/education/feedback', EducationProgress, { method: 'POST', body: feedback }),
      ),
  }
}
