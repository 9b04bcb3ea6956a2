/**
 * The git vendor's API calls (a repository list, a manifest read for a scan) and one node's call
 * to another go out the platform's one guarded way (server/upstream/fetch.ts), over real HTTP to
 * stand-ins on loopback: a link-local or cloud metadata address is never called, however it is
 * written; a redirect to one is answered as it came, not followed; an answer past the size
 * limit is refused, not read whole. Every connection this process opens off loopback is stopped
 * and recorded (tests/support/loopbackOnly.ts), and none may be.
 */
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loopbackOnly, type LoopbackOnly } from '../support/loopbackOnly'
import { listRepositories, VENDOR_MAX_BYTES } from '../../server/integrations/vendorApi'
import { vendorOf, type Vendor } from '../../server/integrations/vendors'
import { repositoryFile } from '../../server/xray/gitFiles'
import { callNode, NODE_CALL_HEADER } from '../../server/ops/nodeCalls'

const METADATA = 'http://169.254.169.254/latest/meta-data/'
/** The same address as people and attackers write it: dotted, one number, hex, IPv6, mapped, by name. */
const REFUSED_BASES = [
  METADATA,
  'http://2852039166/',
  'http://0xa9.0xfe.0xa9.0xfe/',
  'http://[fe80::1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://metadata.google.internal/',
]

const github = vendorOf('github') as Vendor
let guard: LoopbackOnly
const servers: Server[] = []
/** What the stand-ins were asked, and with which token or node signature. */
let asked: Array<{ url: string; authorization?: string; signed?: string }>

/** A stand-in on 127.0.0.1 answering every request with `handle`. */
async function standIn(handle: (res: ServerResponse) => void): Promise<string> {
  const s = createServer((req, res) => {
    asked.push({
      url: req.url ?? '',
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      ...(req.headers[NODE_CALL_HEADER] ? { signed: String(req.headers[NODE_CALL_HEADER]) } : {}),
    })
    handle(res)
  })
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  servers.push(s)
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/`
}

/** Sends every request on to the metadata service, as a hostile vendor or node would. */
const redirecting = () =>
  standIn((res) => {
    res.writeHead(302, { location: `${METADATA}iam/security-credentials/` })
    res.end()
  })

/** Answers 200 with a chunked body (no Content-Length) of `bytes`, so only counting can stop it. */
const endless = (bytes: number) =>
  standIn((res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    const chunk = Buffer.alloc(1024 * 1024, ' ')
    let sent = 0
    const more = () => {
      while (sent < bytes) {
        sent += chunk.length
        if (!res.write(chunk)) return void res.once('drain', more)
      }
      res.end('[]')
    }
    more()
  })

beforeAll(() => {
  guard = loopbackOnly()
})
let stoppedBefore = 0
beforeEach(() => {
  asked = []
  stoppedBefore = guard.stopped.length
})
afterEach(() => {
  // What this test tried to connect to off loopback: nothing.
  expect(guard.stopped.slice(stoppedBefore)).toEqual([])
})
afterAll(async () => {
  guard?.stop()
  for (const s of servers) s.closeAllConnections()
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))))
})

const failureOf = async (call: Promise<unknown>): Promise<string> => {
  try {
    await call
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the call did not fail')
}

describe("the git vendor's repository list", () => {
  it('never calls a link-local or metadata base URL, however it is written', async () => {
    for (const base of REFUSED_BASES)
      expect(await failureOf(listRepositories(github, base, 'token'))).toBe(
        'The git vendor could not be reached',
      )
  })

  it('answers a redirect to a metadata address as it came, with the token sent only to the vendor', async () => {
    const base = await redirecting()
    expect(await failureOf(listRepositories(github, base, 'vendor-token'))).toBe(
      'The git vendor answered HTTP 302',
    )
    expect(asked).toEqual([
      { url: '/user/repos?per_page=100&sort=full_name', authorization: 'Bearer vendor-token' },
    ])
  })

  it('refuses an answer past the size limit instead of reading it whole', async () => {
    const base = await endless(VENDOR_MAX_BYTES + 1024 * 1024)
    expect(await failureOf(listRepositories(github, base, 'token'))).toBe(
      'The git vendor answered more than 20 MB',
    )
  })
})

describe("a repository's file read for a scan", () => {
  it('never calls a link-local or metadata base URL, however it is written', async () => {
    for (const base of REFUSED_BASES)
      expect(await failureOf(repositoryFile(github, base, 'token', 'octo/app', 'package.json'))).toBe(
        'the git vendor could not be reached',
      )
  })

  it('answers a redirect to a metadata address as it came', async () => {
    const base = await redirecting()
    expect(await failureOf(repositoryFile(github, base, 'file-token', 'octo/app', 'package.json'))).toBe(
      'the git vendor answered HTTP 302',
    )
    expect(asked).toEqual([
      { url: '/repos/octo/app/contents/package.json', authorization: 'Bearer file-token' },
    ])
  })

  it('refuses a file past the size limit that does not say its length', async () => {
    const base = await endless(VENDOR_MAX_BYTES + 1024 * 1024)
    expect(await failureOf(repositoryFile(github, base, 'token', 'octo/app', 'package.json'))).toBe(
      'the file is larger than 20 MB',
    )
  })
})

describe('a call to another node', () => {
  it('never calls a registered address that is link-local or a metadata service', async () => {
    for (const base of REFUSED_BASES)
      expect(await failureOf(callNode(base, '/ui/api/v1/system/logs', 'signature'))).toMatch(
        /^could not be reached: .* is a link-local or cloud metadata address: never called$/,
      )
  })

  it('answers a redirect to a metadata address as it came', async () => {
    const base = await redirecting()
    expect(await callNode(base, '/ui/api/v1/system/logs', 'node-signature')).toEqual({
      status: 302,
      body: undefined,
    })
    expect(asked).toEqual([{ url: '/ui/api/v1/system/logs', signed: 'node-signature' }])
  })
})
