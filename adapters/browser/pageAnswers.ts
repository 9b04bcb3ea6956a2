/**
 * Start-up's answers that came with the page (server/ui/startupAnswers.ts): a fetch that hands
 * each one over once, to the first GET of its path (or the first POST of its path and body),
 * instead of asking the network. They are the
 * platform's state as the page was made, so they are taken only in start-up's first moments
 * (`PAGE_ANSWERS_FOR_MS` after the page's navigation began): a later read asks the network, as a
 * read would after the page had been open a while. The page's element is removed once read.
 */
import { isRight } from 'fp-ts/Either'
import { API_BASE } from '../http/client'
import { canonicalJson } from '../../domain/shared/canonical'
import { PAGE_ANSWERS_ELEMENT_ID, PageAnswers, type PageAnswer } from '../../domain/platform/pageAnswers'
/** How long after the page's navigation began its answers are still taken. */
export const PAGE_ANSWERS_FOR_MS = 20_000

/** The page's answers by path (a path asked twice has two), read and removed from the page. */
export function takePageAnswers(doc: Document): Map<string, ReadonlyArray<PageAnswer>> {
  const byPath = new Map<string, ReadonlyArray<PageAnswer>>()
  const element = doc.getElementById(PAGE_ANSWERS_ELEMENT_ID)
  if (!element) return byPath
  element.remove()
  let parsed: unknown
  try {
    parsed = JSON.parse(element.textContent ?? '')
  } catch {
    return byPath
  }
  const decoded = PageAnswers.decode(parsed)
  // Answers of a shape the console does not know are ignored: start-up asks the network.
  if (!isRight(decoded)) return byPath
  for (const answer of decoded.right) byPath.set(answer.path, [...(byPath.get(answer.path) ?? []), answer])
  return byPath
}

/** A request's JSON body, or `undefined` when it has none or it is not JSON. */
function jsonBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return undefined
  try {
    return JSON.parse(body) as unknown
  } catch {
    return undefined
  }
}

/** The API path of a URL on this page's origin (`/ui/api/v1/x` or `https://host/ui/api/v1/x`), with its query. */
function apiPath(url: string): string | undefined {
  const origin = typeof location === 'undefined' ? undefined : location.origin
  const local = origin !== undefined && url.startsWith(`${origin}/`) ? url.slice(origin.length) : url
  return local.startsWith(`${API_BASE}/`) ? local.slice(API_BASE.length) : undefined
}

/**
 * `fetch`, answered from the page where it can be: a GET of an API path that has an answer left,
 * or a POST of one whose answer was made for the same JSON body (the list's query), within the
 * time the answers are good for (`now`: milliseconds since navigation).
 */
export function answeringFromPage(
  answers: Map<string, ReadonlyArray<PageAnswer>>,
  next: typeof fetch,
  now: () => number,
): typeof fetch {
  return (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const path = answers.size > 0 && now() < PAGE_ANSWERS_FOR_MS ? apiPath(url) : undefined
    const left = path === undefined ? [] : (answers.get(path) ?? [])
    const sent = method === 'POST' ? canonicalJson(jsonBody(init?.body)) : undefined
    const index = left.findIndex((a) =>
      method === 'GET'
        ? a.method === undefined
        : method === 'POST' &&
          a.method === 'POST' &&
          a.request !== undefined &&
          canonicalJson(a.request) === sent,
    )
    const answer = left[index]
    if (path === undefined || answer === undefined) return next(input, init)
    const rest = left.filter((_, i) => i !== index)
    if (rest.length > 0) answers.set(path, rest)
    else answers.delete(path)
    const body = answer.body === null ? null : JSON.stringify(answer.body)
    return Promise.resolve(
      new Response(answer.status === 204 ? null : body, {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    )
  }
}
