/**
 * Start-up's answers, made with a signed-in user's page.
 *
 * A signed-in first load runs start-up (spec 000): login data, then user data, then initial
 * data, features, the parallel loads, the navigation type, each step waiting for the one before.
 * Named as fetch preloads, the reads left with the page, but the steps the preloads could not
 * name (the parallel loads that depend on the platform's flags and services, a second ask for
 * the SAML logout address) were still round trips on the way to the page's content, and each
 * read was a request of its own (19 of a landing's 55). The server asks its own routes for
 * these reads as the user's browser would (`inject`: the same hooks, session and answers) and
 * puts the answers in the page; the console's HTTP client takes each answer once, in start-up's
 * first moments, instead of asking (adapters/browser/pageAnswers.ts). Start-up decides in the
 * same order on the same answers; only the waiting is gone.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API_PREFIX } from '../context'
import { SIGNED_IN_READS } from './indexPage'
import { afterIoTurns } from './ioTurns'
import type { PageAnswer } from '../../domain/platform/pageAnswers'

/**
 * Every read start-up may make for a signed-in user, in the order it makes them: the ones every
 * load makes, the SAML logout address a second time (the login data and the parallel loads each
 * ask), and the parallel loads that depend on flags and services. An answer start-up does not
 * ask for is dropped unused by the console.
 */
export const STARTUP_READS: ReadonlyArray<string> = [
  ...SIGNED_IN_READS,
  '/ui/auth/samlLogoutUrl',
  '/ui/onboarding/initStatus',
  '/system/ismicroserviceenabled/insight',
]

/** The headers of the page's request that the console's own calls would carry (its session). */
export function ownCallHeaders(request: FastifyRequest): Record<string, string> {
  return {
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
    ...(request.headers.host ? { host: request.headers.host } : {}),
  }
}

/** The JSON of an injected answer, or null when it has none (the client reads the status alone). */
export function answerBody(res: { json(): unknown }): unknown {
  try {
    return res.json()
  } catch {
    return null
  }
}

/** Asks the platform's own routes for start-up's reads, with the request's cookie. */
export async function startupAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  reads: ReadonlyArray<string> = STARTUP_READS,
): Promise<PageAnswer[]> {
  const headers = ownCallHeaders(request)
  return Promise.all(
    // One read a turn of the event loop, so the page's files are served while they are made.
    reads.map(async (path, i) => {
      await afterIoTurns(i + 1)
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}${path}`, headers })
      return { path, status: res.statusCode, body: answerBody(res) }
    }),
  )
}
