/**
 * Crowd single sign-on and HTTP SSO, over real HTTP: a Crowd stand-in (its REST API's cookie
 * configuration, session validation and nested groups, checking the application's credentials)
 * listens on 127.0.0.1 beside the platform; HTTP SSO is asked as a reverse proxy on the same
 * host would ask, with its header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { startLocalCrowd, type LocalCrowd } from '../support/localCrowd'
import { call, sessionOf } from '../support/apiCalls'
import { manualClock } from '../../server/clock'

let crowd: LocalCrowd
let server: TestServer
let admin: string

beforeAll(async () => {
  crowd = await startLocalCrowd(
    new Map([
      ['tok-alice', { name: 'alice.crowd', email: 'alice@crowd.example' }],
      ['tok-developer', { name: 'developer', email: 'dev@crowd.example' }],
    ]),
    ['crowd-devs', 'not-on-the-platform'],
  )
  server = await startTestServer()
  admin = await sessionOf(server, 'admin')
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await crowd?.stop()
})

const crowdLogin = (cookie?: string) =>
  call<{ name: string; realm: string; code?: string }>(server, 'GET', '/ui/auth/crowd/login', {
    ...(cookie ? { cookie } : {}),
  })
const httpSsoLogin = (headers: Record<string, string> = {}) =>
  call<{ name: string; realm: string; code?: string }>(server, 'GET', '/ui/auth/httpsso/login', { headers })
const realms = async () =>
  (await call<Array<{ realm: string; enabled: boolean }>>(server, 'GET', '/ui/auth/realms')).body

describe('Crowd single sign-on', () => {
  it('is refused until Crowd is enabled', async () => {
    const answer = await crowdLogin('crowd.token_key=tok-alice')
    expect(answer.status).toBe(403)
    expect(answer.body.code).toBe('not_configured')
    expect(await realms()).toContainEqual({ realm: 'crowd', enabled: false })
  })

  it("signs in the Crowd session's user, checked with Crowd, in the platform groups Crowd names", async () => {
    expect(
      (await call(server, 'POST', '/ui/admin/groups', { cookie: admin, body: { name: 'crowd-devs' } }))
        .status,
    ).toBe(201)
    const saved = await call(server, 'PUT', '/ui/admin/crowd', {
      cookie: admin,
      body: {
        enabled: true,
        serverUrl: crowd.url,
        applicationName: crowd.application.name,
        applicationPassword: crowd.application.password,
      },
    })
    expect(saved.status).toBe(200)
    expect(await realms()).toContainEqual({ realm: 'crowd', enabled: true })

    const answer = await crowdLogin('crowd.token_key=tok-alice')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ name: 'alice.crowd', realm: 'crowd' })
    expect(crowd.validated.at(-1)).toEqual({
      token: 'tok-alice',
      factors: [{ name: 'remote_address', value: '127.0.0.1' }],
    })
    // The browser carries Crowd's cookie beside the session's, as it does on every request.
    const current = await call<{ name: string }>(server, 'GET', '/ui/auth/current', {
      cookie: `${answer.cookie!}; crowd.token_key=tok-alice`,
    })
    expect(current.body.name).toBe('alice.crowd')
    const user = await call<{ email: string; groups: string[] }>(
      server,
      'GET',
      '/ui/admin/users/alice.crowd',
      {
        cookie: admin,
      },
    )
    expect(user.body.email).toBe('alice@crowd.example')
    expect(user.body.groups).toEqual(['crowd-devs'])
  })

  it('refuses no cookie, a token Crowd does not know, and a local account of the same name', async () => {
    const none = await crowdLogin()
    expect([none.status, none.body.code, none.cookie]).toEqual([401, 'no_identity', undefined])
    const ended = await crowdLogin('crowd.token_key=tok-gone')
    expect([ended.status, ended.body.code, ended.cookie]).toEqual([401, 'expired', undefined])
    // Crowd's "developer" is not the platform's local developer.
    const clash = await crowdLogin('crowd.token_key=tok-developer')
    expect([clash.status, clash.body.code, clash.cookie]).toEqual([403, 'conflict', undefined])
  })

  it('says so when Crowd refuses the application or cannot be reached', async () => {
    await call(server, 'PUT', '/ui/admin/crowd', { cookie: admin, body: { applicationPassword: 'wrong' } })
    const refused = await crowdLogin('crowd.token_key=tok-alice')
    expect([refused.status, refused.body.code]).toEqual([502, 'provider'])
    await call(server, 'PUT', '/ui/admin/crowd', {
      cookie: admin,
      body: { applicationPassword: crowd.application.password, serverUrl: 'http://127.0.0.1:9/crowd' },
    })
    const down = await crowdLogin('crowd.token_key=tok-alice')
    expect([down.status, down.body.code]).toEqual([502, 'unavailable'])
  })
})

describe('HTTP SSO', () => {
  it('is refused until enabled, and cannot be enabled without a trusted proxy', async () => {
    const answer = await httpSsoLogin({ REMOTE_USER: 'carol' })
    expect([answer.status, answer.body.code]).toEqual([403, 'not_configured'])
    const bad = await call(server, 'PUT', '/ui/admin/httpsso', { cookie: admin, body: { enabled: true } })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('trustedProxies')
    const developer = await sessionOf(server, 'developer')
    expect((await call(server, 'GET', '/ui/admin/httpsso', { cookie: developer })).status).toBe(403)
  })

  it('signs in the person the trusted proxy names, and nobody else', async () => {
    const saved = await call(server, 'PUT', '/ui/admin/httpsso', {
      cookie: admin,
      body: { enabled: true, remoteUserHeader: 'X-Proxy-User', trustedProxies: ['127.0.0.1', '::1'] },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(await realms()).toContainEqual({ realm: 'http-sso', enabled: true })
    const answer = await httpSsoLogin({ 'X-Proxy-User': 'carol' })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ name: 'carol', realm: 'http-sso' })
    const current = await call<{ name: string }>(server, 'GET', '/ui/auth/current', {
      cookie: answer.cookie!,
    })
    expect(current.body.name).toBe('carol')

    const nobody = await httpSsoLogin({ REMOTE_USER: 'carol' })
    expect([nobody.status, nobody.body.code, nobody.cookie]).toEqual([401, 'no_identity', undefined])
    const local = await httpSsoLogin({ 'X-Proxy-User': 'admin' })
    expect([local.status, local.body.code, local.cookie]).toEqual([403, 'conflict', undefined])

    // A proxy's address matches however the settings spell it (mapped IPv4, long IPv6).
    const spelt = await call(server, 'PUT', '/ui/admin/httpsso', {
      cookie: admin,
      body: { trustedProxies: ['::FFFF:127.0.0.1', '0:0:0:0:0:0:0:1'] },
    })
    expect(spelt.status).toBe(200)
    const mapped = await httpSsoLogin({ 'X-Proxy-User': 'carol' })
    expect([mapped.status, mapped.body.name]).toEqual([200, 'carol'])

    // The same header from an address the settings do not trust is believed no more.
    await call(server, 'PUT', '/ui/admin/httpsso', { cookie: admin, body: { trustedProxies: ['10.0.0.9'] } })
    const spoofed = await httpSsoLogin({ 'X-Proxy-User': 'carol', 'X-Forwarded-For': '10.0.0.9' })
    expect([spoofed.status, spoofed.body.code, spoofed.cookie]).toEqual([403, 'untrusted_proxy', undefined])
  })
})

describe('A Crowd session, confirmed with Crowd again', () => {
  // Crowd's live tokens, changed as the test goes; the platform's time moves only when told.
  const live = new Map([['tok-bob', { name: 'bob.crowd', email: 'bob@crowd.example' }]])
  const clock = manualClock()
  const BOB = 'bob.crowd'
  let timed: TestServer
  let ownCrowd: LocalCrowd
  let timedAdmin: string

  beforeAll(async () => {
    ownCrowd = await startLocalCrowd(live, [])
    timed = await startTestServer({}, {}, { clock })
    timedAdmin = await sessionOf(timed, 'admin')
  }, 120_000)
  afterAll(async () => {
    await timed?.stop()
    await ownCrowd?.stop()
  })

  const setCrowd = (body: Record<string, unknown>) =>
    call(timed, 'PUT', '/ui/admin/crowd', { cookie: timedAdmin, body })
  const signIn = async () => {
    const answer = await call<{ name: string }>(timed, 'GET', '/ui/auth/crowd/login', {
      cookie: 'crowd.token_key=tok-bob',
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return `${answer.cookie!}; crowd.token_key=tok-bob`
  }
  // Who the platform takes the browser for: a session that ended leaves the anonymous user.
  const current = async (cookie: string) =>
    (await call<{ name: string }>(timed, 'GET', '/ui/auth/current', { cookie })).body.name
  const asked = () => ownCrowd.validated.filter((v) => v.token === 'tok-bob').length

  it('asks Crowd again only once the validation interval has passed, and ends when Crowd forgot the token', async () => {
    expect(
      (
        await setCrowd({
          enabled: true,
          serverUrl: ownCrowd.url,
          applicationName: ownCrowd.application.name,
          applicationPassword: ownCrowd.application.password,
          sessionValidationMinutes: 10,
        })
      ).status,
    ).toBe(200)
    const cookie = await signIn()
    const atSignIn = asked()

    clock.advance(9 * 60_000)
    expect(await current(cookie)).toBe(BOB)
    expect(asked()).toBe(atSignIn)

    // Still live at ten minutes: confirmed, and the next question waits ten more.
    clock.advance(60_000)
    expect(await current(cookie)).toBe(BOB)
    expect(asked()).toBe(atSignIn + 1)
    clock.advance(5 * 60_000)
    expect(await current(cookie)).toBe(BOB)
    expect(asked()).toBe(atSignIn + 1)

    // Signed out of Crowd: trusted until the interval is up, then the session ends for good.
    live.delete('tok-bob')
    expect(await current(cookie)).toBe(BOB)
    clock.advance(5 * 60_000)
    expect(await current(cookie)).toBe('anonymous')
    expect(asked()).toBe(atSignIn + 2)
    live.set('tok-bob', { name: 'bob.crowd', email: 'bob@crowd.example' })
    expect(await current(cookie)).toBe('anonymous')
  })

  it('keeps the session while Crowd cannot be reached, and ends it when Crowd sign-on is switched off', async () => {
    const cookie = await signIn()
    await setCrowd({ serverUrl: 'http://127.0.0.1:9/crowd' })
    clock.advance(10 * 60_000)
    expect(await current(cookie)).toBe(BOB)

    await setCrowd({ serverUrl: ownCrowd.url, enabled: false })
    expect(await current(cookie)).toBe('anonymous')
    // Other realms' sessions are not Crowd's to end.
    expect(await current(timedAdmin)).toBe('admin')
  })

  it('without a Crowd cookie in the browser any more, the session ends at the next check', async () => {
    await setCrowd({ enabled: true, sessionValidationMinutes: 0 })
    const cookie = await signIn()
    expect(await current(cookie)).toBe(BOB)
    expect(await current(cookie.replace('; crowd.token_key=tok-bob', ''))).toBe('anonymous')
  })
})

describe('A platform on a dual-stack socket (IPv4 clients as ::ffff:a.b.c.d)', () => {
  let dual: TestServer
  beforeAll(async () => {
    dual = await startTestServer({}, {}, { host: '::ffff:127.0.0.1' })
  }, 120_000)
  afterAll(async () => dual?.stop())

  it('names the client to Crowd and checks proxies by the IPv4 address', async () => {
    const dualAdmin = await sessionOf(dual, 'admin')
    const crowdSaved = await call(dual, 'PUT', '/ui/admin/crowd', {
      cookie: dualAdmin,
      body: {
        enabled: true,
        serverUrl: crowd.url,
        applicationName: crowd.application.name,
        applicationPassword: crowd.application.password,
      },
    })
    expect(crowdSaved.status).toBe(200)
    const viaCrowd = await call(dual, 'GET', '/ui/auth/crowd/login', { cookie: 'crowd.token_key=tok-alice' })
    expect(viaCrowd.status, JSON.stringify(viaCrowd.body)).toBe(200)
    // Crowd compares the factor with the address its own sign-in saw: the IPv4 one.
    expect(crowd.validated.at(-1)).toEqual({
      token: 'tok-alice',
      factors: [{ name: 'remote_address', value: '127.0.0.1' }],
    })

    await call(dual, 'PUT', '/ui/admin/httpsso', {
      cookie: dualAdmin,
      body: { enabled: true, remoteUserHeader: 'X-Proxy-User', trustedProxies: ['127.0.0.1'] },
    })
    const viaProxy = await call<{ name: string }>(dual, 'GET', '/ui/auth/httpsso/login', {
      headers: { 'X-Proxy-User': 'carol' },
    })
    expect([viaProxy.status, viaProxy.body.name]).toEqual([200, 'carol'])
  })
})
