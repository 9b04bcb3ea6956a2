/**
 * A remote repository never calls a link-local or cloud metadata address, where clouds answer
 * the machine's credentials: not as its upstream, not where its upstream redirects, not in the
 * admin's Test connection. Refused before any connect: every connection this test process opens
 * off loopback is stopped and recorded (tests/support/loopbackOnly.ts), and none may be.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loopbackOnly, type LoopbackOnly } from '../support/loopbackOnly'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'

const METADATA = 'http://169.254.169.254/latest/meta-data/'

let server: TestServer
let redirecting: Server
let guard: LoopbackOnly
let asked: string[]

beforeAll(async () => {
  guard = loopbackOnly()
  asked = []
  // An upstream that sends every request on to the metadata service, as a hostile one would.
  redirecting = createServer((req, res) => {
    asked.push(req.url ?? '')
    res.writeHead(302, { location: `${METADATA}iam/security-credentials${req.url ?? '/'}` })
    res.end()
  })
  await new Promise<void>((r) => redirecting.listen(0, '127.0.0.1', r))
  const port = (redirecting.address() as AddressInfo).port
  server = await startTestServer({}, { GENERIC_REMOTE_URL: `http://127.0.0.1:${port}/files/` })
  // An upstream stored before the platform refused such addresses when saved and at start (a
  // database older than the rule): fetches refuse it all the same. http://2852039166/ is
  // 169.254.169.254 as one number.
  await server.ctx.sql.run('UPDATE repositories SET url = ?, offline = 0 WHERE key = ?', [
    'http://2852039166/',
    'npm-remote',
  ])
}, 60_000)

afterAll(async () => {
  guard?.stop()
  redirecting?.closeAllConnections()
  await new Promise<void>((r) => (redirecting ? redirecting.close(() => r()) : r()))
  await server?.stop()
})

const admin = () => browserHeaders(server.url, signInDirectly(server, { admin: true }))

describe('a remote repository', () => {
  it('does not follow its upstream’s redirect to a metadata address', async () => {
    const res = await fetch(`${server.url}/artifactory/generic-remote/role/name`, { headers: admin() })
    expect(res.status).toBe(502)
    const answer = (await res.json()) as { code: string; message: string }
    expect(answer.code).toBe('UPSTREAM_BLOCKED')
    expect(answer.message).toMatch(
      /generic-remote.*169\.254\.169\.254 is a link-local or cloud metadata address/,
    )
    expect(asked).toEqual(['/files/role/name'])
    expect(guard.stopped).toEqual([])
  })

  it('does not call an upstream that is a metadata address, however it is written', async () => {
    const res = await fetch(`${server.url}/artifactory/api/npm/npm-remote/left-pad`, { headers: admin() })
    expect(res.status).toBe(502)
    expect(JSON.stringify(await res.json())).toMatch(/npm-remote.*link-local or cloud metadata/)
    expect(guard.stopped).toEqual([])
  })

  it('tests no connection to a link-local or metadata address', async () => {
    for (const url of [
      METADATA,
      'http://[fe80::1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://metadata.google.internal/',
    ]) {
      const res = await fetch(`${server.url}/ui/api/v1/repositories/remote/test`, {
        method: 'POST',
        headers: admin(),
        body: JSON.stringify({ packageType: 'generic', url }),
      })
      expect(res.status, url).toBe(200)
      expect(((await res.json()) as { result: string }).result, url).toBe('unreachable')
    }
    expect(guard.stopped).toEqual([])
  })
})
