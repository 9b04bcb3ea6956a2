/**
 * Crowd single sign-on never calls a link-local or cloud metadata address, where clouds answer
 * the machine's credentials (and would be sent the Crowd application's password): not as the
 * Crowd server an admin sets, not where a Crowd server redirects. The sign-in answers that Crowd
 * cannot be reached. Refused before any connect: every connection this test process opens off
 * loopback is stopped and recorded (tests/support/loopbackOnly.ts), and none may be.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loopbackOnly, type LoopbackOnly } from '../support/loopbackOnly'
import { startTestServer, type TestServer } from '../support/server'
import { call, sessionOf } from './authHelpers'

const METADATA = 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'

let guard: LoopbackOnly
let redirecting: Server
let redirectingUrl: string
const asked: string[] = []
let server: TestServer
let admin: string

beforeAll(async () => {
  guard = loopbackOnly()
  // A "Crowd" that sends every call on to the metadata service, as a hostile one would.
  redirecting = createServer((request, response) => {
    asked.push(request.url ?? '')
    response.writeHead(302, { location: METADATA }).end()
  })
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve))
  redirectingUrl = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/crowd`
  server = await startTestServer()
  admin = await sessionOf(server, 'admin')
}, 120_000)

afterAll(async () => {
  guard?.stop()
  await server?.stop()
  redirecting?.closeAllConnections()
  await new Promise((resolve) => redirecting?.close(resolve))
})

const crowdAt = async (serverUrl: string) => {
  const saved = await call(server, 'PUT', '/ui/admin/crowd', {
    cookie: admin,
    body: { enabled: true, serverUrl, applicationName: 'platform-app', applicationPassword: 'app-secret' },
  })
  expect(saved.status, serverUrl).toBe(200)
}
const crowdLogin = () =>
  call<{ code?: string }>(server, 'GET', '/ui/auth/crowd/login', { cookie: 'crowd.token_key=tok-alice' })

describe('Crowd single sign-on', () => {
  it('does not follow a Crowd server’s redirect to a metadata address', async () => {
    await crowdAt(redirectingUrl)
    const answer = await crowdLogin()
    expect([answer.status, answer.body.code]).toEqual([502, 'unavailable'])
    expect(asked).toEqual(['/crowd/rest/usermanagement/1/config/cookie'])
    expect(guard.stopped).toEqual([])
  })

  it('does not call a Crowd server at a link-local or metadata address, however it is written', async () => {
    for (const url of [
      METADATA,
      // 169.254.169.254 as one number, and mapped into IPv6.
      'http://2852039166/crowd',
      'http://[::ffff:169.254.169.254]/crowd',
      'http://[fe80::1]/crowd',
    ]) {
      await crowdAt(url)
      const answer = await crowdLogin()
      expect([answer.status, answer.body.code], url).toEqual([502, 'unavailable'])
    }
    expect(guard.stopped).toEqual([])
  })
})
