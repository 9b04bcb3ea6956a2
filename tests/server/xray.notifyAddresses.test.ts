/**
 * The scans settings' notification webhook is never a link-local or cloud metadata address,
 * where clouds answer the machine's credentials: an admin who sets one gets the notifications
 * marked "not reached", nothing sent; a webhook that redirects there is not followed. Refused
 * before any connect: every connection this test process opens off loopback is stopped and
 * recorded (tests/support/loopbackOnly.ts), and none may be.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postNotifications } from '../../server/xray/notifications'
import { startLoopbackHttp, type LoopbackHttp } from '../support/loopbackHttp'
import { loopbackOnly, type LoopbackOnly } from '../support/loopbackOnly'

const METADATA = 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'

let guard: LoopbackOnly
let http: LoopbackHttp
let base: string
const received: Array<{ url: string; body: string }> = []

beforeAll(async () => {
  guard = loopbackOnly()
  http = await startLoopbackHttp((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      received.push({ url: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') })
      if (request.url === '/to-metadata') response.writeHead(307, { location: METADATA }).end()
      else response.writeHead(204).end()
    })
  })
  base = http.url
})
afterAll(async () => {
  guard?.stop()
  await http?.close()
})

describe('the notification webhook', () => {
  it('POSTs the notifications as JSON to an address on this machine', async () => {
    expect(await postNotifications(`${base}/hook`, { event: 'xray.violations' })).toBeUndefined()
    expect(received).toContainEqual({ url: '/hook', body: '{"event":"xray.violations"}' })
  })

  it('does not follow a redirect to a metadata address', async () => {
    expect(await postNotifications(`${base}/to-metadata`, { event: 'xray.violations' })).toBe(
      'the webhook answered 307',
    )
    expect(guard.stopped).toEqual([])
  })

  it('sends nothing to a link-local or metadata address, however it is written', async () => {
    for (const url of [
      METADATA,
      // 169.254.169.254 as one number, and mapped into IPv6.
      'http://2852039166/hook',
      'http://[::ffff:169.254.169.254]/hook',
      'http://[fe80::1]/hook',
    ]) {
      expect(await postNotifications(url, { event: 'xray.violations' }), url).toMatch(
        /^not reached: .*link-local or cloud metadata address/,
      )
    }
    expect(guard.stopped).toEqual([])
  })
})
