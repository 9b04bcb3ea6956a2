import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { API, call, login, sessionOf } from '../support/apiCalls'
import { outbox, parseMail } from '../support/outbox'

let server: TestServer
let admin: string
let developer: string
beforeAll(async () => {
  server = await startTestServer({ rateLimit: { max: 3, windowMs: 60_000 } })
  admin = await sessionOf(server, 'admin')
  developer = await sessionOf(server, 'developer')
})
afterAll(async () => server.stop())

describe('registration', () => {
  const body = { user: 'newcomer', email: 'newcomer@example.com', password: 'newcomer-pass' }

  it('is refused (403) while registration is disabled', async () => {
    const res = await call(server, 'POST', '/ui/auth/register', { body })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ code: 'REGISTRATION_DISABLED' })
  })

  it('creates the account and signs in once an admin enables it; 409 for a taken name; 400 for bad input', async () => {
    const enable = await call(server, 'PUT', '/ui/admin/generalConfig', {
      cookie: admin,
      body: { allowUserRegistration: true },
    })
    expect(enable.status).toBe(200)
    // The login page learns it may offer the registration screen.
    expect((await call(server, 'GET', '/ui/auth/loginRelatedData')).body).toMatchObject({
      userRegistration: true,
    })
    const res = await call(server, 'POST', '/ui/auth/register', { body })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: 'newcomer', admin: false, email: 'newcomer@example.com' })
    expect((await call(server, 'GET', '/ui/auth/current', { cookie: res.cookie })).body).toMatchObject({
      name: 'newcomer',
    })
    expect(
      (await call(server, 'POST', '/ui/auth/register', { body: { ...body, user: 'NEWCOMER' } })).status,
    ).toBe(409)
    expect(
      (await call(server, 'POST', '/ui/auth/register', { body: { ...body, user: 'anonymous' } })).status,
    ).toBe(409)
    const badName = await call(server, 'POST', '/ui/auth/register', {
      body: { ...body, user: 'a b<script>' },
    })
    expect(badName.status).toBe(400)
    expect(badName.body).toMatchObject({
      message: expect.stringContaining(
        'user: Name can only contain alphanumeric characters, dashes and periods',
      ),
    })
    const badEmail = await call(server, 'POST', '/ui/auth/register', {
      body: { ...body, user: 'other', email: 'x@y' },
    })
    expect(badEmail.body).toMatchObject({
      message: expect.stringContaining('email: Enter a valid email address'),
    })
    const weak = await call(server, 'POST', '/ui/auth/register', {
      body: { ...body, user: 'other', password: 'short' },
    })
    expect(weak.status).toBe(400)
    // Nothing was created by the refused calls.
    const users = (
      await call<Array<{ name: string }>>(server, 'GET', '/ui/admin/users', { cookie: admin })
    ).body.map((u) => u.name)
    expect(users.sort()).toEqual(['admin', 'developer', 'newcomer'])
  })
})

describe('invitations', () => {
  let token = ''

  it('lets only admins invite; the invitation mail carries a single-use link', async () => {
    expect(
      (await call(server, 'POST', '/ui/admin/invitations', { body: { email: 'guest@example.com' } })).status,
    ).toBe(401)
    expect(
      (
        await call(server, 'POST', '/ui/admin/invitations', {
          cookie: developer,
          body: { email: 'guest@example.com' },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await call(server, 'POST', '/ui/admin/invitations', {
          cookie: admin,
          body: { email: 'not an address' },
        })
      ).status,
    ).toBe(400)
    const before = outbox(server).length
    const res = await call(server, 'POST', '/ui/admin/invitations', {
      cookie: admin,
      body: { email: 'guest@example.com' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ email: 'guest@example.com', expiresAt: expect.any(String) })
    const mails = outbox(server)
    expect(mails).toHaveLength(before + 1)
    const mail = parseMail(mails.at(-1)!)
    expect(mail.headers.to).toBe('guest@example.com')
    const match = /\/ui\/login\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.body)
    expect(match).not.toBeNull()
    token = match![1]!
  })

  // Spec 000 section 7, "POST verify token" (audit row 000-7.7): the token travels in the body,
  // so it stays out of URLs, and with them out of access logs and the browser's history.
  it('verifies an invitation token sent in the body (POST), 404 for an unknown one', async () => {
    const verify = (body?: unknown) => call(server, 'POST', '/ui/auth/invitation', { body })
    const valid = await verify({ token })
    expect(valid.status).toBe(200)
    expect(valid.body).toEqual({ email: 'guest@example.com' })
    expect((await verify({ token: 'unknown' })).status).toBe(404)
    expect((await verify({})).status).toBe(400)
    expect((await verify({ token, extra: 1 })).status).toBe(400)
    // The token in a URL is no longer read: that path is the console's page, not the address.
    const viaUrl = await call(server, 'GET', `/ui/auth/invitation?token=${token}`)
    expect(JSON.stringify(viaUrl.body)).not.toContain('guest@example.com')
  })

  it('keeps the token usable when acceptance fails, and accepts it exactly once', async () => {
    const taken = await call(server, 'POST', '/ui/auth/invitation/accept', {
      body: { token, user: 'developer', password: 'guest-password' },
    })
    expect(taken.status).toBe(409)
    const weak = await call(server, 'POST', '/ui/auth/invitation/accept', {
      body: { token, user: 'guest', password: 'x' },
    })
    expect(weak.status).toBe(400)
    expect((await call(server, 'POST', '/ui/auth/invitation', { body: { token } })).status).toBe(200)

    const ok = await call(server, 'POST', '/ui/auth/invitation/accept', {
      body: { token, user: 'guest', password: 'guest-password' },
    })
    expect(ok.status).toBe(201)
    expect(ok.body).toMatchObject({ name: 'guest', email: 'guest@example.com' })
    expect((await call(server, 'GET', '/ui/auth/current', { cookie: ok.cookie })).body).toMatchObject({
      name: 'guest',
    })

    const again = await call(server, 'POST', '/ui/auth/invitation/accept', {
      body: { token, user: 'guest2', password: 'guest-password' },
    })
    expect(again.status).toBe(404)
    expect((await call(server, 'POST', '/ui/auth/invitation', { body: { token } })).status).toBe(404)
  })

  it('answers one success only when the same token is accepted concurrently', async () => {
    await call(server, 'POST', '/ui/admin/invitations', {
      cookie: admin,
      body: { email: 'race@example.com' },
    })
    const fresh = /token=([A-Za-z0-9_-]+)/.exec(parseMail(outbox(server).at(-1)!).body)![1]!
    const results = await Promise.all(
      ['racer-a', 'racer-b', 'racer-c'].map((user) =>
        call(server, 'POST', '/ui/auth/invitation/accept', {
          body: { token: fresh, user, password: 'racer-password' },
        }),
      ),
    )
    expect(results.map((r) => r.status).sort()).toEqual([201, 404, 404])
  })
})

describe('CLI login', () => {
  it('needs a signed-in user to approve a session, then the CLI gets a token once', async () => {
    const session = 'cli-session-0001'
    expect(
      (await call(server, 'POST', '/ui/auth/cli/session', { body: { session, clientName: 'jf' } })).status,
    ).toBe(401)
    const approved = await call<{ code: string }>(server, 'POST', '/ui/auth/cli/session', {
      cookie: developer,
      body: { session, clientName: 'jf' },
    })
    expect(approved.status).toBe(201)
    expect(approved.body.code).toMatch(/^[0-9a-f]{12}$/)
    expect(
      (
        await call(server, 'POST', '/ui/auth/cli/session', {
          cookie: developer,
          body: { session, clientName: 'jf' },
        })
      ).status,
    ).toBe(409)

    const wrong = await call(server, 'POST', '/access/api/v2/authentication/jfrog_client_login/response', {
      body: { session, code: 'nope' },
    })
    expect(wrong.status).toBe(400)
    const token = await call<{ token_id: string; access_token: string; expires_in: number }>(
      server,
      'POST',
      '/access/api/v2/authentication/jfrog_client_login/response',
      { body: { session, code: approved.body.code } },
    )
    expect(token.status).toBe(200)
    expect(token.body.token_id).toMatch(/^[0-9a-f]{32}$/)
    expect(token.body.access_token.length).toBeGreaterThan(20)
    const stored = (await server.ctx.sql.one<{ token_hash: string; kind: string }>(
      'SELECT token_hash, kind FROM access_tokens WHERE id = ?',
      [token.body.token_id],
    ))!
    expect(stored.kind).toBe('client')
    expect(stored.token_hash).not.toBe(token.body.access_token)
    const twice = await call(server, 'POST', '/access/api/v2/authentication/jfrog_client_login/response', {
      body: { session, code: approved.body.code },
    })
    expect(twice.status).toBe(400)
  })

  it("approves a session with the CLI's own code (jfClientCode), which the CLI then posts back", async () => {
    const session = 'cli-session-0003'
    const cliCode = 'cli-own-code-4f2a'
    const approved = await call<{ code: string }>(server, 'POST', '/ui/auth/cli/session', {
      cookie: developer,
      body: { session, clientName: 'JFrog-CLI', code: cliCode },
    })
    expect(approved.status).toBe(201)
    const token = await call<{ access_token: string }>(
      server,
      'POST',
      '/access/api/v2/authentication/jfrog_client_login/response',
      { body: { session, code: cliCode } },
    )
    expect(token.status).toBe(200)
    expect(token.body.access_token.length).toBeGreaterThan(20)
  })

  // The CLI is no browser: it sends neither X-Requested-With nor Origin, and the request-forgery
  // guard refused its postback (403) while the page said the CLI was signed in.
  it('takes the postback from a CLI, which sends no browser headers', async () => {
    const session = 'cli-session-0004'
    const cliCode = 'cli-own-code-77e1'
    const approved = await call(server, 'POST', '/ui/auth/cli/session', {
      cookie: developer,
      body: { session, clientName: 'JFrog-CLI', code: cliCode },
    })
    expect(approved.status).toBe(201)
    const res = await fetch(`${server.url}${API}/access/api/v2/authentication/jfrog_client_login/response`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, code: cliCode }),
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { access_token: string }).access_token.length).toBeGreaterThan(20)
  })

  // The CLI knows the platform's address, not the console's API under it: the specification's
  // postback path is the platform's own.
  it("takes the postback at the platform's own /access path, never cached, wrong codes counted with the API's", async () => {
    const session = 'cli-session-0005'
    const cliCode = 'cli-own-code-90b3'
    const postback = (code: string, base = '') =>
      fetch(`${server.url}${base}/access/api/v2/authentication/jfrog_client_login/response`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, code }),
      })
    expect(
      (
        await call(server, 'POST', '/ui/auth/cli/session', {
          cookie: developer,
          body: { session, clientName: 'JFrog-CLI', code: cliCode },
        })
      ).status,
    ).toBe(201)
    const wrong = await postback('nope')
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_SESSION' })
    expect((await postback('nope', API)).status).toBe(400)
    const res = await postback(cliCode)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const { access_token } = (await res.json()) as { access_token: string }
    // The token works where the CLI uses it: the registry.
    const ping = await fetch(`${server.url}/artifactory/api/npm/npm/-/whoami`, {
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(await ping.json()).toEqual({ username: 'developer' })
    // Limit 3 in this server: the two wrong codes, one at each address, and the right one.
    expect((await postback(cliCode)).status).toBe(429)
  })

  it('refuses malformed session ids', async () => {
    const res = await call(server, 'POST', '/ui/auth/cli/session', {
      cookie: developer,
      body: { session: '../../etc', clientName: 'jf' },
    })
    expect(res.status).toBe(400)
  })

  it('rate-limits wrong codes per CLI session', async () => {
    const session = 'cli-session-0002'
    await call(server, 'POST', '/ui/auth/cli/session', {
      cookie: developer,
      body: { session, clientName: 'jf' },
    })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await call(server, 'POST', '/access/api/v2/authentication/jfrog_client_login/response', {
            body: { session, code: 'bad' },
          })
        ).status,
      )
    expect(statuses).toEqual([400, 400, 400, 429])
  })
})

describe('identity token, profile unlock and API key', () => {
  it('issues identity tokens to oneself (admins: anyone)', async () => {
    expect((await call(server, 'POST', '/ui/userIdentifyToken/developer')).status).toBe(401)
    const own = await call(server, 'POST', '/ui/userIdentifyToken/developer', { cookie: developer })
    expect(own.status).toBe(200)
    expect(own.body).toEqual({ expiresIn: 3600 })
    expect((await call(server, 'POST', '/ui/userIdentifyToken/admin', { cookie: developer })).status).toBe(
      403,
    )
    expect((await call(server, 'POST', '/ui/userIdentifyToken/developer', { cookie: admin })).status).toBe(
      200,
    )
    expect((await call(server, 'POST', '/ui/userIdentifyToken/ghost', { cookie: admin })).status).toBe(404)
  })

  it('unlocks the profile with the right password only', async () => {
    expect((await call(server, 'POST', '/ui/userProfile', { body: { password: 'password' } })).status).toBe(
      401,
    )
    const wrong = await call(server, 'POST', '/ui/userProfile', {
      cookie: developer,
      body: { password: 'wrong-one' },
    })
    expect(wrong.status).toBe(401)
    const ok = await call(server, 'POST', '/ui/userProfile', {
      cookie: developer,
      body: { password: 'password' },
    })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ unlocked: true, unlockedUntil: expect.any(String) })
    expect((await call(server, 'POST', '/ui/userProfile', { cookie: developer, body: {} })).status).toBe(400)
  })

  it('answers the API key only with a matching X-JFrog-Reauthentication header, the same key each time', async () => {
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`
    // Failures of earlier tests are still in the window (a success does not forget them).
    await server.ctx.sql.run('DELETE FROM rate_limits')
    expect((await call(server, 'GET', '/ui/userApiKey', { cookie: developer })).status).toBe(401)
    const wrong = await call(server, 'GET', '/ui/userApiKey', {
      cookie: developer,
      headers: { 'X-JFrog-Reauthentication': basic('developer:not-it') },
    })
    expect(wrong.status).toBe(401)
    const otherUser = await call(server, 'GET', '/ui/userApiKey', {
      cookie: developer,
      headers: { 'X-JFrog-Reauthentication': basic('admin:password') },
    })
    expect(otherUser.status).toBe(401)
    // Three failures reached this server's lowered limit: the next attempt waits, even a right one.
    const limited = await call(server, 'GET', '/ui/userApiKey', {
      cookie: developer,
      headers: { 'X-JFrog-Reauthentication': basic('developer:password') },
    })
    expect(limited.status).toBe(429)
    await server.ctx.sql.run('DELETE FROM rate_limits')
    const notBase64 = await call(server, 'GET', '/ui/userApiKey', {
      cookie: developer,
      headers: { 'X-JFrog-Reauthentication': 'Basic %%%' },
    })
    expect(notBase64.status).toBe(401)
    const first = await call<{ apiKey: string }>(server, 'GET', '/ui/userApiKey', {
      cookie: developer,
      headers: { 'X-JFrog-Reauthentication': basic('developer:password') },
    })
    expect(first.status).toBe(200)
    expect(first.body.apiKey).toMatch(/^AKC/)
    const second = await call<{ apiKey: string }>(server, 'GET', '/ui/userApiKey', {
      cookie: developer,
      headers: { 'X-JFrog-Reauthentication': basic('developer:password') },
    })
    expect(second.body.apiKey).toBe(first.body.apiKey)
    expect(
      (
        await call(server, 'GET', '/ui/userApiKey', {
          headers: { 'X-JFrog-Reauthentication': basic('developer:password') },
        })
      ).status,
    ).toBe(401)
  })

  it('keeps a signed-in session working after failed logins of the same user', async () => {
    expect((await login(server, 'developer', 'wrong-password-x')).status).toBe(401)
    expect((await call(server, 'GET', '/ui/auth/current', { cookie: developer })).body).toMatchObject({
      name: 'developer',
    })
  })
})
