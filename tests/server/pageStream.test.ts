// A signed-in user's page is sent as it is made (server/ui/indexPage.ts streamForSignedIn): the
// page with the chunks it names leaves before start-up's answers are made, so the browser
// fetches those chunks while the platform makes the answers, and the answers follow. Before,
// the page's first byte waited for all 23 reads the answers are made of (a trace of a cold
// `/ui/packages?q=…`: the chunks' requests left only once the whole page was in).
// The test holds one of the answers' reads (the session's) and reads the page as it comes.
import { request } from 'node:http'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { sessionOf } from '../support/apiCalls'
import { createIndexPage } from '../../server/ui/indexPage'
import { STARTUP_READS } from '../../server/ui/startupAnswers'

/** A read of the platform's that the test holds until it lets it go. */
interface Hold {
  held: string | undefined
  reached: () => void
  release: () => void
}
const hold: Hold = { held: undefined, reached: () => {}, release: () => {} }

/** The console's pages asked for, and the API reads made while each was on its way, by whether its head had been written out. */
const watched = { pageWritten: undefined as boolean | undefined, readsBefore: 0, readsAfter: 0 }

let server: TestServer
beforeAll(async () => {
  server = await startTestServer(
    {},
    {},
    {
      beforeListen: (app) =>
        app.addHook('onRequest', async (req, reply) => {
          if (req.url.startsWith('/ui/packages')) {
            // The page's first bytes handed to its socket.
            watched.pageWritten = false
            const write = reply.raw.write.bind(reply.raw) as (...args: unknown[]) => boolean
            reply.raw.write = ((...args: unknown[]) => {
              watched.pageWritten = true
              return write(...args)
            }) as typeof reply.raw.write
          } else if (watched.pageWritten !== undefined && req.url.startsWith('/ui/api/v1/'))
            watched[watched.pageWritten ? 'readsAfter' : 'readsBefore']++
          if (hold.held === undefined || req.url !== hold.held) return
          const released = new Promise<void>((done) => (hold.release = done))
          hold.reached()
          await released
        }),
    },
  )
})
afterAll(async () => server.stop())

/** Holds `path` from now on; `reached` settles when a request for it is being held. */
function holdRead(path: string): { reached: Promise<void>; release: () => void } {
  hold.held = path
  const reached = new Promise<void>((done) => (hold.reached = done))
  return {
    reached,
    release: () => {
      hold.held = undefined
      hold.release()
    },
  }
}

/** The page as it arrives, decompressed as far as it has come, and its end. */
function openPage(path: string, acceptEncoding: string | undefined, cookie: string) {
  let text = ''
  const ended = new Promise<{ encoding: string | undefined; html: string }>((done, fail) => {
    const req = request(`${server.url}${path}`, {
      headers: { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    })
    req.on('response', (res) => {
      const encoding = res.headers['content-encoding']
      const body: Readable =
        encoding === 'br'
          ? res.pipe(createBrotliDecompress())
          : encoding === 'gzip'
            ? res.pipe(createGunzip())
            : res
      body.on('data', (chunk: Buffer) => (text += chunk.toString()))
      body.on('end', () => done({ encoding, html: text }))
      body.on('error', fail)
    })
    req.on('error', fail)
    req.end()
  })
  return { text: () => text, ended }
}

const manifest = JSON.parse(readFileSync(join(resolve('dist'), '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  { file: string; name?: string }
>
const chunk = (name: string) =>
  Object.values(manifest).find((c) => c.name === name && c.file.endsWith('.js'))!.file
const answersOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="startup-answers">([^<]*)<\/script>/.exec(html)![1]!,
  ) as Array<{
    path: string
    method?: string
    body: unknown
  }>

describe("a signed-in user's page, sent as it is made", () => {
  for (const acceptEncoding of ['gzip, deflate, br', 'gzip', undefined])
    it(`names its chunks before start-up's answers are made, then carries them (${acceptEncoding ?? 'identity'})`, async () => {
      const cookie = await sessionOf(server, 'developer', server.config.userPassword)
      const session = holdRead('/ui/api/v1/ui/auth/current')
      const page = openPage('/ui/packages?q=*', acceptEncoding, cookie)
      try {
        // The platform is making the answers: their session read waits for the test.
        await session.reached
        // The page has come with the chrome's and the list's chunks named, and no answers yet.
        await expect
          .poll(page.text, { timeout: 20_000 })
          .toContain(`<link rel="modulepreload" crossorigin href="/ui/${chunk('packages')}">`)
        expect(page.text()).toContain(
          `<link rel="modulepreload" crossorigin href="/ui/${chunk('MainLayout')}">`,
        )
        expect(page.text()).toContain('<div id="boot" data-chrome>')
        expect(page.text()).not.toContain('startup-answers')
        expect(page.text()).not.toContain('</html>')
      } finally {
        session.release()
      }
      const { encoding, html } = await page.ended
      expect(encoding).toBe(acceptEncoding?.includes('br') ? 'br' : acceptEncoding ? 'gzip' : undefined)
      // Then the answers, at the page's end, the user's own; the list's first page among them.
      expect(html).toMatch(
        /<script type="application\/json" id="startup-answers">[^<]*<\/script>\n\s*<\/body>/,
      )
      const answers = answersOf(html)
      expect(answers.filter((a) => a.method !== 'POST').map((a) => a.path)).toEqual(STARTUP_READS)
      expect((answers.find((a) => a.path === '/ui/auth/current')!.body as { name: string }).name).toBe(
        'developer',
      )
      expect(answers.filter((a) => a.method === 'POST').map((a) => a.path)).toEqual([
        '/mds/packages?jfLoader=true',
      ])
      expect(html.trimEnd().endsWith('</html>')).toBe(true)
    })

  it("makes none of start-up's answers before the page's head has been written out", async () => {
    const cookie = await sessionOf(server, 'developer', server.config.userPassword)
    for (const acceptEncoding of ['gzip, deflate, br', 'gzip', undefined]) {
      Object.assign(watched, { pageWritten: false, readsBefore: 0, readsAfter: 0 })
      const { html } = await openPage('/ui/packages?q=*', acceptEncoding, cookie).ended
      expect(html).toContain('id="startup-answers"')
      // Every read of the answers (23: start-up's 22 and the list's first page), none before.
      expect({ before: watched.readsBefore, after: watched.readsAfter }, acceptEncoding).toEqual({
        before: 0,
        after: STARTUP_READS.length + 1,
      })
    }
    watched.pageWritten = undefined
  })
})

describe('the page made for a stream', () => {
  const page = createIndexPage(resolve('dist'))
  const read = async (stream: Readable) => {
    let text = ''
    for await (const chunk of stream) text += (chunk as Buffer).toString()
    return text
  }

  it('ends without answers when they cannot be made: the console then asks for its reads', async () => {
    const made = page.streamForSignedIn('/packages', undefined, undefined, undefined, () =>
      Promise.reject(new Error('the platform failed')),
    )!
    const html = await read(made.stream)
    await made.ended
    expect(html).not.toContain('startup-answers')
    expect(html).toContain('<div id="boot" data-chrome>')
    expect(html.trimEnd().endsWith('</html>')).toBe(true)
  })

  it('runs its entry as soon as it has loaded; the pages without answers, once they are parsed', async () => {
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(
      readFileSync(resolve('dist', 'index.html'), 'utf8'),
    )![1]!
    const made = page.streamForSignedIn('/packages', undefined, undefined, undefined, () =>
      Promise.resolve([]),
    )!
    // The entry's compile and evaluation overlap the platform making the answers.
    expect(await read(made.stream)).toContain(`<script type="module" async crossorigin src="${entry}">`)
    // The page with start-up's reads as preloads, a visitor's: no answers to wait for.
    for (const html of [
      page.forSignedIn('/packages', undefined)!.body.toString(),
      page.forVisitor('/packages', undefined)!.body.toString(),
    ]) {
      expect(html).toContain(`<script type="module" crossorigin src="${entry}">`)
      expect(html).not.toContain('<script type="module" async')
    }
  })

  it("is not made for the login family's pages, and their answers are not asked for", () => {
    let asked = 0
    const made = page.streamForSignedIn('/login', 'br', undefined, undefined, () => {
      asked++
      return Promise.resolve([])
    })
    expect(made).toBeUndefined()
    expect(asked).toBe(0)
  })
})
