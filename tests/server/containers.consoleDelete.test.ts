/**
 * Deleting an image from the console: a tag's manifest.json tells which manifest the tag names,
 * the other tags on it and what deleting the manifest frees (its own bytes and the blobs no other
 * manifest of the image names); DELETE /ui/api/v1/containers/manifests takes the manifest by
 * digest with every tag on it, for a user with delete permission only, and the next collection
 * removes the layers only it named while a layer another manifest shares stays. Images are
 * pushed through the OCI API; the test moves a manual clock, nothing sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { ociPusher } from '../support/ociPush'
import { signInDirectlyAs } from './helpers/catalogSession'
import { grant } from './helpers/permissions'
import { manualClock } from '../../server/clock'
import { buildImage, type BuiltImage } from '../../server/containers/imageBuilder'
import { GC_EVERY_MS, GC_GRACE_MS } from '../../server/containers/gc'

let server: TestServer
const clock = manualClock(Date.UTC(2026, 11, 1))
const shared = { command: 'ADD base', files: [{ path: 'etc/base', content: 'the shared base layer' }] }
const first = buildImage({
  layers: [shared, { command: 'ADD one', files: [{ path: 'one', content: 'only in 1' }] }],
})
const second = buildImage({
  layers: [shared, { command: 'ADD two', files: [{ path: 'two', content: 'only in 2' }] }],
})
let deleter: string
let reader: string

const info = (path: string, cookie: string) =>
  fetch(`${server.url}/ui/api/v1/ui/artifact/info?repoKey=docker-local&path=${encodeURIComponent(path)}`, {
    headers: { cookie },
  })
const deleteManifest = (path: string, cookie?: string, repoKey = 'docker-local') =>
  fetch(
    `${server.url}/ui/api/v1/containers/manifests?repoKey=${repoKey}&path=${encodeURIComponent(path)}`,
    // No body, so no content type: the rest of a same-origin browser request's headers.
    { method: 'DELETE', headers: withoutContentType(browserHeaders(server.url, cookie)) },
  )
const withoutContentType = ({ 'content-type': _json, ...rest }: Record<string, string>) => rest
const auth = `Basic ${Buffer.from('developer:password').toString('base64')}`
const head = (what: string) =>
  fetch(`${server.url}/v2/docker-local/app/${what}`, { method: 'HEAD', headers: { authorization: auth } })
const sizeOf = (image: BuiltImage, blobs: ReadonlyArray<{ bytes: Buffer }>) =>
  image.manifest.bytes.length + blobs.reduce((sum, b) => sum + b.bytes.length, 0)

beforeAll(async () => {
  server = await startTestServer({}, {}, { clock })
  const pusher = await ociPusher(server.url, 'developer', 'password')
  await pusher.push('docker-local/app', first, ['1.0', 'latest'])
  await pusher.push('docker-local/app', second, ['2.0'])
  const allowed = signInDirectlyAs(server)
  await grant(server, { repositories: ['docker-local'], users: { [allowed.name]: ['read', 'delete'] } })
  deleter = allowed.cookie
  reader = signInDirectlyAs(server).cookie
})
afterAll(async () => server?.stop())

describe("an image's manifest, from the console", () => {
  it("tells a tag's manifest, the tags on it and the bytes only it names", async () => {
    const res = await info('app/1.0/manifest.json', reader)
    expect(res.status, await res.clone().text()).toBe(200)
    const { container } = (await res.json()) as { container: unknown }
    expect(container).toEqual({
      image: 'app',
      tag: '1.0',
      digest: first.manifest.digest,
      tags: ['1.0', 'latest'],
      // The config and the second layer are its own; the base layer is the other manifest's too.
      frees: sizeOf(first, [first.config, first.layers[1]!]),
    })
  })

  it('says nothing of containers for a file that is not a manifest.json', async () => {
    const layer = first.layers[1]!.digest.replace(':', '__')
    const res = await info(`app/1.0/${layer}`, reader)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { container: unknown }).container).toBeNull()
  })

  it('is refused to a user who may only read, and to an anonymous caller', async () => {
    expect((await deleteManifest('app/1.0/manifest.json', reader)).status).toBe(403)
    expect((await deleteManifest('app/1.0/manifest.json')).status).toBe(401)
    expect((await head(`manifests/${first.manifest.digest}`)).status).toBe(200)
  })

  it('answers 404 for a path that names no tag, whatever the caller may do', async () => {
    expect((await deleteManifest('app/9.9/manifest.json', deleter)).status).toBe(404)
    expect((await deleteManifest('app/1.0/config.json', deleter)).status).toBe(404)
    expect((await deleteManifest('app/1.0/manifest.json', deleter, 'no-such-repo')).status).toBe(404)
  })

  it('deletes the manifest with every tag on it; the next collection frees only its own layers', async () => {
    const res = await deleteManifest('app/1.0/manifest.json', deleter)
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toEqual({ digest: first.manifest.digest, tags: ['1.0', 'latest'] })
    expect((await head(`manifests/${first.manifest.digest}`)).status).toBe(404)
    expect((await head('manifests/latest')).status).toBe(404)
    expect((await head('manifests/2.0')).status).toBe(200)
    expect((await info('app/1.0/manifest.json', reader)).status).toBe(404)

    clock.advance(GC_GRACE_MS + GC_EVERY_MS)
    await expect.poll(async () => (await head(`blobs/${first.layers[1]!.digest}`)).status).toBe(404)
    expect((await head(`blobs/${first.config.digest}`)).status).toBe(404)
    expect((await head(`blobs/${second.layers[0]!.digest}`)).status).toBe(200)
    expect((await head(`blobs/${second.layers[1]!.digest}`)).status).toBe(200)
  })
})
