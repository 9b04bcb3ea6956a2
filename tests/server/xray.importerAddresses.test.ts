/**
 * An advisory export read from an address (ADVISORIES_URL, an admin's import by URL) never
 * reaches a link-local or cloud metadata address, where clouds answer the machine's
 * credentials: not where the address redirects, not when the address is one. Refused before any
 * connect: every connection this test process opens off loopback is stopped and recorded
 * (tests/support/loopbackOnly.ts), and none may be.
 */
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readExportUrl } from '../../server/xray/importer'
import { startLoopbackHttp, type LoopbackHttp } from '../support/loopbackHttp'
import { loopbackOnly, type LoopbackOnly } from '../support/loopbackOnly'
import { osvAdvisory } from '../support/osvAdvisories'

const METADATA = 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'

const advisory = osvAdvisory('GHSA-redirect-ok', 'left-pad')

let guard: LoopbackOnly
let http: LoopbackHttp
let base: string
const asked: string[] = []

beforeAll(async () => {
  guard = loopbackOnly()
  // A host that redirects some exports to the metadata service, as a hostile mirror would.
  http = await startLoopbackHttp((request, response) => {
    asked.push(request.url ?? '')
    if (request.url === '/to-metadata/all.zip') response.writeHead(302, { location: METADATA }).end()
    else if (request.url === '/to-numeric/all.zip')
      // 169.254.169.254 as one number.
      response.writeHead(301, { location: 'http://2852039166/all.zip' }).end()
    else if (request.url === '/moved/all.zip') response.writeHead(302, { location: '/npm/all.zip' }).end()
    else if (request.url === '/npm/all.zip')
      response
        .writeHead(200, { 'content-type': 'application/zip' })
        .end(zipSync({ 'npm/a.json': strToU8(JSON.stringify(advisory)) }))
    else response.writeHead(404).end()
  })
  base = http.url
})
afterAll(async () => {
  guard?.stop()
  await http?.close()
})

describe('reading an advisory export from an address', () => {
  it('follows a redirect on the same machine', async () => {
    const read = await readExportUrl(`${base}/moved/all.zip`)
    expect(read.problems).toEqual([])
    expect(read.advisories.map((a) => a.id)).toEqual(['GHSA-redirect-ok'])
  })

  it('does not follow a redirect to a metadata address, however it is written', async () => {
    for (const path of ['/to-metadata/all.zip', '/to-numeric/all.zip']) {
      const read = await readExportUrl(`${base}${path}`)
      expect(read.advisories, path).toEqual([])
      expect(read.problems, path).toEqual([
        { file: `${base}${path}`, reason: expect.stringMatching(/link-local or cloud metadata address/) },
      ])
    }
    expect(asked).toContain('/to-metadata/all.zip')
    expect(guard.stopped).toEqual([])
  })

  it('does not read an address that is a link-local or metadata one', async () => {
    for (const url of [
      METADATA,
      'http://[::ffff:169.254.169.254]/all.zip',
      'http://metadata.google.internal/all.zip',
    ]) {
      const read = await readExportUrl(url)
      expect(read.problems, url).toEqual([
        { file: url, reason: expect.stringMatching(/link-local or cloud metadata address/) },
      ])
    }
    expect(guard.stopped).toEqual([])
  })
})
