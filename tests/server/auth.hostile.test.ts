import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corporaDir, corpusLines } from '../support/corpora'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { API, call, sessionOf } from '../support/apiCalls'

let server: TestServer
let admin: string
beforeAll(async () => {
  // A high limit: these tests send hundreds of bad logins on purpose.
  server = await startTestServer({ rateLimit: { max: 100_000, windowMs: 60_000 } })
  admin = await sessionOf(server, 'admin')
})
afterAll(async () => server.stop())

const post = (path: string, body: Blob | string, cookie?: string) =>
  fetch(`${server.url}${API}${path}`, { method: 'POST', headers: browserHeaders(server.url, cookie), body })

describe('hostile input on the auth and admin API', () => {
  it('answers every invalid JSON document of JSONTestSuite with a 4xx, never a 5xx, and keeps serving', async () => {
    const dir = join(corporaDir(), 'json-parsing', 'test_parsing')
    const files = readdirSync(dir).filter((f) => f.startsWith('n_'))
    expect(files.length).toBeGreaterThan(100)
    const bad: string[] = []
    for (const file of files) {
      const res = await post('/ui/auth/login', new Blob([new Uint8Array(readFileSync(join(dir, file)))]))
      await res.arrayBuffer()
      if (res.status < 400 || res.status >= 500) bad.push(`${file}: ${res.status}`)
    }
    expect(bad).toEqual([])
    expect((await call(server, 'GET', '/ui/auth/current')).status).toBe(200)
  })

  it('refuses a body over the limit with 413', async () => {
    const res = await post(
      '/ui/auth/login',
      JSON.stringify({ user: 'admin', password: 'x'.repeat(2 * 1024 * 1024), type: 'login' }),
    )
    expect(res.status).toBe(413)
  })

  it('treats XSS payloads as plain (wrong) user names on login and refuses them as new names', async () => {
    const payloads = corpusLines('xss')
    // Each login costs a password hash: a sample of them is enough for the login side.
    for (const payload of payloads.filter((_, i) => i % 25 === 0)) {
      const res = await call(server, 'POST', '/ui/auth/login', {
        body: { user: payload.slice(0, 254), password: 'password', type: 'login' },
      })
      expect(res.status, payload).toBe(401)
    }
    // A few corpus lines are plain words (e.g. XXX), valid names; every other must be refused.
    const hostile = payloads.map((p) => p.slice(0, 64)).filter((name) => !/^[A-Za-z0-9._-]+$/.test(name))
    expect(hostile.length).toBeGreaterThan(500)
    for (let i = 0; i < hostile.length; i += 25) {
      const accepted = await Promise.all(
        hostile.slice(i, i + 25).map(async (name) => {
          const res = await call(server, 'POST', '/ui/admin/users', {
            cookie: admin,
            body: { name, email: 'x@example.com', password: 'long-enough-password' },
          })
          return res.status === 400 ? undefined : `${res.status}: ${name}`
        }),
      )
      expect(accepted.filter(Boolean)).toEqual([])
    }
    const names = (await call<Array<{ name: string }>>(server, 'GET', '/ui/admin/users', { cookie: admin }))
      .body
    expect(names.map((u) => u.name).sort()).toEqual(['admin', 'developer'])
  })

  it('accepts only absolute http(s) URLs as OAuth provider and SSO links (open-redirect corpus)', async () => {
    for (const payload of corpusLines('open-redirect')) {
      const res = await call(server, 'PUT', '/ui/admin/generalConfig', {
        cookie: admin,
        body: { oauthProviders: [{ name: 'P', type: 'oauth', url: payload }] },
      })
      if (res.status === 200) expect(new URL(payload).protocol, payload).toMatch(/^https?:$/)
      else expect(res.status, payload).toBe(400)
    }
    const providers = (await call<Array<{ url: string }>>(server, 'GET', '/ui/auth/oauthProviders')).body
    for (const p of providers) expect(p.url).toMatch(/^https?:\/\//)
  })

  it('keeps mail headers intact whatever the name in a forgot-password request', async () => {
    for (const payload of ['admin\r\nBcc: victim@example.com', 'x@example.com\nSubject: hi', '"><script>']) {
      const res = await call(server, 'POST', '/ui/auth/forgotPassword', { body: { user: payload } })
      expect(res.status).toBe(200)
    }
  })
})
