/**
 * The first read of a route's content, answered with a signed-in user's page: the packages list's
 * first page. Start-up's answers come with the page (startupAnswers.ts), so the list's query was
 * the first load's one round trip left before its rows: it left once the list's code had run and
 * its answer came ~50–90 ms later (a Chromium trace of a cold load). The platform makes the
 * same read the console would (domain/packages/listRead.ts: the same document and variables,
 * from the same query string) through its own route with the user's cookie, and the console's
 * client takes the answer for that request alone (adapters/browser/pageAnswers.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API_PREFIX } from '../context'
import { findRoute } from '../../domain/navigation/routes'
import { listQueryOf } from '../../domain/search/listQuery'
import { LIST_READ_PATH, PACKAGES_QUERY, packagesVariables } from '../../domain/packages/listRead'
import { PAGE_SIZE } from '../../domain/packages/types'
import type { PageAnswer } from '../../domain/platform/pageAnswers'
import { answerBody, ownCallHeaders } from './startupAnswers'

/** The list's first read for a console path and its query string (`?q=…`), if the path shows the list. */
export function listFirstRead(
  path: string,
  search: string,
  scanner: boolean,
): { graphQL: Record<string, unknown> } | undefined {
  const match = findRoute(path)
  if (match?.route.area !== 'packages' || match.params.packageId) return undefined
  const query = listQueryOf(search, scanner)
  if (query === null) return undefined
  return { graphQL: { query: PACKAGES_QUERY, variables: packagesVariables(query, PAGE_SIZE, null) } }
}

/**
 * The answers of the route's first reads, made through the platform's own routes as the user.
 * `scanner`: whether this platform's scanner runs and is licensed (`scannerAnswers` of its
 * profile), as the console will judge from start-up's answers.
 */
export async function routeAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  search: string,
  scanner: boolean,
): Promise<PageAnswer[]> {
  const read = listFirstRead(path, search, scanner)
  if (!read) return []
  const res = await app.inject({
    method: 'POST',
    url: `${API_PREFIX}${LIST_READ_PATH}`,
    headers: { ...ownCallHeaders(request), 'content-type': 'application/json' },
    payload: read,
  })
  return [
    { path: LIST_READ_PATH, method: 'POST', request: read, status: res.statusCode, body: answerBody(res) },
  ]
}
