/**
 * The registry's endpoints over real HTTP, edge by edge, as the OCI Distribution Specification
 * says they answer: the challenge and the token endpoint, uploads (monolithic, chunked, a chunk
 * out of order, a wrong digest, a mount), blobs with Range, manifests that name a missing blob
 * or carry the wrong digest, an index, tags pagination with Link, the catalogue, referrers,
 * deletes, and errors in the specification's JSON shape.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { waitsForLock } from '../support/engines'
import { browserHeaders, startTestServer, testDatabaseEngine, type TestServer } from '../support/server'
import { signInDirectlyAs } from './helpers/catalogSession'
import { grant } from './helpers/permissions'
import { buildImage, type BuiltImage } from '../../server/containers/imageBuilder'
import { MEDIA } from '../../server/containers/rules'
import { openPostgres } from '../../server/db/postgresSql'
import { xrayFor } from '../../server/xray/service'

let server: TestServer
let token: string

const digestOf = (b: Buffer | string) => `sha256:${createHash('sha256').update(b).digest('hex')}`
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

async function v2(
  path: string,
  init: Omit<RequestInit, 'body'> & { auth?: string | null; body?: Buffer | string } = {},
) {
  const headers = new Headers(init.headers)
  const auth = init.auth === undefined ? `Bearer ${token}` : init.auth
  if (auth) headers.set('authorization', auth)
  const body =
    typeof init.body === 'string' || init.body === undefined ? init.body : new Uint8Array(init.body)
  return fetch(`${server.url}/v2/${path}`, { ...init, headers, body })
}

async function errorCode(res: Response): Promise<string | undefined> {
  const body = (await res.json()) as { errors?: Array<{ code: string; message: string }> }
  expect(body.errors?.[0]?.message).toEqual(expect.any(String))
  return body.errors?.[0]?.code
}

async function pushBlob(name: string, bytes: Buffer): Promise<string> {
  const digest = digestOf(bytes)
  const res = await v2(`${name}/blobs/uploads/?digest=${digest}`, { method: 'POST', body: bytes })
  expect(res.status).toBe(201)
  return digest
}

async function pushImage(name: string, image: BuiltImage, reference: string): Promise<Response> {
  for (const b of [image.config, ...image.layers]) await pushBlob(name, b.bytes)
  return v2(`${name}/manifests/${reference}`, {
    method: 'PUT',
    headers: { 'content-type': image.manifest.mediaType },
    body: image.manifest.bytes,
  })
}

const imageWith = (text: string) =>
  buildImage({ layers: [{ command: `ADD ${text}`, files: [{ path: 'a.txt', content: text }] }] })

beforeAll(async () => {
  server = await startTestServer()
  const res = await fetch(`${server.url}/v2/token?service=x&scope=repository:docker-local/a:pull,push`, {
    headers: { authorization: basic('developer', 'password') },
  })
  expect(res.status).toBe(200)
  token = ((await res.json()) as { token: string }).token
})
afterAll(async () => server?.stop())

describe('authentication', () => {
  it('challenges a client without credentials with a Bearer realm on this server', async () => {
    const res = await v2('', { auth: null })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toMatch(
      new RegExp(`^Bearer realm="http://127\\.0\\.0\\.1:\\d+/v2/token",service="127\\.0\\.0\\.1:\\d+"`),
    )
    expect(res.headers.get('docker-distribution-api-version')).toBe('registry/2.0')
    expect(await errorCode(res)).toBe('UNAUTHORIZED')
    const scoped = await v2('docker-local/x/tags/list', { auth: null })
    expect(scoped.headers.get('www-authenticate')).toContain('scope="repository:docker-local/x:pull"')
  })

  it('gives no token for wrong credentials, and takes basic credentials and tokens directly', async () => {
    const wrong = await fetch(`${server.url}/v2/token`, {
      headers: { authorization: basic('developer', 'nope') },
    })
    expect(wrong.status).toBe(401)
    expect(await errorCode(wrong)).toBe('UNAUTHORIZED')
    expect((await v2('', { auth: `Bearer not-a-token` })).status).toBe(401)
    expect((await v2('', {})).status).toBe(200)
    expect((await v2('', { auth: basic('developer', 'password') })).status).toBe(200)
  })

  it('reads anonymously only where anonymous access is on, and never writes so', async () => {
    const open = await startTestServer({ anonymousAccess: true })
    try {
      const tokenRes = await fetch(`${open.url}/v2/token`)
      expect(tokenRes.status).toBe(200)
      const anonymous = ((await tokenRes.json()) as { token: string }).token
      const read = await fetch(`${open.url}/v2/_catalog`, {
        headers: { authorization: `Bearer ${anonymous}` },
      })
      expect(read.status).toBe(200)
      const write = await fetch(`${open.url}/v2/docker-local/a/blobs/uploads/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${anonymous}` },
      })
      expect(write.status).toBe(401)
      expect(await errorCode(write)).toBe('UNAUTHORIZED')
    } finally {
      await open.stop()
    }
    // Here anonymous access is off: no token without credentials.
    expect((await fetch(`${server.url}/v2/token`)).status).toBe(401)
  })
})

describe('authorisation by the permission targets', () => {
  it('lets a user read what they may read and refuses a push without deploy with DENIED', async () => {
    const { name, cookie } = signInDirectlyAs(server, { outsider: true })
    const res = await fetch(`${server.url}/ui/api/v1/ui/npm/token`, {
      method: 'POST',
      headers: browserHeaders(server.url, cookie),
      body: '{}',
    })
    const reader = `Bearer ${((await res.json()) as { token: string }).token}`
    await pushImage('docker-local/guarded', imageWith('guarded'), 'v1')
    const before = await v2('docker-local/guarded/tags/list', { auth: reader })
    expect(before.status).toBe(403)
    expect(await errorCode(before)).toBe('DENIED')
    await grant(server, { repositories: ['docker-local'], users: { [name]: ['read'] } })
    expect(await (await v2('docker-local/guarded/tags/list', { auth: reader })).json()).toEqual({
      name: 'docker-local/guarded',
      tags: ['v1'],
    })
    const push = await v2('docker-local/guarded/blobs/uploads/', { method: 'POST', auth: reader })
    expect(push.status).toBe(403)
    expect(await errorCode(push)).toBe('DENIED')
    const remove = await v2('docker-local/guarded/manifests/v1', { method: 'DELETE', auth: reader })
    expect(await errorCode(remove)).toBe('DENIED')
    // _catalog names only what the caller may read.
    const names = ((await (await v2('_catalog', { auth: reader })).json()) as { repositories: string[] })
      .repositories
    expect(names.every((n) => n.startsWith('docker-local/'))).toBe(true)
  })
})

describe('blob uploads', () => {
  it('takes chunks in order, refuses one out of order with 416 and the range so far, checks the digest', async () => {
    const name = 'docker-local/chunks'
    const bytes = Buffer.from('0123456789abcdefghij')
    const start = await v2(`${name}/blobs/uploads/`, { method: 'POST' })
    expect(start.status).toBe(202)
    expect(start.headers.get('range')).toBe('0-0')
    const location = start.headers.get('location')!
    expect(location).toMatch(/^\/v2\/docker-local\/chunks\/blobs\/uploads\/[0-9a-f-]{36}$/)
    const at = (path: string) => path.slice('/v2/'.length)

    const first = await v2(at(location), {
      method: 'PATCH',
      headers: { 'content-range': '0-9', 'content-type': 'application/octet-stream' },
      body: bytes.subarray(0, 10),
    })
    expect(first.status).toBe(202)
    expect(first.headers.get('range')).toBe('0-9')

    const skipped = await v2(at(location), {
      method: 'PATCH',
      headers: { 'content-range': '15-19' },
      body: bytes.subarray(15),
    })
    expect(skipped.status).toBe(416)
    expect(skipped.headers.get('range')).toBe('0-9')
    expect(await errorCode(skipped)).toBe('BLOB_UPLOAD_INVALID')

    const status = await v2(at(location), {})
    expect(status.status).toBe(204)
    expect(status.headers.get('range')).toBe('0-9')

    const wrongDigest = digestOf('something else')
    const second = await v2(at(location), {
      method: 'PATCH',
      headers: { 'content-range': '10-19' },
      body: bytes.subarray(10),
    })
    expect(second.headers.get('range')).toBe('0-19')
    const mismatch = await v2(`${at(location)}?digest=${wrongDigest}`, { method: 'PUT' })
    expect(mismatch.status).toBe(400)
    expect(await errorCode(mismatch)).toBe('DIGEST_INVALID')
    expect((await v2(`${name}/blobs/${wrongDigest}`, { method: 'HEAD' })).status).toBe(404)
    // A failed finish ends the session.
    expect((await v2(at(location), {})).status).toBe(404)

    // Again, the last chunk sent with the closing PUT.
    const again = await v2(`${name}/blobs/uploads/`, { method: 'POST' })
    const loc2 = at(again.headers.get('location')!)
    await v2(loc2, { method: 'PATCH', headers: { 'content-range': '0-9' }, body: bytes.subarray(0, 10) })
    const done = await v2(`${loc2}?digest=${digestOf(bytes)}`, {
      method: 'PUT',
      headers: { 'content-range': '10-19' },
      body: bytes.subarray(10),
    })
    expect(done.status).toBe(201)
    expect(done.headers.get('docker-content-digest')).toBe(digestOf(bytes))
    expect(done.headers.get('location')).toBe(`/v2/${name}/blobs/${digestOf(bytes)}`)
    const got = await v2(`${name}/blobs/${digestOf(bytes)}`)
    expect(Buffer.from(await got.arrayBuffer()).toString()).toBe(bytes.toString())
  })

  it('cancels an upload with DELETE: the session and its bytes go; another image cannot reach it', async () => {
    const name = 'docker-local/cancelled'
    const start = await v2(`${name}/blobs/uploads/`, { method: 'POST' })
    const location = start.headers.get('location')!.slice('/v2/'.length)
    const id = location.split('/').at(-1)!
    const bytes = Buffer.from('half an upload')
    await v2(location, { method: 'PATCH', headers: { 'content-range': '0-13' }, body: bytes })
    const file = join(server.ctx.config.dataDir, 'uploads', id)
    expect(existsSync(file)).toBe(true)

    const elsewhere = await v2(`docker-local/other/blobs/uploads/${id}`, { method: 'DELETE' })
    expect(elsewhere.status).toBe(404)
    expect(await errorCode(elsewhere)).toBe('BLOB_UPLOAD_UNKNOWN')

    expect((await v2(location, { method: 'DELETE' })).status).toBe(204)
    expect(existsSync(file)).toBe(false)
    const status = await v2(location, {})
    expect(status.status).toBe(404)
    expect(await errorCode(status)).toBe('BLOB_UPLOAD_UNKNOWN')
    const finish = await v2(`${location}?digest=${digestOf(bytes)}`, { method: 'PUT' })
    expect(await errorCode(finish)).toBe('BLOB_UPLOAD_UNKNOWN')
    expect((await v2(`${name}/blobs/${digestOf(bytes)}`, { method: 'HEAD' })).status).toBe(404)
  })

  it('refuses a monolithic upload whose bytes are not its digest, and a digest it cannot check', async () => {
    const res = await v2(`docker-local/mono/blobs/uploads/?digest=${digestOf('x')}`, {
      method: 'POST',
      body: Buffer.from('y'),
    })
    expect(res.status).toBe(400)
    expect(await errorCode(res)).toBe('DIGEST_INVALID')
    const sha512 = await v2(`docker-local/mono/blobs/uploads/?digest=sha512:${'a'.repeat(128)}`, {
      method: 'POST',
      body: Buffer.from('y'),
    })
    expect(sha512.status).toBe(400)
    expect(await errorCode(sha512)).toBe('DIGEST_INVALID')
  })

  it('mounts a blob another image holds, and starts an upload when it cannot', async () => {
    const bytes = Buffer.from('shared layer bytes')
    const digest = await pushBlob('docker-local/source', bytes)
    const mounted = await v2(`docker-local/target/blobs/uploads/?mount=${digest}&from=docker-local/source`, {
      method: 'POST',
    })
    expect(mounted.status).toBe(201)
    expect(mounted.headers.get('docker-content-digest')).toBe(digest)
    expect((await v2(`docker-local/target/blobs/${digest}`, { method: 'HEAD' })).status).toBe(200)
    const unknown = await v2(
      `docker-local/target/blobs/uploads/?mount=${digestOf('nowhere')}&from=docker-local/source`,
      {
        method: 'POST',
      },
    )
    expect(unknown.status).toBe(202)
    expect(unknown.headers.get('location')).toMatch(/\/blobs\/uploads\//)
  })
})

describe('blobs', () => {
  it('answers Range requests with 206 and Content-Range, and 416 outside the blob', async () => {
    const bytes = Buffer.from('abcdefghijklmnopqrstuvwxyz')
    const digest = await pushBlob('docker-local/ranges', bytes)
    const head = await v2(`docker-local/ranges/blobs/${digest}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('26')
    expect(head.headers.get('docker-content-digest')).toBe(digest)
    const part = await v2(`docker-local/ranges/blobs/${digest}`, { headers: { range: 'bytes=2-5' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 2-5/26')
    expect(await part.text()).toBe('cdef')
    const tail = await v2(`docker-local/ranges/blobs/${digest}`, { headers: { range: 'bytes=-3' } })
    expect(await tail.text()).toBe('xyz')
    const outside = await v2(`docker-local/ranges/blobs/${digest}`, { headers: { range: 'bytes=30-40' } })
    expect(outside.status).toBe(416)
    expect(outside.headers.get('content-range')).toBe('bytes */26')
    // The blob belongs to its image: another image's name does not reach it.
    const elsewhere = await v2(`docker-local/other/blobs/${digest}`)
    expect(elsewhere.status).toBe(404)
    expect(await errorCode(elsewhere)).toBe('BLOB_UNKNOWN')
  })

  it('deletes a blob with 202, then it is unknown', async () => {
    const digest = await pushBlob('docker-local/gone', Buffer.from('to be deleted'))
    expect((await v2(`docker-local/gone/blobs/${digest}`, { method: 'DELETE' })).status).toBe(202)
    const after = await v2(`docker-local/gone/blobs/${digest}`)
    expect(after.status).toBe(404)
    expect(await errorCode(after)).toBe('BLOB_UNKNOWN')
  })
})

describe('manifests', () => {
  it('refuses a manifest naming a blob the image does not hold, and one under the wrong digest', async () => {
    const image = imageWith('missing')
    await pushBlob('docker-local/partial', image.config.bytes)
    const missing = await v2('docker-local/partial/manifests/1.0', {
      method: 'PUT',
      headers: { 'content-type': MEDIA.ociManifest },
      body: image.manifest.bytes,
    })
    expect(missing.status).toBe(400)
    const body = (await missing.json()) as { errors: Array<{ code: string; detail: { digests: string[] } }> }
    expect(body.errors[0]!.code).toBe('MANIFEST_BLOB_UNKNOWN')
    expect(body.errors[0]!.detail.digests).toEqual([image.layers[0]!.digest])

    const wrong = await v2(`docker-local/partial/manifests/${digestOf('other')}`, {
      method: 'PUT',
      headers: { 'content-type': MEDIA.ociManifest },
      body: image.manifest.bytes,
    })
    expect(wrong.status).toBe(400)
    expect(await errorCode(wrong)).toBe('DIGEST_INVALID')

    const notJson = await v2('docker-local/partial/manifests/1.0', {
      method: 'PUT',
      headers: { 'content-type': MEDIA.ociManifest },
      body: '{not json',
    })
    expect(await errorCode(notJson)).toBe('MANIFEST_INVALID')
  })

  it('serves a manifest by tag and digest with its media type; an index over two images', async () => {
    const amd = imageWith('amd64')
    const arm = buildImage({
      layers: [{ command: 'ADD arm', files: [{ path: 'b.txt', content: 'arm' }] }],
      architecture: 'arm64',
      variant: 'v8',
    })
    const name = 'docker-local/multi'
    expect((await pushImage(name, amd, amd.manifest.digest)).status).toBe(201)
    expect((await pushImage(name, arm, arm.manifest.digest)).status).toBe(201)
    const index = Buffer.from(
      JSON.stringify({
        schemaVersion: 2,
        mediaType: MEDIA.dockerList,
        manifests: [
          {
            mediaType: MEDIA.ociManifest,
            digest: amd.manifest.digest,
            size: amd.manifest.bytes.length,
            platform: { architecture: 'amd64', os: 'linux' },
          },
          {
            mediaType: MEDIA.ociManifest,
            digest: arm.manifest.digest,
            size: arm.manifest.bytes.length,
            platform: { architecture: 'arm64', os: 'linux' },
          },
        ],
      }),
    )
    const put = await v2(`${name}/manifests/2.0`, {
      method: 'PUT',
      headers: { 'content-type': MEDIA.dockerList },
      body: index,
    })
    expect(put.status).toBe(201)
    expect(put.headers.get('docker-content-digest')).toBe(digestOf(index))
    const byTag = await v2(`${name}/manifests/2.0`)
    expect(byTag.headers.get('content-type')).toBe(MEDIA.dockerList)
    expect(Buffer.from(await byTag.arrayBuffer())).toEqual(index)
    const byDigest = await v2(`${name}/manifests/${amd.manifest.digest}`, { method: 'HEAD' })
    expect(byDigest.status).toBe(200)
    expect(byDigest.headers.get('content-type')).toBe(MEDIA.ociManifest)
    expect(byDigest.headers.get('content-length')).toBe(String(amd.manifest.bytes.length))
    // The catalogue shows the index's tag with the amd64 image's layers.
    const layers = await server.ctx.sql.all(
      "SELECT digest FROM catalog_docker_layers WHERE version_id = 'docker://multi@2.0'",
    )
    expect(layers).toEqual([{ digest: amd.layers[0]!.digest }])
    // And every image's platform, from each image's own config (the index says no variant).
    const view = await fetch(
      `${server.url}/ui/api/v1/ui/views/dockerv2?repoKey=docker-local&path=${encodeURIComponent('multi/2.0/manifest.json')}`,
      { headers: browserHeaders(server.url, signInDirectlyAs(server).cookie) },
    )
    expect(await view.json()).toMatchObject({ platforms: ['linux/amd64', 'linux/arm64/v8'] })

    const unknownChild = Buffer.from(
      JSON.stringify({
        schemaVersion: 2,
        mediaType: MEDIA.ociIndex,
        manifests: [{ mediaType: MEDIA.ociManifest, digest: digestOf('none'), size: 2 }],
      }),
    )
    const refused = await v2(`${name}/manifests/broken`, {
      method: 'PUT',
      headers: { 'content-type': MEDIA.ociIndex },
      body: unknownChild,
    })
    expect(await errorCode(refused)).toBe('MANIFEST_BLOB_UNKNOWN')
  })

  it('deletes a tag, then a manifest by digest with every tag on it; the catalogue follows', async () => {
    // The image's scan reads its layers in the background: deleted meanwhile, it keeps nothing
    // (it failed on the version's foreign key, logged as a failed scan).
    const logged = vi.spyOn(console, 'error')
    const image = imageWith('deleted')
    const name = 'docker-local/deletes'
    await pushImage(name, image, 'a')
    await v2(`${name}/manifests/b`, {
      method: 'PUT',
      headers: { 'content-type': MEDIA.ociManifest },
      body: image.manifest.bytes,
    })
    const versions = () =>
      server.ctx.sql.all(
        "SELECT name FROM catalog_versions WHERE package_id = 'docker://deletes' ORDER BY name",
      )
    expect(await versions()).toEqual([{ name: 'a' }, { name: 'b' }])
    expect((await v2(`${name}/manifests/a`, { method: 'DELETE' })).status).toBe(202)
    expect(await versions()).toEqual([{ name: 'b' }])
    expect(await errorCode(await v2(`${name}/manifests/a`))).toBe('MANIFEST_UNKNOWN')
    expect((await v2(`${name}/manifests/${image.manifest.digest}`, { method: 'DELETE' })).status).toBe(202)
    expect(await errorCode(await v2(`${name}/manifests/b`))).toBe('MANIFEST_UNKNOWN')
    expect(await versions()).toEqual([])
    expect(
      await errorCode(await v2(`${name}/manifests/${image.manifest.digest}`, { method: 'DELETE' })),
    ).toBe('MANIFEST_UNKNOWN')
    await xrayFor(server.ctx).imagesScanned()
    expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([])
    logged.mockRestore()
  })

  // Only PostgreSQL lets another connection's deletion commit under a write of the scan's.
  it.runIf(testDatabaseEngine() === 'postgres')(
    'an image deleted while its layers are read again is no failed scan',
    async () => {
      const logged = vi.spyOn(console, 'error')
      const image = imageWith('vanishing')
      await pushImage('docker-local/vanishing', image, 'v1')
      const xray = xrayFor(server.ctx)
      await xray.imagesScanned()
      const [version] = await server.ctx.sql.all<{ id: string }>(
        "SELECT id FROM catalog_versions WHERE package_id = 'docker://vanishing'",
      )
      // Its layers read again when a layer of its is next stored.
      await server.ctx.sql.run('DELETE FROM xray_image_inventories WHERE version_id = ?', [version!.id])
      const other = await openPostgres(server.config.databaseUrl!, { poolSize: 2 })
      try {
        let deleted!: () => void
        let commit!: () => void
        const deleting = new Promise<void>((done) => (deleted = done))
        const held = new Promise<void>((done) => (commit = done))
        const deletion = other.transaction(async (tx) => {
          await tx.run('DELETE FROM catalog_versions WHERE id = ?', [version!.id])
          deleted()
          await held
        })
        await deleting
        const scan = xray.layerStored(image.layers[0]!.digest)
        expect(await waitsForLock(other, scan, 'the scan')).toBe('waiting')
        commit()
        await deletion
        await scan
      } finally {
        await other.close()
      }
      expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([])
      logged.mockRestore()
    },
  )
})

describe('lists', () => {
  it('pages tags with n and last, with a Link to the next page', async () => {
    const name = 'docker-local/paged'
    const image = imageWith('paged')
    await pushImage(name, image, 'v1')
    for (const tag of ['v2', 'v3', 'v4', 'v5'])
      await v2(`${name}/manifests/${tag}`, {
        method: 'PUT',
        headers: { 'content-type': MEDIA.ociManifest },
        body: image.manifest.bytes,
      })
    const first = await v2(`${name}/tags/list?n=2`)
    expect(await first.json()).toEqual({ name, tags: ['v1', 'v2'] })
    expect(first.headers.get('link')).toBe(`</v2/${name}/tags/list?n=2&last=v2>; rel="next"`)
    const next = await v2(`${name}/tags/list?n=2&last=v2`)
    expect(await next.json()).toEqual({ name, tags: ['v3', 'v4'] })
    const last = await v2(`${name}/tags/list?n=2&last=v4`)
    expect(await last.json()).toEqual({ name, tags: ['v5'] })
    expect(last.headers.get('link')).toBeNull()
    expect((await (await v2(`${name}/tags/list`)).json()) as unknown).toEqual({
      name,
      tags: ['v1', 'v2', 'v3', 'v4', 'v5'],
    })
    const none = await v2('docker-local/never-pushed/tags/list')
    expect(none.status).toBe(404)
    expect(await errorCode(none)).toBe('NAME_UNKNOWN')
    // Through the docker virtual repository too.
    expect(((await (await v2(`docker/paged/tags/list?n=1`)).json()) as { tags: string[] }).tags).toEqual([
      'v1',
    ])
  })

  it('lists repositories in _catalog with pagination, and refuses names that are not names', async () => {
    const all = (await (await v2('_catalog')).json()) as { repositories: string[] }
    expect(all.repositories).toContain('docker-local/paged')
    expect(all.repositories).toEqual([...all.repositories].sort())
    const page = await v2('_catalog?n=1')
    expect(((await page.json()) as { repositories: string[] }).repositories).toHaveLength(1)
    expect(page.headers.get('link')).toMatch(/^<\/v2\/_catalog\?n=1&last=.+>; rel="next"$/)
    expect(await errorCode(await v2('docker-local/Upper/tags/list'))).toBe('NAME_INVALID')
    expect(await errorCode(await v2('npm-local/x/tags/list'))).toBe('NAME_UNKNOWN')
  })

  it('answers referrers of a manifest, filtered by artifact type', async () => {
    const name = 'docker-local/referred'
    const image = imageWith('subject')
    await pushImage(name, image, 'app')
    const emptyConfig = Buffer.from('{}')
    const configDigest = await pushBlob(name, emptyConfig)
    const signature = Buffer.from(
      JSON.stringify({
        schemaVersion: 2,
        mediaType: MEDIA.ociManifest,
        artifactType: 'application/vnd.example.signature',
        config: { mediaType: 'application/vnd.oci.empty.v1+json', digest: configDigest, size: 2 },
        layers: [],
        subject: {
          mediaType: MEDIA.ociManifest,
          digest: image.manifest.digest,
          size: image.manifest.bytes.length,
        },
      }),
    )
    const put = await v2(`${name}/manifests/${digestOf(signature)}`, {
      method: 'PUT',
      headers: { 'content-type': MEDIA.ociManifest },
      body: signature,
    })
    expect(put.status).toBe(201)
    expect(put.headers.get('oci-subject')).toBe(image.manifest.digest)
    const res = await v2(`${name}/referrers/${image.manifest.digest}`)
    expect(res.headers.get('content-type')).toContain(MEDIA.ociIndex)
    expect(await res.json()).toEqual({
      schemaVersion: 2,
      mediaType: MEDIA.ociIndex,
      manifests: [
        {
          mediaType: MEDIA.ociManifest,
          digest: digestOf(signature),
          size: signature.length,
          artifactType: 'application/vnd.example.signature',
        },
      ],
    })
    const filtered = await v2(`${name}/referrers/${image.manifest.digest}?artifactType=application/other`)
    expect(filtered.headers.get('oci-filters-applied')).toBe('artifactType')
    expect(((await filtered.json()) as { manifests: unknown[] }).manifests).toEqual([])
  })
})
