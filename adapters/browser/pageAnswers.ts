/**
 * Start-up's answers that came with the page (server/ui/startupAnswers.ts): a fetch that hands
 * each one over once, to the first GET of its path (or the first POST of its path and body),
 * instead of asking the network. They are the
 * platform's state as the page was made, so they are taken only in start-up's first moments
 * (`PAGE_ANSWERS_FOR_MS` after the page's navigation began): a later read asks the network, as a
 * read would after the page had been open a while. The page's element is removed once read.
 *
 * A page that carries them runs its entry as soon as it has loaded (server/ui/indexPage.ts,
 * withAsyncEntry), while the platform still makes the answers at the page's end: they are read
 * once the page is parsed (pageAnswersOnceParsed), and an API read made before then waits.
 */
import { isRight } from 'fp-ts/Either'
import { API_BASE } from '../http/client'
import { SIGN_IN_PATHS, SIGN_OUT_PATH } from '../http/session'
import { canonicalJson } from '../../domain/shared/canonical'
import {
  PAGE_ANSWERS_ELEMENT_ID,
  PageAnswers,
  STARTUP_ANSWERS_PATH,
  type PageAnswer,
} from '../../domain/platform/pageAnswers'
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

/**
 * The longest start-up waits for the page's style sheets once the page is parsed. A sheet that
 * failed before it was looked at has no sheet and fires no event again: without a bound, every
 * API read would wait for it for ever and the console would never start.
 */
export const STYLE_SHEETS_WAIT_MS = 3000

/**
 * Settles once `doc` is parsed and the style sheets it names are in (loaded or failed, or
 * `STYLE_SHEETS_WAIT_MS` later): when a deferred script would have run. The console's entry runs
 * before then on a page that carries start-up's answers (server/ui/indexPage.ts), so what
 * start-up draws waits for the same styles.
 */
async function pageParsed(doc: Document): Promise<void> {
  if (doc.readyState === 'loading')
    await new Promise<void>((resolve) =>
      doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
    )
  const loading = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.sheet === null,
  )
  if (loading.length === 0) return
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    Promise.all(
      loading.map(
        (link) =>
          new Promise<void>((resolve) => {
            link.addEventListener('load', () => resolve(), { once: true })
            link.addEventListener('error', () => resolve(), { once: true })
          }),
      ),
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STYLE_SHEETS_WAIT_MS)
    }),
  ])
  clearTimeout(timer)
}

/** The page's answers (takePageAnswers) once the page is parsed (pageParsed): its end carries them. */
export async function pageAnswersOnceParsed(doc: Document): Promise<Map<string, ReadonlyArray<PageAnswer>>> {
  await pageParsed(doc)
  return takePageAnswers(doc)
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
 * The console's sign-in calls (adapters/http/session.ts). Once one is answered 2xx the session
 * is the user's: start-up's answers for it are asked in one request (`STARTUP_ANSWERS_PATH`)
 * instead of start-up's six steps each waiting for a round trip after the login answer (a
 * resource timing of sign-in showed them back to back, ~6 round trips before the landing's
 * list). A login that still needs a one-time code gets a 401 there: start-up asks the network.
 */
const SIGN_IN: ReadonlySet<string> = new Set(Object.values(SIGN_IN_PATHS))
/** How long a read waits for the answers asked after a sign-in before asking the network itself. */
export const SIGN_IN_ANSWERS_WAIT_MS = 5_000

/** An answer and the moment (of `now`) after which it is no longer taken. */
type Kept = PageAnswer & { readonly until: number }

/**
 * `fetch`, answered from the page where it can be: a GET of an API path that has an answer left,
 * or a POST of one whose answer was made for the same JSON body (the list's query), within the
 * time the answers are good for (`now`: milliseconds since navigation). After a sign-in in the
 * page, the signed-in user's start-up answers are asked once and taken the same way; a read made
 * while they are on their way waits for them (at most `SIGN_IN_ANSWERS_WAIT_MS`).
 */
export function answeringFromPage(
  answers: Map<string, ReadonlyArray<PageAnswer>> | Promise<Map<string, ReadonlyArray<PageAnswer>>>,
  next: typeof fetch,
  now: () => number,
): typeof fetch {
  const kept = new Map<string, ReadonlyArray<Kept>>()
  const keep = (page: Map<string, ReadonlyArray<PageAnswer>>) => {
    for (const [path, list] of page)
      kept.set(
        path,
        list.map((a) => ({ ...a, until: PAGE_ANSWERS_FOR_MS })),
      )
  }
  // Answers still on their way in the page: an API read waits for them (a read of a page
  // without any goes to the network once the page is parsed).
  let parsing: Promise<void> | undefined
  if (answers instanceof Map) keep(answers)
  else
    parsing = answers
      .then(keep, () => undefined)
      .finally(() => {
        parsing = undefined
      })
  let pending: Promise<void> | undefined

  const take = (method: string, path: string, body: RequestInit['body']): PageAnswer | undefined => {
    const at = now()
    const left = (kept.get(path) ?? []).filter((a) => at < a.until)
    const sent = method === 'POST' ? canonicalJson(jsonBody(body)) : undefined
    const index = left.findIndex((a) =>
      method === 'GET'
        ? a.method === undefined
        : method === 'POST' &&
          a.method === 'POST' &&
          a.request !== undefined &&
          canonicalJson(a.request) === sent,
    )
    const answer = left[index]
    const rest = left.filter((_, i) => i !== index)
    if (rest.length > 0) kept.set(path, rest)
    else kept.delete(path)
    return answer
  }

  const askAfterSignIn = async (): Promise<void> => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), SIGN_IN_ANSWERS_WAIT_MS)
    })
    try {
      const res = await Promise.race([
        next(`${API_BASE}${STARTUP_ANSWERS_PATH}`, {
          headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        }),
        late,
      ])
      if (!res?.ok) return
      const decoded = PageAnswers.decode(await res.json())
      if (!isRight(decoded)) return
      const until = now() + PAGE_ANSWERS_FOR_MS
      for (const a of decoded.right) kept.set(a.path, [...(kept.get(a.path) ?? []), { ...a, until }])
    } catch {
      // Start-up asks the network for each read, as it would have.
    } finally {
      clearTimeout(timer)
      pending = undefined
    }
  }

  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const path = apiPath(url)
    const route = path?.split('?')[0]
    if (path !== undefined && parsing !== undefined) await parsing
    // Signing out ends every answer left: they were the signed-in user's.
    if (route === SIGN_OUT_PATH) {
      kept.clear()
      pending = undefined
    }
    if (path !== undefined && pending !== undefined && method === 'GET') await pending
    const answer = path === undefined || kept.size === 0 ? undefined : take(method, path, init?.body)
    if (answer !== undefined) {
      const body = answer.body === null ? null : JSON.stringify(answer.body)
      return new Response(answer.status === 204 ? null : body, {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      })
    }
    const res = await next(input, init)
    if (route !== undefined && SIGN_IN.has(route) && res.ok) pending = askAfterSignIn()
    return res
  }
}
