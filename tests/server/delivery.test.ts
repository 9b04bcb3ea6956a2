// The console's files go over the wire compressed (the build's .br/.gz copies), hashed assets
// cached for a year and index.html revalidated. Needs the build (`npm test` builds first).
import { request } from 'node:http'
import { readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { call, login, sessionOf } from '../support/apiCalls'
import { publishBody } from '../support/npmPublish'
import { SIGNED_IN_READS, createIndexPage } from '../../server/ui/indexPage'
import { STARTUP_READS } from '../../server/ui/startupAnswers'
import { landingReads, listFirstRead } from '../../server/ui/routeAnswers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => server.stop())

interface Raw {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: Buffer
}

// node:http rather than fetch: fetch decompresses and hides what was on the wire.
function get(path: string, acceptEncoding?: string, cookie?: string, authorization?: string): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = request(`${server.url}${path}`, {
      headers: {
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        ...(cookie ? { cookie } : {}),
        ...(authorization ? { authorization } : {}),
      },
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', fail)
    req.end()
  })
}

const dist = resolve('dist')
const largestScript = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ f, size: readFileSync(join(dist, 'assets', f)).length }))
  .sort((a, b) => b.size - a.size)[0]!.f
const original = readFileSync(join(dist, 'assets', largestScript))

describe('delivery of the console', () => {
  it('sends brotli where it is accepted, the precompressed bytes, cached for a year', async () => {
    const res = await get(`/ui/assets/${largestScript}`, 'gzip, deflate, br')
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['vary']).toMatch(/accept-encoding/i)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.body.equals(readFileSync(join(dist, 'assets', `${largestScript}.br`)))).toBe(true)
    expect(brotliDecompressSync(res.body).equals(original)).toBe(true)
    expect(res.body.length).toBeLessThan(original.length / 2)
  })

  it('sends gzip to a client without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get(`/ui/assets/${largestScript}`, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).equals(original)).toBe(true)
    const plain = await get(`/ui/assets/${largestScript}`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.equals(original)).toBe(true)
  })

  it('sends the page compressed and revalidated, on a console route too', async () => {
    for (const path of ['/ui/', '/ui/packages']) {
      const res = await get(path, 'br')
      expect(res.status, path).toBe(200)
      expect(res.headers['cache-control'], path).toBe('no-cache')
      expect(res.headers['content-encoding'], path).toBe('br')
      expect(brotliDecompressSync(res.body).toString(), path).toContain('<div id="root">')
    }
  })
})

describe("delivery of the API's answers", () => {
  const document = '/ui/api/v1/openapi.json'

  it('sends JSON in brotli or gzip as the client accepts, and as it is to one that accepts neither', async () => {
    const plain = await get(document)
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const br = await get(document, 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['vary']).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(br.body.length).toBeLessThan(plain.body.length / 4)
    const gz = await get(document, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true)
  })

  it('leaves registry traffic as it is: clients check its bytes and lengths', async () => {
    const basic = `Basic ${Buffer.from(`admin:${server.config.adminPassword}`).toString('base64')}`
    // A package document (JSON) well over the size the API starts compressing at.
    const { body } = publishBody('delivery-doc', '1.0.0', { marker: 'a description '.repeat(200) })
    const published = await fetch(`${server.url}/artifactory/api/npm/npm-local/delivery-doc`, {
      method: 'PUT',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(published.ok).toBe(true)
    const res = await get(
      '/artifactory/api/npm/npm-local/delivery-doc',
      'gzip, deflate, br',
      undefined,
      basic,
    )
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/json/)
    expect(res.body.length).toBeGreaterThan(2048)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect((JSON.parse(res.body.toString()) as { name: string }).name).toBe('delivery-doc')
  })
})

describe("a signed-in user's page names the chunks it will load", () => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; name?: string }
  >
  const built = readFileSync(join(dist, 'index.html'), 'utf8')
  const preloaded = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/ui\/([^"]+)">/g)].map((m) => m[1])
  // Chunks the build groups (vite.config.ts) are known by their names: the layout's (with what
  // every signed-in page loads: its menus, the kit's Select popup, the search bar's code), the
  // packages area's (its screens, domain code, effects and API), the overview's domain, effects
  // and API.
  const named = (name: string) =>
    Object.values(manifest).find((c) => c.name === name && c.file.endsWith('.js'))!.file
  const chrome = named('MainLayout')
  const overviewCore = named('overviewCore')
  const packagesPage = named('packages')
  const shellPages = manifest['ui/navigation/ShellPages.tsx']!.file
  const overviewPage = manifest['ui/overview/index.tsx']!.file

  it('preloads the chrome and the area of the path, each file once and each one built', async () => {
    const { cookie } = await login(server, 'developer', server.config.userPassword)
    const res = await get('/ui/packages', 'br', cookie)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['vary']).toMatch(/cookie/i)
    const html = brotliDecompressSync(res.body).toString()
    const files = preloaded(html)
    expect(files).toEqual(expect.arrayContaining([chrome, packagesPage]))
    expect(files).not.toContain(shellPages)
    expect(new Set(files).size).toBe(files.length)
    for (const file of files)
      expect(readdirSync(join(dist, 'assets'))).toContain(file!.slice('assets/'.length))
    // Nothing the built page loads already, and the built page otherwise unchanged but for the
    // mark that shows the shell's skeleton before the entry script has run (index.html), and
    // the entry run as soon as it has loaded on a page that carries answers (pageStream's test).
    for (const file of preloaded(built)) expect(files.filter((f) => f === file)).toHaveLength(1)
    expect(html).toContain('<div id="boot" data-chrome>')
    const unmarked = (page: string) =>
      page
        .replace(/\n\s*<link rel="(modulepreload|preload)"[^>]*>/g, '')
        .replace(/\s*<script type="application\/json" id="startup-answers">[^<]*<\/script>/, '')
        .replace('<script type="module" async crossorigin', '<script type="module" crossorigin')
    expect(unmarked(html).replace(' data-chrome', '')).toBe(unmarked(built))
    // The home page of this platform is the overview: its screen is named for `/`.
    const home = gunzipSync((await get('/ui/', 'gzip', cookie)).body).toString()
    expect(preloaded(home)).toEqual(expect.arrayContaining([chrome, overviewPage, overviewCore]))
    expect(preloaded(home)).not.toContain(packagesPage)
  })

  it("carries start-up's answers for the user, as the platform gives them, and no preloads of them", async () => {
    const { cookie } = await login(server, 'developer', server.config.userPassword)
    const res = await get('/ui/packages', undefined, cookie)
    // The user's own answers: no shared cache may keep the page.
    expect(res.headers['cache-control']).toBe('private, no-cache')
    const html = res.body.toString()
    expect(html).not.toContain('as="fetch"')
    const block = /<script type="application\/json" id="startup-answers">([^<]*)<\/script>/.exec(html)
    const answers = JSON.parse(block![1]!) as Array<{ path: string; status: number; body: unknown }>
    expect(answers.map((a) => a.path)).toEqual(STARTUP_READS)
    expect(answers.map((a) => a.path)).toEqual(expect.arrayContaining([...SIGNED_IN_READS]))
    // Each as the platform answers that user's own call.
    for (const answer of answers) {
      const own = await get(`/ui/api/v1${answer.path}`, undefined, cookie)
      expect(answer.status, answer.path).toBe(own.status)

      expect(answer.body, answer.path).toEqual(JSON.parse(own.body.toString()))
    }
    const current = answers.find((a) => a.path === '/ui/auth/current')!.body as { name: string }
    expect(current.name).toBe('developer')
    // Another user's page carries that user's answers.
    const admin = await login(server, 'admin', server.config.adminPassword)
    const theirs = (await get('/ui/packages', undefined, admin.cookie)).body.toString()
    expect(theirs).toMatch(/"name":"admin"/)
    expect(theirs).not.toMatch(/"name":"developer"/)
  })

  it('answers the same start-up answers in one request to a page that signed in after it was made', async () => {
    const { cookie } = await login(server, 'developer', server.config.userPassword)
    const res = await get('/ui/api/v1/ui/startupAnswers', undefined, cookie)
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const all = JSON.parse(res.body.toString()) as Array<{
      path: string
      method?: string
      status: number
      body: unknown
    }>
    const answers = all.filter((a) => a.method === undefined)
    expect(answers.map((a) => a.path)).toEqual(STARTUP_READS)
    for (const answer of answers) {
      const own = await get(`/ui/api/v1${answer.path}`, undefined, cookie)
      expect(answer.status, answer.path).toBe(own.status)
      expect(answer.body, answer.path).toEqual(JSON.parse(own.body.toString()))
    }
    expect((answers.find((a) => a.path === '/ui/auth/current')!.body as { name: string }).name).toBe(
      'developer',
    )
    // A visitor has no signed-in answers to be given.
    expect((await get('/ui/api/v1/ui/startupAnswers')).status).toBe(401)
  })

  // After a sign-in in the page the console lands on the packages landing, whose two searches
  // were the last round trip before its first row: their answers come with start-up's.
  it("answers a sign-in's start-up with the packages landing's reads for a user who lands there", async () => {
    const reads = landingReads()
    expect(reads).toHaveLength(2)
    const { cookie } = await login(server, 'developer', server.config.userPassword)
    const answers = JSON.parse(
      (await get('/ui/api/v1/ui/startupAnswers', undefined, cookie)).body.toString(),
    ) as Array<{ path: string; method?: string; request?: unknown; status: number; body: unknown }>
    const posted = answers.filter((a) => a.method === 'POST')
    expect(posted.map((a) => a.path)).toEqual(['/mds/packages?jfLoader=true', '/mds/packages?jfLoader=true'])
    expect(posted.map((a) => a.request)).toEqual(reads)
    for (const [i, answer] of posted.entries()) {
      const own = await call(server, 'POST', '/mds/packages?jfLoader=true', { cookie, body: reads[i] })
      expect(answer.status, `read ${i}`).toBe(own.status)
      expect(answer.body, `read ${i}`).toEqual(own.body)
      expect(own.status).toBe(200)
    }
    // An admin lands elsewhere (the platform's topology): nothing is guessed for them.
    const admin = await login(server, 'admin', server.config.adminPassword)
    const theirs = JSON.parse(
      (await get('/ui/api/v1/ui/startupAnswers', undefined, admin.cookie)).body.toString(),
    ) as Array<{ method?: string }>
    expect(theirs.filter((a) => a.method === 'POST')).toEqual([])
  })

  // The list's first page comes with the page of a search (server/ui/routeAnswers.ts): the read
  // the console would make, answered as the platform answers that user's own call.
  it("carries the packages list's first page for a search, as the platform answers the user's own query", async () => {
    const answersOf = async (path: string, cookie: string) => {
      const html = (await get(path, undefined, cookie)).body.toString()
      const block = /<script type="application\/json" id="startup-answers">([^<]*)<\/script>/.exec(html)
      return JSON.parse(block![1]!) as Array<{
        path: string
        method?: string
        request?: unknown
        status: number
        body: unknown
      }>
    }
    for (const [user, password] of [
      ['developer', server.config.userPassword],
      ['admin', server.config.adminPassword],
    ] as const) {
      const cookie = await sessionOf(server, user, password)
      const answers = await answersOf('/ui/packages?q=*', cookie)
      const list = answers.filter((a) => a.method === 'POST')
      expect(
        list.map((a) => a.path),
        user,
      ).toEqual(['/mds/packages?jfLoader=true'])
      expect(list[0]!.request).toEqual(listFirstRead('/packages', '?q=*', true))
      const own = await call(server, 'POST', '/mds/packages?jfLoader=true', {
        cookie,
        body: list[0]!.request,
      })
      expect(list[0]!.status, user).toBe(own.status)
      expect(list[0]!.body, user).toEqual(own.body)
      const total = (own.body as { data: { packages: { totalCount: number } } }).data.packages.totalCount
      expect(total, user).toBeGreaterThan(0)
    }
    // Not for the list's landing (no search), a package's page or another area's.
    const cookie = await sessionOf(server, 'developer', server.config.userPassword)
    for (const path of ['/ui/packages', '/ui/packages/npm%3A%2F%2Fx', '/ui/builds?q=*'])
      expect(
        (await answersOf(path, cookie)).filter((a) => a.method === 'POST'),
        path,
      ).toEqual([])
  })

  it("draws the shell's skeleton in the shape of the user's navigation type", async () => {
    const cookie = await sessionOf(server, 'developer', server.config.userPassword)
    const boot = async () =>
      /<div id="boot"[^>]*>/.exec((await get('/ui/packages', undefined, cookie)).body.toString())?.[0]
    expect(await boot()).toBe('<div id="boot" data-chrome>')
    const choose = (type: string) =>
      call(server, 'PUT', '/ui/user/navigationType', { cookie, body: { type } })
    expect((await choose('classic')).status).toBe(200)
    expect(await boot()).toBe('<div id="boot" data-chrome="classic">')
    expect((await choose('new')).status).toBe(200)
    expect(await boot()).toBe('<div id="boot" data-chrome>')
  })

  it('sends a visitor who is not signed in, without anonymous access, the login page on any path', async () => {
    // The console sends them there: its chunk named, the login family's skeleton drawn.
    const loginPage = (await get('/ui/login')).body.toString()
    const anonymous = (await get('/ui/packages')).body.toString()
    expect(anonymous).toBe(loginPage)
    expect(preloaded(anonymous)).not.toContain(chrome)
    expect((await get('/ui/packages', undefined, 'console_session=forged')).body.toString()).toBe(anonymous)
  })

  it('sends the page as built to a visitor where anonymous access is on, but on the login pages', () => {
    const page = createIndexPage(dist, { anonymousAccess: true })
    expect(page.forVisitor('/packages', undefined)).toBeUndefined()
    expect(page.forVisitor('/login', undefined)?.body.toString()).toContain('<div id="boot" data-login>')
  })

  it("names the session screens' chunk on the login pages, for a visitor and a signed-in user alike", async () => {
    // The entry asks for it only after start-up's first answers: named here, it loads beside the entry.
    const sessionChunk = Object.values(manifest).find(
      (c) => (c as { name?: string }).name === 'session',
    )!.file
    expect(preloaded(built)).not.toContain(sessionChunk)
    const { cookie } = await login(server, 'developer', server.config.userPassword)
    for (const [path, who] of [
      ['/ui/login', undefined],
      ['/ui/login/forgot-password', undefined],
      ['/ui/login', cookie],
    ] as const) {
      const html = (await get(path, undefined, who)).body.toString()
      expect(preloaded(html).filter((f) => !preloaded(built).includes(f))).toEqual([sessionChunk])
      expect(preloaded(html)).not.toContain(chrome)
      // A visitor's draws the login family's skeleton from the start; a signed-in user is sent on.
      const mark = who ? '<div id="boot">' : '<div id="boot" data-login>'
      expect(html).toContain(mark)
      expect(
        html.replace(/\n\s*<link rel="(modulepreload|preload)"[^>]*>/g, '').replace(mark, '<div id="boot">'),
      ).toBe(built.replace(/\n\s*<link rel="(modulepreload|preload)"[^>]*>/g, ''))
    }
  })

  it('does not serve the build manifest', async () => {
    // A console route like any other: the page, not the file.
    const res = await get('/ui/.vite/manifest.json')
    expect(res.body.toString()).toBe((await get('/ui/packages')).body.toString())
  })
})

describe('HEAD of a console page', () => {
  it('answers as GET does, without a body', async () => {
    const head = await fetch(`${server.url}/ui/packages`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await head.text()).toBe('')
    expect((await fetch(`${server.url}/ui/packages`)).status).toBe(200)
  })
})
