// @vitest-environment jsdom
// Start-up's answers carried by a signed-in user's page: written into the page by the server
// (server/ui/indexPage.ts withAnswers), read back and handed to the console's HTTP client once
// each (adapters/browser/pageAnswers.ts). Hostile text in an answer stays text.
import { describe, expect, it, vi } from 'vitest'
import { withAnswers } from '../../server/ui/indexPage'
import {
  answeringFromPage,
  PAGE_ANSWERS_FOR_MS,
  pageAnswersOnceParsed,
  STYLE_SHEETS_WAIT_MS,
  takePageAnswers,
} from '../../adapters/browser/pageAnswers'
import type { PageAnswer } from '../../domain/platform/pageAnswers'
import { corpusLines } from '../support/corpora'

const PAGE =
  '<!doctype html><html lang="en"><head><title>t</title>\n  </head><body><div id="root"></div></body></html>'
const pageWith = (answers: ReadonlyArray<PageAnswer>) =>
  new DOMParser().parseFromString(withAnswers(PAGE, answers), 'text/html')

describe("the page's answers", () => {
  it('keep hostile text as text: one data block, nothing else made, every answer read back as written', () => {
    const lines = [...corpusLines('xss'), '</script><script>alert(1)</script>', '<!--', '\u2028\u2029']
    const answers = lines.map((name, i) => ({ path: `/ui/p${i}`, status: 200, body: { name } }))
    const doc = pageWith(answers)
    expect(doc.querySelectorAll('script')).toHaveLength(1)
    // At the body's end, after the page's own content (sent before the answers are made).
    expect([...doc.head.children].map((e) => e.tagName)).toEqual(['TITLE'])
    expect([...doc.body.children].map((e) => e.tagName)).toEqual(['DIV', 'SCRIPT'])
    expect(doc.body.firstElementChild!.outerHTML).toBe('<div id="root"></div>')
    const taken = takePageAnswers(doc)
    expect([...taken.values()].flat().map((a) => (a.body as { name: string }).name)).toEqual(lines)
    // Read once: the element is gone from the page.
    expect(doc.querySelectorAll('script')).toHaveLength(0)
    expect(takePageAnswers(doc).size).toBe(0)
  })

  it('are ignored when the block is not the shape the console knows', () => {
    for (const text of ['not json', '{"path":"/x"}', '[{"path":"/x","status":"200","body":1}]']) {
      const doc = new DOMParser().parseFromString(
        `<html><head><script type="application/json" id="startup-answers">${text}</script></head></html>`,
        'text/html',
      )
      expect(takePageAnswers(doc).size, text).toBe(0)
    }
  })
})

describe('fetch answered from the page', () => {
  const network: string[] = []
  const next: typeof fetch = (input, init) => {
    network.push(`${init?.method ?? 'GET'} ${String(input)}`)
    return Promise.resolve(new Response('{"from":"network"}', { status: 200 }))
  }
  const answers = () =>
    takePageAnswers(
      pageWith([
        { path: '/ui/auth/current', status: 200, body: { name: 'developer' } },
        { path: '/ui/auth/samlLogoutUrl', status: 200, body: 'first' },
        { path: '/ui/auth/samlLogoutUrl', status: 200, body: 'second' },
        { path: '/ui/system/features', status: 503, body: { message: 'busy' } },
      ]),
    )

  it('hands each answer once, a path asked twice its answers in order, then asks the network', async () => {
    network.length = 0
    const fetchIt = answeringFromPage(answers(), next, () => 100)
    expect(await (await fetchIt('/ui/api/v1/ui/auth/current')).json()).toEqual({ name: 'developer' })
    expect(await (await fetchIt('/ui/api/v1/ui/auth/samlLogoutUrl')).json()).toBe('first')
    expect(await (await fetchIt('/ui/api/v1/ui/auth/samlLogoutUrl', { method: 'GET' })).json()).toBe('second')
    expect(network).toEqual([])
    expect(await (await fetchIt('/ui/api/v1/ui/auth/current')).json()).toEqual({ from: 'network' })
    expect(network).toEqual(['GET /ui/api/v1/ui/auth/current'])
  })

  it("keeps a failure's status and body, as the network would have given them", async () => {
    const res = await answeringFromPage(answers(), next, () => 100)('/ui/api/v1/ui/system/features')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ message: 'busy' })
  })

  it('asks the network for other methods, other paths, a query, and once the answers are old', async () => {
    network.length = 0
    const fetchIt = answeringFromPage(answers(), next, () => 100)
    await fetchIt('/ui/api/v1/ui/auth/current', { method: 'POST' })
    await fetchIt('/ui/api/v1/ui/auth/current?x=1')
    await fetchIt('/ui/api/v1/ui/projects')
    await answeringFromPage(answers(), next, () => PAGE_ANSWERS_FOR_MS)('/ui/api/v1/ui/auth/current')
    expect(network).toEqual([
      'POST /ui/api/v1/ui/auth/current',
      'GET /ui/api/v1/ui/auth/current?x=1',
      'GET /ui/api/v1/ui/projects',
      'GET /ui/api/v1/ui/auth/current',
    ])
  })
})

// The page's entry runs before the page's end has come, while the platform makes the answers
// (server/ui/indexPage.ts withAsyncEntry): reads made meanwhile wait for the page's end.
describe('answers still on their way in the page', () => {
  /** A page being written (its body so far, not its end) and a fetch answered from it. */
  const pageBeingWritten = () => {
    const network: string[] = []
    const next: typeof fetch = (input) => {
      network.push(String(input))
      return Promise.resolve(new Response('{"from":"network"}', { status: 200 }))
    }
    const doc = document.implementation.createHTMLDocument('')
    doc.open()
    doc.write('<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div>')
    expect(doc.readyState).toBe('loading')
    const fetchIt = answeringFromPage(pageAnswersOnceParsed(doc), next, () => 100)
    const end = (answers: ReadonlyArray<PageAnswer>) => {
      doc.write(answers.length > 0 ? withAnswers('</body></html>', answers) : '</body></html>')
      doc.close()
    }
    return { network, fetchIt, end }
  }

  it('a read made while the page is parsed waits for its end, takes its answer and asks the network nothing', async () => {
    const { network, fetchIt, end } = pageBeingWritten()
    let answered = false
    const current = fetchIt('/ui/api/v1/ui/auth/current').then((res) => {
      answered = true
      return res
    })
    // Files and other origins are not the platform's answers: they do not wait.
    await fetchIt('/ui/assets/x.js')
    expect(network).toEqual(['/ui/assets/x.js'])
    expect(answered).toBe(false)
    end([{ path: '/ui/auth/current', status: 200, body: { name: 'developer' } }])
    expect(await (await current).json()).toEqual({ name: 'developer' })
    expect(network).toEqual(['/ui/assets/x.js'])
  })

  it('a page that ends without answers sends its reads to the network once it is parsed', async () => {
    const { network, fetchIt, end } = pageBeingWritten()
    const current = fetchIt('/ui/api/v1/ui/auth/current')
    end([])
    expect(await (await current).json()).toEqual({ from: 'network' })
    expect(network).toEqual(['/ui/api/v1/ui/auth/current'])
  })
})

// The packages list's first page comes with the page too (server/ui/routeAnswers.ts): a POST,
// answered only for the body it was made for.
describe("the list's first page answered from the page", () => {
  const network: string[] = []
  const next: typeof fetch = (input, init) => {
    network.push(
      `${init?.method ?? 'GET'} ${String(input)} ${typeof init?.body === 'string' ? init.body : ''}`,
    )
    return Promise.resolve(new Response('{"from":"network"}', { status: 200 }))
  }
  const read = {
    graphQL: { query: 'query Packages { x }', variables: { filter: { name: 'a*' }, first: 100 } },
  }
  const answers = () =>
    takePageAnswers(
      pageWith([
        {
          path: '/mds/packages?jfLoader=true',
          method: 'POST',
          request: read,
          status: 200,
          body: { data: 1 },
        },
      ]),
    )
  const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) })

  it('answers a POST with the same body once, whatever the order of its keys, on an absolute same-origin URL too', async () => {
    network.length = 0
    const reordered = {
      graphQL: { variables: { first: 100, filter: { name: 'a*' } }, query: 'query Packages { x }' },
    }
    const fetchIt = answeringFromPage(answers(), next, () => 100)
    const res = await fetchIt(`${location.origin}/ui/api/v1/mds/packages?jfLoader=true`, post(reordered))
    expect(await res.json()).toEqual({ data: 1 })
    expect(network).toEqual([])
    await fetchIt('/ui/api/v1/mds/packages?jfLoader=true', post(read))
    expect(network).toHaveLength(1)
  })

  it('asks the network for another body, a GET, another origin and an old page', async () => {
    network.length = 0
    const other = { graphQL: { ...read.graphQL, variables: { filter: { name: 'b*' }, first: 100 } } }
    const fetchIt = answeringFromPage(answers(), next, () => 100)
    await fetchIt('/ui/api/v1/mds/packages?jfLoader=true', post(other))
    await fetchIt('/ui/api/v1/mds/packages?jfLoader=true')
    await fetchIt('https://elsewhere.example/ui/api/v1/mds/packages?jfLoader=true', post(read))
    await fetchIt('/ui/api/v1/mds/packages?jfLoader=true', { method: 'POST' })
    await answeringFromPage(
      answers(),
      next,
      () => PAGE_ANSWERS_FOR_MS,
    )('/ui/api/v1/mds/packages?jfLoader=true', post(read))
    expect(network.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      'POST /ui/api/v1/mds/packages?jfLoader=true',
      'GET /ui/api/v1/mds/packages?jfLoader=true',
      'POST https://elsewhere.example/ui/api/v1/mds/packages?jfLoader=true',
      'POST /ui/api/v1/mds/packages?jfLoader=true',
      'POST /ui/api/v1/mds/packages?jfLoader=true',
    ])
  })
})

// A page made for a visitor carries no signed-in answers: once a sign-in call succeeds in it,
// start-up's answers for the new session are asked in one request, and start-up's reads take
// them instead of a round trip each (adapters/browser/pageAnswers.ts).
describe('start-up answers after a sign-in in the page', () => {
  const batch: PageAnswer[] = [
    { path: '/ui/auth/current', status: 200, body: { name: 'developer' } },
    { path: '/ui/system/features', status: 200, body: { features: {} } },
  ]
  /** The network: the sign-in answers `login`, the batch `startup`; `hold` keeps the batch's answer back. */
  const network = (login: number, startup: number) => {
    const asked: string[] = []
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const next: typeof fetch = async (input, init) => {
      const url = String(input)
      asked.push(`${init?.method ?? 'GET'} ${url}`)
      if (url.endsWith('/ui/auth/login')) return new Response('{}', { status: login })
      if (url.endsWith('/ui/startupAnswers')) {
        await held
        return new Response(startup === 200 ? JSON.stringify(batch) : '{"message":"no"}', { status: startup })
      }
      return new Response('{"from":"network"}', { status: 200 })
    }
    return { asked, next, release }
  }
  const none = () => new Map<string, ReadonlyArray<PageAnswer>>()

  it('asks once after the sign-in; a read made while they are on their way waits and takes its answer', async () => {
    const { asked, next, release } = network(200, 200)
    const fetchIt = answeringFromPage(none(), next, () => 30_000)
    await fetchIt('/ui/api/v1/ui/auth/login', { method: 'POST', body: '{}' })
    const current = fetchIt('/ui/api/v1/ui/auth/current')
    release()
    expect(await (await current).json()).toEqual({ name: 'developer' })
    expect(await (await fetchIt('/ui/api/v1/ui/system/features')).json()).toEqual({ features: {} })
    // Each answer once; what the batch did not carry asks the network.
    expect(await (await fetchIt('/ui/api/v1/ui/auth/current')).json()).toEqual({ from: 'network' })
    expect(await (await fetchIt('/ui/api/v1/ui/projects')).json()).toEqual({ from: 'network' })
    expect(asked).toEqual([
      'POST /ui/api/v1/ui/auth/login',
      'GET /ui/api/v1/ui/startupAnswers',
      'GET /ui/api/v1/ui/auth/current',
      'GET /ui/api/v1/ui/projects',
    ])
  })

  it('asks nothing after a refused sign-in, and reads ask the network when the batch is refused', async () => {
    const refused = network(401, 200)
    const fetchIt = answeringFromPage(none(), refused.next, () => 30_000)
    await fetchIt('/ui/api/v1/ui/auth/login', { method: 'POST', body: '{}' })
    await fetchIt('/ui/api/v1/ui/auth/current')
    expect(refused.asked).toEqual(['POST /ui/api/v1/ui/auth/login', 'GET /ui/api/v1/ui/auth/current'])
    // A login still waiting for its one-time code: the batch answers 401.
    const pendingMfa = network(200, 401)
    const again = answeringFromPage(none(), pendingMfa.next, () => 30_000)
    await again('/ui/api/v1/ui/auth/login', { method: 'POST', body: '{}' })
    const current = again('/ui/api/v1/ui/auth/current')
    pendingMfa.release()
    expect(await (await current).json()).toEqual({ from: 'network' })
  })

  it("drops every answer left, the page's and the batch's, when the user signs out", async () => {
    const { asked, next, release } = network(200, 200)
    release()
    const page = new Map<string, ReadonlyArray<PageAnswer>>([
      ['/ui/projects', [{ path: '/ui/projects', status: 200, body: ['mine'] }]],
    ])
    const fetchIt = answeringFromPage(page, next, () => 100)
    await fetchIt('/ui/api/v1/ui/auth/login', { method: 'POST', body: '{}' })
    await fetchIt('/ui/api/v1/ui/system/features')
    await fetchIt('/ui/api/v1/ui/auth/logout', { method: 'POST' })
    expect(await (await fetchIt('/ui/api/v1/ui/auth/current')).json()).toEqual({ from: 'network' })
    expect(await (await fetchIt('/ui/api/v1/ui/projects')).json()).toEqual({ from: 'network' })
    expect(asked.slice(-3)).toEqual([
      'POST /ui/api/v1/ui/auth/logout',
      'GET /ui/api/v1/ui/auth/current',
      'GET /ui/api/v1/ui/projects',
    ])
  })

  it('a style sheet that failed before the page was parsed holds the answers back for a bounded time only', async () => {
    vi.useFakeTimers()
    try {
      // A sheet that will never load nor fire again (jsdom fetches none: its sheet stays null).
      const doc = new DOMParser().parseFromString(
        '<!doctype html><html><head><link rel="stylesheet" href="/ui/assets/gone.css"></head><body></body></html>',
        'text/html',
      )
      expect(doc.readyState).toBe('complete')
      expect(doc.querySelector<HTMLLinkElement>('link')?.sheet).toBeNull()
      let taken = false
      const answers = pageAnswersOnceParsed(doc).then((found) => {
        taken = true
        return found
      })
      await vi.advanceTimersByTimeAsync(STYLE_SHEETS_WAIT_MS - 1)
      expect(taken).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      // Without the bound this waits for ever, and the test fails on its timeout.
      expect((await answers).size).toBe(0)
      expect(taken).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
