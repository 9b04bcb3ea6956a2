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
import { LANDING_SIZE, PAGE_SIZE } from '../../domain/packages/types'
import { LANDING_QUERIES } from '../../domain/packages/rules'
import type { PageAnswer } from '../../domain/platform/pageAnswers'
import type { Flavour } from '../config'
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

/** The platform's answer to one of the list's reads, made through its own route as the user. */
async function listAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  read: { graphQL: Record<string, unknown> },
): Promise<PageAnswer> {
  const res = await app.inject({
    method: 'POST',
    url: `${API_PREFIX}${LIST_READ_PATH}`,
    headers: { ...ownCallHeaders(request), 'content-type': 'application/json' },
    payload: read,
  })
  return {
    path: LIST_READ_PATH,
    method: 'POST',
    request: read,
    status: res.statusCode,
    body: answerBody(res),
  }
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
  return read ? [await listAnswer(app, request, read)] : []
}

/** The packages landing's two reads (no search): its newest and its most downloaded packages. */
export function landingReads(): Array<{ graphQL: Record<string, unknown> }> {
  return [LANDING_QUERIES.newest, LANDING_QUERIES.popular].map((query) => ({
    graphQL: { query: PACKAGES_QUERY, variables: packagesVariables(query, LANDING_SIZE, null) },
  }))
}

/** Flavours whose users land elsewhere than the packages list (domain/navigation/landing.ts). */
const OWN_LANDING: ReadonlySet<Flavour> = new Set<Flavour>(['lightweight', 'tour', 'cloud-trial'])

/**
 * What a sign-in in the page takes besides start-up's answers (the console asks for both at
 * once, STARTUP_ANSWERS_PATH): its landing's first reads. After a sign-in, the landing's two
 * searches left only once start-up had decided and the packages code had run, and their answers
 * were the last round trip before the first row (a resource timing of sign-in, loaded machine:
 * sent ~140 ms after start-up's answers came, answered 110–170 ms later). The console decides
 * the landing (defaultLanding): a user who is no admin, on a platform that is not lightweight, a
 * tour or a cloud trial, lands on the packages landing, unless the login page was on its way to
 * another page or the same user visited one before in this page. Only that case is answered;
 * when the console goes elsewhere the answers are not asked for and are dropped (two reads of
 * the list made in vain).
 */
export async function landingAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  user: { readonly admin: boolean },
  flavour: Flavour,
): Promise<PageAnswer[]> {
  if (user.admin || OWN_LANDING.has(flavour)) return []
  return Promise.all(landingReads().map((read) => listAnswer(app, request, read)))
}
