import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { call, login } from '../support/apiCalls'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => server.stop())

describe('login, current user and logout', () => {
  it('answers the anonymous user when nobody is signed in', async () => {
    const res = await call(server, 'GET', '/ui/auth/current')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ name: 'anonymous', anonymous: true, admin: false, existsInDB: false })
  })

  it('signs the seeded admin in with an HttpOnly SameSite=Strict session cookie and no lifetime without remember-me', async () => {
    const res = await fetch(`${server.url}/ui/api/v1/ui/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        origin: server.url,
      },
      body: JSON.stringify({ user: 'admin', password: 'password', type: 'login' }),
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      name: 'admin',
      admin: true,
      anonymous: false,
      mfaStatus: 'NONE',
      realm: 'internal',
    })
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('console_session='))
    expect(cookie).toBeDefined()
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Strict/i)
    expect(cookie).not.toMatch(/Max-Age/i)
  })

  it('gives a two-week cookie with remember-me', async () => {
    const res = await fetch(`${server.url}/ui/api/v1/ui/auth/login?_spring_security_remember_me=true`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        origin: server.url,
      },
      body: JSON.stringify({ user: 'developer', password: 'password', type: 'login' }),
    })
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('console_session='))
    expect(cookie).toMatch(/Max-Age=1209600/)
  })

  it('reports the signed-in user as current, firstLogin only on the first login', async () => {
    const first = await login(server, 'developer')
    expect(first.status).toBe(200)
    const current = await call(server, 'GET', '/ui/auth/current', { cookie: first.cookie })
    expect(current.body).toMatchObject({
      name: 'developer',
      admin: false,
      anonymous: false,
      existsInDB: true,
      firstLogin: false,
    })
  })

  it('stores only the sha256 of the session token', async () => {
    const res = await login(server, 'developer')
    const token = decodeURIComponent(res.cookie!.split('=')[1]!)
    const rows = await server.ctx.sql.all<{ id_hash: string }>('SELECT id_hash FROM sessions')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.some((r) => r.id_hash === token)).toBe(false)
    const { createHash } = await import('node:crypto')
    expect(rows.some((r) => r.id_hash === createHash('sha256').update(token).digest('hex'))).toBe(true)
  })

  it('refuses a wrong password and an unknown user with the same 401 BAD_CREDENTIALS', async () => {
    const wrong = await login(server, 'developer', 'wrong-password')
    const unknown = await login(server, 'nobody-here', 'password')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body).toMatchObject({ code: 'BAD_CREDENTIALS' })
    expect(wrong.cookie).toBeUndefined()
  })

  it('answers 400 with a clear message for bad bodies', async () => {
    const missing = await call(server, 'POST', '/ui/auth/login', { body: { user: 'admin', type: 'login' } })
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({
      message: expect.stringContaining('password: This field is mandatory'),
    })
    const wrongType = await call(server, 'POST', '/ui/auth/login', {
      body: { user: 'admin', password: 'x', type: 'saml' },
    })
    expect(wrongType.status).toBe(400)
    const malformed = await call(server, 'POST', '/ui/auth/login', { rawBody: '{"user": "admin",' })
    expect(malformed.status).toBe(400)
    const notObject = await call(server, 'POST', '/ui/auth/login', { body: ['admin'] })
    expect(notObject.status).toBe(400)
  })

  it('ends the session on logout: the old cookie no longer signs in', async () => {
    const res = await login(server, 'developer')
    const logout = await call(server, 'POST', '/ui/auth/logout', { cookie: res.cookie })
    expect(logout.status).toBe(204)
    expect(logout.headers.getSetCookie().some((c) => c.startsWith('console_session=;'))).toBe(true)
    const current = await call(server, 'GET', '/ui/auth/current', { cookie: res.cookie })
    expect(current.body).toMatchObject({ anonymous: true })
  })

  it('refuses a login without the same-origin headers', async () => {
    const res = await fetch(`${server.url}/ui/api/v1/ui/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'admin', password: 'password', type: 'login' }),
    })
    expect(res.status).toBe(403)
  })
})

describe('login page data', () => {
  it('answers the login page settings with their defaults', async () => {
    expect((await call(server, 'GET', '/ui/auth/loginRelatedData')).body).toEqual({
      forgotPassword: true,
      canRememberMe: true,
      passwordAutocompleteEnabled: true,
      anonAccessEnabled: false,
      userRegistration: false,
    })
    expect((await call(server, 'GET', '/ui/auth/visualMode')).body).toEqual({
      loginIsExternal: false,
      isProvidersHidden: false,
    })
    expect((await call(server, 'GET', '/ui/auth/userPlugins')).body).toEqual({ isUserPluginEnabled: true })
    expect((await call(server, 'GET', '/ui/auth/loginDialog')).body).toEqual({
      content: '',
      permanent: false,
    })
    expect((await call(server, 'GET', '/ui/auth/samlLogoutUrl')).body).toEqual({ logoutUrl: '' })
    expect((await call(server, 'GET', '/ui/auth/samlRegistrationId')).body).toEqual({
      samlRegistrationId: '',
    })
    expect((await call(server, 'GET', '/ui/auth/oauthProviders')).body).toEqual([])
    expect((await call(server, 'GET', '/ui/auth/autoRedirect')).body).toEqual({ isAutoRedirectLogin: false })
    const realms = (await call<Array<{ realm: string; enabled: boolean }>>(server, 'GET', '/ui/auth/realms'))
      .body
    expect(realms).toContainEqual({ realm: 'internal', enabled: true })
    expect(realms).toContainEqual({ realm: 'saml', enabled: false })
  })
})

describe('anonymous access', () => {
  it('tells the login page when the platform allows anonymous visitors', async () => {
    const open = await startTestServer({ anonymousAccess: true })
    try {
      const res = await fetch(`${open.url}/ui/api/v1/ui/auth/loginRelatedData`)
      expect(await res.json()).toMatchObject({ anonAccessEnabled: true })
    } finally {
      await open.stop()
    }
  })
})
