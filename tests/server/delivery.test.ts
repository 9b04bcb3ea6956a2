// The console's files go over the wire compressed (the build's .br/.gz copies), hashed assets
// cached for a year and index.html revalidated. Needs the build (`npm test` builds first).
import { request } from 'node:http'
import { readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => server.stop())

interface Raw {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: Buffer
}

// node:http rather than fetch: fetch decompresses and hides what was on the wire.
function get(path: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = request(`${server.url}${path}`, {
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', fail)
    req.end()
  })
}

const dist = resolve('dist')
const largestScript = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ f, size: readFileSync(join(dist, 'assets', f)).length }))
  .sort((a, b) => b.size - a.size)[0]!.f
const original = readFileSync(join(dist, 'assets', largestScript))

describe('delivery of the console', () => {
  it('sends brotli where it is accepted, the precompressed bytes, cached for a year', async () => {
    const res = await get(`/ui/assets/${largestScript}`, 'gzip, deflate, br')
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['vary']).toMatch(/accept-encoding/i)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.body.equals(readFileSync(join(dist, 'assets', `${largestScript}.br`)))).toBe(true)
    expect(brotliDecompressSync(res.body).equals(original)).toBe(true)
    expect(res.body.length).toBeLessThan(original.length / 2)
  })

  it('sends gzip to a client without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get(`/ui/assets/${largestScript}`, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).equals(original)).toBe(true)
    const plain = await get(`/ui/assets/${largestScript}`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.equals(original)).toBe(true)
  })

  it('sends the page compressed and revalidated, on a console route too', async () => {
    for (const path of ['/ui/', '/ui/packages']) {
      const res = await get(path, 'br')
      expect(res.status, path).toBe(200)
      expect(res.headers['cache-control'], path).toBe('no-cache')
      expect(res.headers['content-encoding'], path).toBe('br')
      expect(brotliDecompressSync(res.body).toString(), path).toContain('<div id="root">')
    }
  })
})
