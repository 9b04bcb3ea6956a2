/**
 * Start-up's answers that a signed-in user's page carries (server/ui/startupAnswers.ts makes
 * them, adapters/browser/pageAnswers.ts hands them to the console's HTTP client): the shape both
 * sides agree on, and the page element that holds them.
 */
import * as t from 'io-ts'

/** The id of the page's `<script type="application/json">` holding the answers. */
export const PAGE_ANSWERS_ELEMENT_ID = 'startup-answers'

/** One read's answer, as the client would have had it: a path under the API base, its status and JSON body. */
export const PageAnswer = t.type({ path: t.string, status: t.number, body: t.unknown })
export type PageAnswer = t.TypeOf<typeof PageAnswer>
export const PageAnswers = t.array(PageAnswer)
