import { TOTP, Secret } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../server/clock'
import { startTestServer, type TestServer } from '../support/server'
import { call, login, sessionOf } from '../support/apiCalls'

let server: TestServer
let admin: string
// The platform's clock, which the tests move from one 30-second code window to the next.
const clock = manualClock()
beforeAll(async () => {
  server = await startTestServer({ rateLimit: { max: 3, windowMs: 60_000 } }, {}, { clock })
  admin = await sessionOf(server, 'admin')
  const created = await call(server, 'POST', '/ui/admin/users', {
    cookie: admin,
    body: { name: 'mfa-user', email: 'mfa@example.com', password: 'mfa-password', mfaRequired: true },
  })
  expect(created.status).toBe(201)
})
afterAll(async () => server.stop())

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
/** The authenticator's code at the platform's present. */
const codeOf = (secret: string) => totpOf(secret).generate({ timestamp: clock.now() })

describe('TOTP multi-factor authentication', () => {
  let secret = ''
  let enrolmentCode = ''

  it('answers ENROLL for a user who must use MFA and is not enrolled; the pending session is not signed in', async () => {
    const res = await login(server, 'mfa-user', 'mfa-password')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ name: 'mfa-user', mfaStatus: 'ENROLL' })
    expect(res.cookie).toBeDefined()
    const stage = (await server.ctx.sql.one<{ stage: string }>(
      "SELECT stage FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.name = 'mfa-user'",
    ))!
    expect(stage.stage).toBe('mfa')
    // The pending session opens nothing else.
    expect((await call(server, 'GET', '/ui/auth/current', { cookie: res.cookie })).body).toMatchObject({
      anonymous: true,
    })
    expect((await call(server, 'GET', '/ui/setMeUp', { cookie: res.cookie })).status).toBe(401)
    // Nor are start-up's answers made for it (the console asks them after a sign-in call).
    expect((await call(server, 'GET', '/ui/startupAnswers', { cookie: res.cookie })).status).toBe(401)

    const enroll = await call<{ secret: string; otpauthUrl: string }>(server, 'GET', '/ui/auth/mfa/enroll', {
      cookie: res.cookie,
    })
    expect(enroll.status).toBe(200)
    expect(enroll.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*mfa-user.*secret=/)
    secret = enroll.body.secret

    const wrong = await call(server, 'POST', '/ui/auth/mfa/verify', {
      cookie: res.cookie,
      body: { otp: '000000' },
    })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toMatchObject({ message: 'Invalid code' })

    const code = codeOf(secret)
    enrolmentCode = code
    const ok = await call(server, 'POST', '/ui/auth/mfa/verify', { cookie: res.cookie, body: { otp: code } })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ name: 'mfa-user', mfaStatus: 'NONE' })
    expect((await call(server, 'GET', '/ui/auth/current', { cookie: res.cookie })).body).toMatchObject({
      name: 'mfa-user',
      anonymous: false,
    })
  })

  it('answers VERIFY after enrolment, refuses a replayed code and accepts the next one', async () => {
    const res = await login(server, 'mfa-user', 'mfa-password')
    expect(res.body).toMatchObject({ mfaStatus: 'VERIFY' })
    // No second enrolment for an enrolled user.
    expect((await call(server, 'GET', '/ui/auth/mfa/enroll', { cookie: res.cookie })).status).toBe(403)
    // The code used for enrolment cannot be replayed.
    const replay = await call(server, 'POST', '/ui/auth/mfa/verify', {
      cookie: res.cookie,
      body: { otp: enrolmentCode },
    })
    expect(replay.status).toBe(401)
    clock.advance(30_000)
    const next = codeOf(secret)
    const ok = await call(server, 'POST', '/ui/auth/mfa/verify', { cookie: res.cookie, body: { otp: next } })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ name: 'mfa-user' })
  })

  it('answers 403 to MFA calls without a pending login, and 400 for a bad body', async () => {
    expect((await call(server, 'GET', '/ui/auth/mfa/enroll')).status).toBe(403)
    expect((await call(server, 'POST', '/ui/auth/mfa/verify', { body: { otp: '123456' } })).status).toBe(403)
    const full = await sessionOf(server, 'developer')
    expect(
      (await call(server, 'POST', '/ui/auth/mfa/verify', { cookie: full, body: { otp: '123456' } })).status,
    ).toBe(403)
    expect((await call(server, 'POST', '/ui/auth/mfa/verify', { cookie: full, body: {} })).status).toBe(400)
  })

  it('rate-limits wrong codes with 429 and Retry-After', async () => {
    // Failures of earlier tests are still in the window (a success does not forget them).
    await server.ctx.sql.run('DELETE FROM rate_limits')
    const res = await login(server, 'mfa-user', 'mfa-password')
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const r = await call(server, 'POST', '/ui/auth/mfa/verify', {
        cookie: res.cookie,
        body: { otp: '111111' },
      })
      statuses.push(r.status)
      if (r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429])
    // Even the right code waits for the window.
    clock.advance(30_000)
    const right = codeOf(secret)
    expect(
      (await call(server, 'POST', '/ui/auth/mfa/verify', { cookie: res.cookie, body: { otp: right } }))
        .status,
    ).toBe(429)
  })

  it('lets an admin turn MFA off and reset an enrolment', async () => {
    const reset = await call(server, 'PUT', '/ui/admin/users/mfa-user', {
      cookie: admin,
      body: { resetMfa: true },
    })
    expect(reset.body).toMatchObject({ mfaRequired: true, mfaEnrolled: false })
    expect((await login(server, 'mfa-user', 'mfa-password')).body).toMatchObject({ mfaStatus: 'ENROLL' })
    await call(server, 'PUT', '/ui/admin/users/mfa-user', { cookie: admin, body: { mfaRequired: false } })
    const plain = await login(server, 'mfa-user', 'mfa-password')
    expect(plain.body).toMatchObject({ mfaStatus: 'NONE' })
    expect((await call(server, 'GET', '/ui/auth/current', { cookie: plain.cookie })).body).toMatchObject({
      name: 'mfa-user',
    })
  })
})

describe("The access service's MFA steps", () => {
  type AccessAnswer = { errors?: Array<{ code: string; message: string }>; secret: string; name: string }
  const access = (method: string, path: string, options: { cookie?: string; body?: unknown } = {}) =>
    call<AccessAnswer>(server, method, `/access/api/v1/authentication${path}`, options)
  const firstCode = (answer: { body: AccessAnswer }) => answer.body.errors?.[0]?.code

  it('enrols and verifies the pending access login, its failures in the access shape', async () => {
    await server.ctx.sql.run('DELETE FROM rate_limits')
    const created = await call(server, 'POST', '/ui/admin/users', {
      cookie: admin,
      body: {
        name: 'access-mfa',
        email: 'access-mfa@example.com',
        password: 'mfa-password',
        mfaRequired: true,
      },
    })
    expect(created.status).toBe(201)
    const signIn = () =>
      access('POST', '/login', { body: { username: 'access-mfa', password: 'mfa-password' } })
    const pending = await signIn()
    expect(pending.body).toMatchObject({ name: 'access-mfa', mfaStatus: 'ENROLL' })

    const none = await access('GET', '/mfa/enroll')
    expect([none.status, firstCode(none)]).toEqual([403, 'NO_PENDING_LOGIN'])
    const enroll = await access('GET', '/mfa/enroll', { cookie: pending.cookie })
    expect(enroll.status).toBe(200)
    const wrong = await access('POST', '/mfa/verify', { cookie: pending.cookie, body: { otp: '00000x' } })
    expect([wrong.status, wrong.body.errors]).toEqual([
      401,
      [{ code: 'INVALID_OTP', message: 'Invalid code' }],
    ])
    const ok = await access('POST', '/mfa/verify', {
      cookie: pending.cookie,
      body: { otp: codeOf(enroll.body.secret) },
    })
    expect([ok.status, ok.body.name]).toEqual([200, 'access-mfa'])
    expect((await call(server, 'GET', '/ui/auth/current', { cookie: pending.cookie })).body).toMatchObject({
      name: 'access-mfa',
      anonymous: false,
    })

    // Enrolled: the next access login asks for a code, and a second enrolment is refused.
    const again = await signIn()
    expect(again.body).toMatchObject({ mfaStatus: 'VERIFY' })
    const twice = await access('GET', '/mfa/enroll', { cookie: again.cookie })
    expect([twice.status, firstCode(twice)]).toEqual([403, 'ALREADY_ENROLLED'])
    clock.advance(30_000)
    const verified = await access('POST', '/mfa/verify', {
      cookie: again.cookie,
      body: { otp: codeOf(enroll.body.secret) },
    })
    expect([verified.status, verified.body.name]).toEqual([200, 'access-mfa'])
  })
})
