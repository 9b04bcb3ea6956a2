/**
 * Unreferenced container blobs are collected on the platform's clock: a blob pushed without a
 * manifest naming it goes (bytes too) once past the grace period, while the blobs of a pushed
 * image stay. The test moves a manual clock; nothing sleeps.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { manualClock } from '../../server/clock'
import { buildImage } from '../../server/containers/imageBuilder'
import { blobPathOf } from '../../server/repositories/blobs'
import { blobDirOf } from '../../server/config'
import { GC_GRACE_MS } from '../../server/containers/gc'

let server: TestServer
const clock = manualClock(Date.UTC(2026, 11, 1))
const auth = `Basic ${Buffer.from('developer:password').toString('base64')}`

const push = (path: string, body: Buffer, method = 'POST', type = 'application/octet-stream') =>
  fetch(`${server.url}/v2/${path}`, {
    method,
    headers: { authorization: auth, 'content-type': type },
    body: new Uint8Array(body),
  })

beforeAll(async () => {
  server = await startTestServer({}, {}, { clock })
})
afterAll(async () => server?.stop())

describe('container garbage collection', () => {
  it('removes a blob no manifest names after the grace period, keeping an image', async () => {
    const image = buildImage({ layers: [{ command: 'ADD kept', files: [{ path: 'k', content: 'kept' }] }] })
    for (const b of [image.config, ...image.layers])
      expect((await push(`docker-local/gc/blobs/uploads/?digest=${b.digest}`, b.bytes)).status).toBe(201)
    expect(
      (await push('docker-local/gc/manifests/1', image.manifest.bytes, 'PUT', image.manifest.mediaType))
        .status,
    ).toBe(201)
    const stray = Buffer.from('pushed, never named')
    const strayHex = createHash('sha256').update(stray).digest('hex')
    expect((await push(`docker-local/gc/blobs/uploads/?digest=sha256:${strayHex}`, stray)).status).toBe(201)
    const path = blobPathOf(blobDirOf(server.config), strayHex)
    expect(existsSync(path)).toBe(true)

    const head = (digest: string) =>
      fetch(`${server.url}/v2/docker-local/gc/blobs/${digest}`, {
        method: 'HEAD',
        headers: { authorization: auth },
      })
    clock.advance(GC_GRACE_MS + 3600 * 1000)
    await expect.poll(async () => (await head(`sha256:${strayHex}`)).status).toBe(404)
    expect(existsSync(path)).toBe(false)
    for (const b of [image.config, ...image.layers]) expect((await head(b.digest)).status).toBe(200)
  })
})
