import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { call, login, sessionOf } from '../support/apiCalls'
import { outbox, parseMail } from '../support/outbox'
import { flavourProfile } from '../../server/platform/flavours'

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer({ rateLimit: { max: 3, windowMs: 60_000 } })
  admin = await sessionOf(server, 'admin')
  for (const name of ['reset-me', 'expire-me', 'change-me', 'limited'])
    await call(server, 'POST', '/ui/admin/users', {
      cookie: admin,
      body: { name, email: `${name}@example.com`, password: 'old-password' },
    })
})
afterAll(async () => server.stop())

const linkIn = (body: string, path: string) => {
  const match = new RegExp(`(http://[^\\s]+${path}\\?(?:key|token)=([A-Za-z0-9_-]+))`).exec(body)
  if (!match?.[1] || !match[2]) throw new Error(`no ${path} link in the message`)
  return { url: match[1], token: match[2] }
}

describe('forgot and reset password through the outbox', () => {
  it('answers the same for unknown and known users, and mails a reset link only to the known one', async () => {
    const before = outbox(server).length
    const unknown = await call(server, 'POST', '/ui/auth/forgotPassword', { body: { user: 'no-such-user' } })
    expect(outbox(server)).toHaveLength(before)
    const known = await call(server, 'POST', '/ui/auth/forgotPassword', { body: { user: 'reset-me' } })
    expect(unknown.status).toBe(200)
    expect(known.status).toBe(200)
    expect(known.body).toEqual(unknown.body)
    const mails = outbox(server)
    expect(mails).toHaveLength(before + 1)
    const mail = parseMail(mails.at(-1)!)
    // RFC 5322: the required headers, CRLF line ends, a date in the standard form.
    expect(mail.headers.to).toBe('reset-me@example.com')
    expect(mail.headers.from).toMatch(/<[^>]+@[^>]+>/)
    expect(mail.headers.date).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/)
    expect(mail.headers['message-id']).toMatch(/^<[^>]+@[^>]+>$/)
    expect(mail.headers.subject).toContain('reset your password')
    expect(mails.at(-1)).not.toMatch(/[^\r]\n/)
    const { url, token } = linkIn(mail.body, '/ui/login/reset-password')
    expect(url.startsWith(`${server.url}/ui/login/reset-password?key=`)).toBe(true)

    const valid = await call(server, 'POST', `/ui/auth/validateKey?key=${token}`)
    expect(valid.status).toBe(200)
    expect(valid.body).toEqual({ user: 'reset-me' })

    const weak = await call(server, 'POST', `/ui/auth/resetPassword?key=${token}`, {
      body: { user: 'reset-me', password: 'short' },
    })
    expect(weak.status).toBe(400)
    expect(weak.body).toMatchObject({ message: 'Password must be at least 8 characters' })
    const otherUser = await call(server, 'POST', `/ui/auth/resetPassword?key=${token}`, {
      body: { user: 'developer', password: 'new-password-1' },
    })
    expect(otherUser.status).toBe(400)

    const reset = await fetch(`${server.url}/ui/api/v1/ui/auth/resetPassword?key=${token}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        origin: server.url,
      },
      body: JSON.stringify({ user: 'reset-me', password: 'new-password-1' }),
    })
    expect(reset.status).toBe(200)
    expect(await reset.json()).toMatchObject({ name: 'reset-me', anonymous: false })
    // Signed in without remember-me: a session cookie without lifetime.
    const cookie = reset.headers.getSetCookie().find((c) => c.startsWith('console_session='))
    expect(cookie).toBeDefined()
    expect(cookie).not.toMatch(/Max-Age/i)

    // The key works once.
    expect((await call(server, 'POST', `/ui/auth/validateKey?key=${token}`)).status).toBe(400)
    expect(
      (
        await call(server, 'POST', `/ui/auth/resetPassword?key=${token}`, {
          body: { user: 'reset-me', password: 'another-pass' },
        })
      ).status,
    ).toBe(400)
    expect((await login(server, 'reset-me', 'old-password')).status).toBe(401)
    expect((await login(server, 'reset-me', 'new-password-1')).status).toBe(200)
  })

  it('refuses unknown keys and bad queries with 400', async () => {
    expect((await call(server, 'POST', '/ui/auth/validateKey?key=nonsense')).status).toBe(400)
    expect((await call(server, 'POST', '/ui/auth/validateKey')).status).toBe(400)
    expect(
      (
        await call(server, 'POST', '/ui/auth/resetPassword?key=nonsense', {
          body: { user: 'x', password: 'yyyyyyyy' },
        })
      ).status,
    ).toBe(400)
    expect((await call(server, 'POST', '/ui/auth/forgotPassword', { body: {} })).status).toBe(400)
  })

  it('rate-limits forgot-password with 429 and Retry-After', async () => {
    // Two calls above already counted against this address (max 3).
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let i = 0; i < 3; i++) {
      const r = await call(server, 'POST', '/ui/auth/forgotPassword', { body: { user: 'nobody' } })
      statuses.push(r.status)
      retryAfter ??= r.headers.get('retry-after')
    }
    expect(statuses.at(-1)).toBe(429)
    expect(Number(retryAfter)).toBeGreaterThan(0)
  })
})

describe('expired passwords and credentials', () => {
  it('answers PASSWORD_EXPIRED once an admin marks the password expired, until it is changed', async () => {
    const marked = await call(server, 'PUT', '/ui/admin/users/expire-me', {
      cookie: admin,
      body: { passwordExpired: true },
    })
    expect(marked.body).toMatchObject({ passwordExpired: true })
    const res = await login(server, 'expire-me', 'old-password')
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ code: 'PASSWORD_EXPIRED' })
    expect(res.cookie).toBeUndefined()

    const changed = await call(server, 'POST', '/ui/auth/changePassword', {
      body: { userName: 'expire-me', oldPassword: 'old-password', newPassword: 'fresh-password' },
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ name: 'expire-me' })
    expect(changed.cookie).toBeDefined()
    expect((await call(server, 'GET', '/ui/auth/current', { cookie: changed.cookie })).body).toMatchObject({
      name: 'expire-me',
    })
    expect((await login(server, 'expire-me', 'fresh-password')).status).toBe(200)
  })

  it('answers CREDENTIALS_EXPIRED when the credentials are marked expired', async () => {
    await call(server, 'PUT', '/ui/admin/users/expire-me', {
      cookie: admin,
      body: { credentialsExpired: true },
    })
    const res = await login(server, 'expire-me', 'fresh-password')
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ code: 'CREDENTIALS_EXPIRED' })
    // A wrong password still answers BAD_CREDENTIALS: the expiry is not revealed to guessers.
    expect((await login(server, 'expire-me', 'wrong-password')).body).toMatchObject({
      code: 'BAD_CREDENTIALS',
    })
  })
})

describe('change password', () => {
  it('needs the current password, a different and long enough new one, and ends other sessions', async () => {
    const other = await sessionOf(server, 'change-me', 'old-password')
    const wrong = await call(server, 'POST', '/ui/auth/changePassword', {
      body: { userName: 'change-me', oldPassword: 'nope-nope', newPassword: 'brand-new-pass' },
    })
    expect(wrong.status).toBe(401)
    const same = await call(server, 'POST', '/ui/auth/changePassword', {
      body: { userName: 'change-me', oldPassword: 'old-password', newPassword: 'old-password' },
    })
    expect(same.status).toBe(400)
    const short = await call(server, 'POST', '/ui/auth/changePassword', {
      body: { userName: 'change-me', oldPassword: 'old-password', newPassword: 'tiny' },
    })
    expect(short.status).toBe(400)
    const missing = await call(server, 'POST', '/ui/auth/changePassword', { body: { userName: 'change-me' } })
    expect(missing.status).toBe(400)
    const ok = await call(server, 'POST', '/ui/auth/changePassword', {
      body: { userName: 'change-me', oldPassword: 'old-password', newPassword: 'brand-new-pass' },
    })
    expect(ok.status).toBe(200)
    expect((await call(server, 'GET', '/ui/auth/current', { cookie: other })).body).toMatchObject({
      anonymous: true,
    })
  })
})

describe('login rate limit', () => {
  it('answers 429 with Retry-After after too many failed logins, even for the right password', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await login(server, 'limited', 'wrong-password')).status)
    expect(statuses).toEqual([401, 401, 401, 429])
    const right = await login(server, 'limited', 'old-password')
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(right.body).toMatchObject({ code: 'RATE_LIMITED' })
    // Other accounts are not locked by it.
    expect((await login(server, 'developer')).status).toBe(200)
  })

  it('bounds failed logins per client address across accounts (password spraying)', async () => {
    // The per-address limit is ten times the per-account one (3 here): 30 failures in all.
    await server.ctx.sql.run('DELETE FROM rate_limits')
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await login(server, `sprayed-${i}`, 'Summer2026!')).status)
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true)
    expect(statuses[30]).toBe(429)
    await server.ctx.sql.run('DELETE FROM rate_limits')
  })

  it('does not count successful logins', async () => {
    for (let i = 0; i < 5; i++) expect((await login(server, 'developer')).status).toBe(200)
  })
})

describe('the access login', () => {
  it("signs in as the platform login does; its failures name their code first in 'errors'", async () => {
    await call(server, 'POST', '/ui/admin/users', {
      cookie: admin,
      body: { name: 'access-me', email: 'access-me@example.com', password: 'old-password' },
    })
    const accessLogin = (username: string, password: string) =>
      call<{ name?: string; errors?: Array<{ code: string; message: string }> }>(
        server,
        'POST',
        '/access/api/v1/authentication/login',
        { body: { username, password, 'remember-me': false } },
      )
    const wrong = await accessLogin('access-me', 'not-it')
    expect(wrong.status).toBe(401)
    expect(wrong.body.errors?.[0]?.code).toBe('BAD_CREDENTIALS')
    expect(wrong.cookie).toBeUndefined()

    const ok = await accessLogin('access-me', 'old-password')
    expect(ok.status).toBe(200)
    expect(ok.body.name).toBe('access-me')
    expect((await call(server, 'GET', '/ui/auth/current', { cookie: ok.cookie })).body).toMatchObject({
      name: 'access-me',
    })

    await call(server, 'PUT', '/ui/admin/users/access-me', { cookie: admin, body: { passwordExpired: true } })
    const expired = await accessLogin('access-me', 'old-password')
    expect(expired.status).toBe(403)
    expect(expired.body).toEqual({ errors: [{ code: 'PASSWORD_EXPIRED', message: expect.any(String) }] })
    expect(expired.cookie).toBeUndefined()
  })

  it("answers a request it cannot read (400, 413, unknown path) in its 'errors' shape too", async () => {
    const access = (path: string, rawBody: string) =>
      call<unknown>(server, 'POST', `/access/api/v1/authentication${path}`, { rawBody })
    const shaped = (code: unknown) => ({ errors: [{ code, message: expect.any(String) }] })
    // Each read by its first error's code, as the console reads the access variant's failures.
    const noPassword = await access('/login', JSON.stringify({ username: 'developer' }))
    expect(noPassword.status).toBe(400)
    expect(noPassword.body).toEqual(shaped('VALIDATION'))
    const extra = await access('/login', JSON.stringify({ username: 'a', password: 'b', type: 'login' }))
    expect(extra.status).toBe(400)
    expect(extra.body).toEqual(shaped('VALIDATION'))
    const notJson = await access('/login', '{"username":')
    expect(notJson.status).toBe(400)
    expect(notJson.body).toEqual(shaped(expect.stringContaining('INVALID_JSON')))
    const badOtp = await access('/mfa/verify', JSON.stringify({ otp: '1'.repeat(11) }))
    expect(badOtp.status).toBe(400)
    expect(badOtp.body).toEqual(shaped('VALIDATION'))
    const huge = await access(
      '/login',
      JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'p' }),
    )
    expect(huge.status).toBe(413)
    expect(huge.body).toEqual(shaped('TOO_LARGE'))
    const unknown = await access('/nowhere', '{}')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual(shaped('NOT_FOUND'))
    // The platform's own calls keep theirs: {message, code}.
    const platform = await call(server, 'POST', '/ui/auth/login', { body: { user: 'developer' } })
    expect(platform.status).toBe(400)
    expect(platform.body).toEqual({ message: expect.stringContaining('Invalid request'), code: 'VALIDATION' })
  })

  it('is named among the services only where the platform is started to answer with it', () => {
    const named = (accessLogin: boolean) =>
      flavourProfile({
        flavour: 'platform',
        cloud: false,
        licenseType: 'Enterprise+',
        accessLogin,
      }).microservices.filter((s) => s.key === 'jfac')
    expect(named(false)).toEqual([])
    expect(named(true)).toEqual([{ name: 'access', key: 'jfac', enabled: true }])
  })
})
