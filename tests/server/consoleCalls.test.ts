/**
 * Spec 000 section 7's calls that audits found the console never made (issue 31, clause 11):
 * the reverse proxies (`webServer`), the logo path, the access-login variant and the HTTP SSO
 * login, each made by the console's own adapters against the reference platform, so a wrong
 * path, method or body shape in an adapter fails here and not only in a browser.
 */
import { right } from 'fp-ts/Either'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { API, call, sessionOf } from '../support/apiCalls'
import { createHttpClient } from '../../adapters/http/client'
import { createSetMeUpApi } from '../../adapters/http/setMeUp'
import { createPlatformApi } from '../../adapters/http/platform'
import { createAdminApi } from '../../adapters/http/admin'
import { createSessionApi } from '../../adapters/http/session'
import { createAccountApi } from '../../adapters/http/account'
import { outbox, parseMail } from '../support/outbox'
import { TINY_PNG as PNG } from '../support/tinyPng'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  admin = await sessionOf(server, 'admin')
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

/** The console's HTTP client as a browser at the platform's origin runs it, with a session cookie. */
function consoleHttp(cookie?: string, extra: Record<string, string> = {}, sent: string[] = []) {
  return createHttpClient({
    base: `${server.url}${API}`,
    retries: 0,
    fetch: (input, init) => {
      sent.push(`${init?.method ?? 'GET'} ${String(input)}`)
      const headers = new Headers(init?.headers)
      headers.set('origin', server.url)
      if (cookie) headers.set('cookie', cookie)
      for (const [name, value] of Object.entries(extra)) headers.set(name, value)
      return fetch(input, { ...init, headers })
    },
  })
}

describe("the console's calls of spec 000 section 7", () => {
  it('Set Me Up reads the reverse proxies the admin saved (GET /ui/system/configuration/webServer)', async () => {
    const proxy = {
      key: 'edge-proxy',
      serverName: 'artifacts.example.com',
      dockerReverseProxyMethod: 'SUBDOMAIN',
      reverseProxyRepositories: ['docker-local'],
      useHttps: true,
      useHttp: false,
      httpsPort: 8443,
      httpPort: 80,
    }
    const saved = await call(server, 'PUT', '/ui/system/configuration/webServer', {
      body: [proxy],
      cookie: admin,
    })
    expect(saved.status).toBe(200)
    const developer = await sessionOf(server, 'developer')
    const answer = await createSetMeUpApi(consoleHttp(developer)).clientBaseUrl()
    expect(answer._tag).toBe('Right')
    if (answer._tag !== 'Right') return
    expect(answer.right.reverseProxies).toEqual([
      expect.objectContaining({ serverName: 'artifacts.example.com', httpsPort: 8443, useHttps: true }),
    ])
  })

  // Spec 001 section 7. The platform answered true whatever the repositories were, so an admin
  // with new onboarding was sent to quick setup after every login, repositories or not.
  it('reads whether only the default repositories exist (GET /ui/onboarding/initStatus)', async () => {
    const platform = createPlatformApi(consoleHttp(admin))
    expect(await platform.onboardingStatus()).toEqual(right(true))
    const created = await call(server, 'POST', '/repositories', {
      cookie: admin,
      body: { key: 'npm-added', kind: 'local', packageType: 'npm' },
    })
    expect(created.status).toBe(201)
    expect(await platform.onboardingStatus()).toEqual(right(false))
    expect((await call(server, 'DELETE', '/repositories/npm-added', { cookie: admin })).status).toBeLessThan(
      300,
    )
    expect(await platform.onboardingStatus()).toEqual(right(true))
  })

  it('an uploaded logo goes up and is shown from the logo path (ui/generalConfig/logo)', async () => {
    const put = await createAdminApi(consoleHttp(admin)).uploadLogo(new Blob([PNG], { type: 'image/png' }))
    expect(put._tag, JSON.stringify(put)).toBe('Right')
    const footer = await createPlatformApi(consoleHttp()).footer()
    expect(footer._tag).toBe('Right')
    if (footer._tag !== 'Right') return
    const shown = footer.right.userLogo
    expect(shown).toBeDefined()
    const image = await fetch(shown!)
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png'])
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true)
    expect((await createAdminApi(consoleHttp(admin)).removeLogo())._tag).toBe('Right')
    expect((await fetch(shown!)).status).toBe(404)
  })

  it("signs in through the access service's login (the access-login variant)", async () => {
    const answer = await createSessionApi(consoleHttp()).accessLogin({
      user: 'developer',
      password: 'password',
      rememberMe: false,
    })
    expect(answer, JSON.stringify(answer)).toMatchObject({ _tag: 'Right', right: { name: 'developer' } })
    const wrong = await createSessionApi(consoleHttp()).accessLogin({
      user: 'developer',
      password: 'not-the-password',
      rememberMe: false,
    })
    expect(wrong._tag).toBe('Left')
    // Refused before its handler runs (no X-Requested-With: a cross-site form could send it),
    // it still answers in the access service's shape; it used to fail to serialize, a 500.
    const crossSite = await fetch(`${server.url}${API}/access/api/v1/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: 'developer', password: 'password' }),
    })
    expect(crossSite.status).toBe(403)
    expect(await crossSite.json()).toEqual({
      errors: [{ code: 'CSRF', message: 'Missing X-Requested-With header' }],
    })
  })

  it('signs in the person a trusted proxy names (the HTTP SSO login)', async () => {
    const saved = await call(server, 'PUT', '/ui/admin/httpsso', {
      cookie: admin,
      body: { enabled: true, remoteUserHeader: 'X-Proxy-User', trustedProxies: ['127.0.0.1', '::1'] },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const viaProxy = createSessionApi(consoleHttp(undefined, { 'X-Proxy-User': 'carol' }))
    expect(await viaProxy.ssoLogin('http')).toMatchObject({ _tag: 'Right', right: { name: 'carol' } })
    // Crowd's login is another path: without Crowd set up it is refused, not HTTP SSO's answer.
    expect((await viaProxy.ssoLogin('crowd'))._tag).toBe('Left')
  })

  // Audit row 000-7.7, "POST verify token": the invitation's token goes in the body, so it
  // stays out of the URL (access logs, proxies, history). It was a GET with ?token=.
  it('verifies an invitation with the token in the body, never in the URL (POST verify token)', async () => {
    const invited = await call(server, 'POST', '/ui/admin/invitations', {
      cookie: admin,
      body: { email: 'invitee@example.com' },
    })
    expect(invited.status).toBe(201)
    const link = /\/ui\/login\/invitation\?token=([A-Za-z0-9_-]+)/.exec(
      parseMail(outbox(server).at(-1)!).body,
    )
    const token = link![1]!
    const sent: string[] = []
    const account = createAccountApi(consoleHttp(undefined, {}, sent))
    expect(await account.invitation(token)).toEqual(right({ email: 'invitee@example.com' }))
    expect(await account.invitation('not-a-token')).toMatchObject({ _tag: 'Left', left: { status: 404 } })
    expect(sent).toHaveLength(2)
    for (const request of sent) {
      expect(request).toMatch(/^POST /)
      expect(request).not.toContain(token)
    }
  })
})
