import * as t from 'io-ts'
import { map } from 'fp-ts/Either'
import type { GettingStartedApi } from '../ports'
import type { HttpClient } from './client'

const GettingStartedAnswer = t.type({ hasSeenGettingStarted: t.literal(true) })
// The platform answers with the saved answers; only that it saved them matters here.
const QuestionnaireAnswer = t.type({ updatedAt: t.string })

/** The getting-started area's calls (see server/API.md, "Onboarding"). */
export function createGettingStartedApi(http: HttpClient): GettingStartedApi {
  const done = map(() => undefined)
  return {
    saveGettingStartedSeen: async () =>
      done(
        await http.request('/ui/onboarding/gettingStarted', GettingStartedAnswer, {
          method: 'PUT',
          body: {},
        }),
      ),
    saveQuestionnaire: async (answers) =>
      done(
        await http.request('/ui/onboarding/questionnaire', QuestionnaireAnswer, {
          method: 'PUT',
          // The platform writes an unanswered choice as ''.
          body: { ...answers, purpose: answers.purpose ?? '', role: answers.role ?? '' },
        }),
      ),
  }
}
