// One's own profile over real HTTP: PUT /ui/userProfile needs an unlocked, updatable profile;
// it changes the email and the password (ending the user's other sessions, not this one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { call, login, sessionOf } from '../support/apiCalls'

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = await sessionOf(server, 'admin')
  const created = await call(server, 'POST', '/ui/admin/users', {
    cookie: admin,
    body: { name: 'owner', email: 'owner@example.org', password: 'Owner-pass-1' },
  })
  expect(created.status).toBe(201)
})
afterAll(async () => server.stop())

describe('PUT /ui/userProfile', () => {
  it('refuses a locked profile and signed-out callers', async () => {
    const cookie = await sessionOf(server, 'owner', 'Owner-pass-1')
    const locked = await call(server, 'PUT', '/ui/userProfile', { cookie, body: { email: 'x@example.org' } })
    expect(locked.status).toBe(403)
    expect(locked.body).toMatchObject({ code: 'PROFILE_LOCKED' })
    expect((await call(server, 'PUT', '/ui/userProfile', { body: { email: 'x@example.org' } })).status).toBe(
      401,
    )
  })

  it('after unlocking: changes the email, validates input, changes the password and ends other sessions', async () => {
    const cookie = await sessionOf(server, 'owner', 'Owner-pass-1')
    const other = await sessionOf(server, 'owner', 'Owner-pass-1')
    expect(
      (await call(server, 'POST', '/ui/userProfile', { cookie, body: { password: 'nope' } })).status,
    ).toBe(401)
    const unlocked = await call(server, 'POST', '/ui/userProfile', {
      cookie,
      body: { password: 'Owner-pass-1' },
    })
    expect(unlocked.status).toBe(200)

    const mail = await call(server, 'PUT', '/ui/userProfile', { cookie, body: { email: 'new@example.org' } })
    expect(mail.status).toBe(200)
    expect(mail.body).toMatchObject({ name: 'owner', email: 'new@example.org' })

    for (const body of [{ email: 'not-an-address' }, { password: 'x' }, {}, { admin: true }])
      expect(
        (await call(server, 'PUT', '/ui/userProfile', { cookie, body })).status,
        JSON.stringify(body),
      ).toBe(400)

    const pw = await call(server, 'PUT', '/ui/userProfile', { cookie, body: { password: 'Owner-pass-2' } })
    expect(pw.status).toBe(200)
    // This session stays; the other one ended; the new password signs in, the old does not.
    expect((await call(server, 'GET', '/ui/auth/current', { cookie })).body).toMatchObject({ name: 'owner' })
    expect((await call(server, 'GET', '/ui/auth/current', { cookie: other })).body).toMatchObject({
      anonymous: true,
    })
    expect((await login(server, 'owner', 'Owner-pass-1')).status).toBe(401)
    expect((await login(server, 'owner', 'Owner-pass-2')).status).toBe(200)
    // The admin view agrees.
    const seen = await call(server, 'GET', '/ui/admin/users/owner', { cookie: admin })
    expect(seen.body).toMatchObject({ email: 'new@example.org' })
  })

  it('an API key needs the re-authentication header of the same user', async () => {
    const cookie = await sessionOf(server, 'owner', 'Owner-pass-2')
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`
    const bad = await call(server, 'GET', '/ui/userApiKey', {
      cookie,
      headers: { 'X-JFrog-Reauthentication': basic('owner:wrong') },
    })
    expect(bad.status).toBe(401)
    const ok = await call<{ apiKey: string }>(server, 'GET', '/ui/userApiKey', {
      cookie,
      headers: { 'X-JFrog-Reauthentication': basic('owner:Owner-pass-2') },
    })
    expect(ok.status).toBe(200)
    expect(ok.body.apiKey).toMatch(/^AKC/)
  })
})
