/**
 * ADVISORIES_URL on its schedule: the platform imports the OSV export the address serves when it
 * starts, and again each time its interval passes on the platform's clock (a manual clock here,
 * moved by the test), so an advisory added to the export since is found without an admin's
 * import. The address is a local HTTP server on loopback standing for OSV.dev's bucket.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { zipSync, strToU8 } from 'fflate'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { manualClock } from '../../server/clock'
import { LEASE_RENEW_MS } from '../../server/ops/lease'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { poll } from '../support/wait'
import { osvAdvisory } from '../support/osvAdvisories'

const exportOf = (...ids: string[]) =>
  zipSync(
    Object.fromEntries(
      ids.map((id) => [`npm/${id}.json`, strToU8(JSON.stringify(osvAdvisory(id, 'left-pad')))]),
    ),
  )

let served = exportOf('GHSA-url-one')
let http: Server
let server: TestServer
let admin: string
let url: string
const clock = manualClock()

beforeAll(async () => {
  http = createServer((request, response) => {
    if (request.url === '/npm/all.zip')
      response.writeHead(200, { 'content-type': 'application/zip' }).end(served)
    else response.writeHead(404).end('no such export')
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/npm/all.zip`
  // The interval is one renewal of the import's lease: each move of the clock by it is one try.
  server = await startTestServer({ advisoriesUrl: url, advisoriesIntervalMs: LEASE_RENEW_MS }, {}, { clock })
  admin = signInDirectly(server, { admin: true })
})
afterAll(async () => {
  await server?.stop()
  await new Promise((resolve) => http?.close(resolve))
})

const status = async () => {
  const res = await fetch(`${server.url}/ui/api/v1/xray/api/v1/advisories/status`, {
    headers: browserHeaders(server.url, admin),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as {
    imports: Array<{ source: string; ok: boolean; advisories: number }>
    scheduled_url: string | null
    scheduled_every_ms: number | null
  }
}
const importsFromUrl = async () => (await status()).imports.filter((i) => i.source === url)
const advisoryFound = async (id: string) =>
  (
    await fetch(`${server.url}/ui/api/v1/xray/api/v1/advisories/${id}`, {
      headers: browserHeaders(server.url, admin),
    })
  ).status

it('imports the address at start, then again each interval, finding what the export gained', async () => {
  await poll(importsFromUrl, (imports) => imports.length === 1, {
    what: 'the import at start',
    timeoutMs: 60_000,
  })
  expect(await importsFromUrl()).toEqual([expect.objectContaining({ ok: true, advisories: 1 })])
  expect(await status()).toMatchObject({ scheduled_url: url, scheduled_every_ms: LEASE_RENEW_MS })
  expect(await advisoryFound('GHSA-url-one')).toBe(200)
  expect(await advisoryFound('GHSA-url-two')).toBe(404)

  // The export gains an advisory; the interval passes on the platform's clock.
  served = exportOf('GHSA-url-one', 'GHSA-url-two')
  clock.advance(LEASE_RENEW_MS)
  await poll(importsFromUrl, (imports) => imports.length === 2, {
    what: 'the scheduled import',
    timeoutMs: 60_000,
  })
  expect((await importsFromUrl())[0]).toMatchObject({ ok: true, advisories: 2 })
  expect(await advisoryFound('GHSA-url-two')).toBe(200)
}, 120_000)
