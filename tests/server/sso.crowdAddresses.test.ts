/**
 * Crowd single sign-on never calls a link-local or cloud metadata address, where clouds answer
 * the machine's credentials (and would be sent the Crowd application's password): not as the
 * Crowd server an admin sets, not where a Crowd server redirects. The sign-in answers that Crowd
 * cannot be reached. Refused before any connect: every connection this test process opens off
 * loopback is stopped and recorded (tests/support/loopbackOnly.ts), and none may be.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, sessionOf } from '../support/apiCalls'
import { startLoopbackHttp, type LoopbackHttp } from '../support/loopbackHttp'
import { loopbackOnly, type LoopbackOnly } from '../support/loopbackOnly'
import { startTestServer, type TestServer } from '../support/server'

const METADATA = 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'

let guard: LoopbackOnly
let redirecting: LoopbackHttp
let redirectingUrl: string
const asked: string[] = []
let server: TestServer
let admin: string

beforeAll(async () => {
  guard = loopbackOnly()
  // A "Crowd" that sends every call on to the metadata service, as a hostile one would.
  redirecting = await startLoopbackHttp((request, response) => {
    asked.push(request.url ?? '')
    response.writeHead(302, { location: METADATA }).end()
  })
  redirectingUrl = `${redirecting.url}/crowd`
  server = await startTestServer()
  admin = await sessionOf(server, 'admin')
}, 120_000)

afterAll(async () => {
  guard?.stop()
  await server?.stop()
  await redirecting?.close()
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
