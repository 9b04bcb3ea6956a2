/**
 * Start-up's answers that a signed-in user's page carries (server/ui/startupAnswers.ts makes
 * them, adapters/browser/pageAnswers.ts hands them to the console's HTTP client): the shape both
 * sides agree on, and the page element that holds them.
 */
import * as t from 'io-ts'

/** The id of the page's `<script type="application/json">` holding the answers. */
export const PAGE_ANSWERS_ELEMENT_ID = 'startup-answers'

/**
 * The API path (under the API base) that answers the same start-up answers for the session of
 * the request, in one JSON array: asked once after a sign-in in the page (the page's answers
 * were made for a visitor), so start-up's steps do not each wait for a round trip.
 */
export const STARTUP_ANSWERS_PATH = '/ui/startupAnswers'

/**
 * One read's answer, as the client would have had it: a path under the API base (with its query
 * string, if the read has one), its status and JSON body. A read made by POST (the list's
 * GraphQL query: domain/packages/listRead.ts) names its method and the request's JSON body: only
 * a request with that body is answered.
 */
export const PageAnswer = t.intersection([
  t.type({ path: t.string, status: t.number, body: t.unknown }),
  t.partial({ method: t.literal('POST'), request: t.unknown }),
])
export type PageAnswer = t.TypeOf<typeof PageAnswer>
export const PageAnswers = t.array(PageAnswer)
