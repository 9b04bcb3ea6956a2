/**
 * docker-remote's cache in the Artifacts tree, and an admin deleting from it: skopeo copies an
 * image out of docker-remote (its upstream a second platform on loopback), the tag shows in the
 * tree with its manifest, config and layers; an admin deletes the tag's manifest.json (others
 * are refused) and the manifest, tag and layers leave the cache and the blob store; skopeo copies
 * it again, fetched from the upstream anew, digest for digest; an image's folder goes whole.
 * The registry API's DELETE does the same for an admin (skopeo delete by digest, a tag by name),
 * and refuses anyone else. A permission target's patterns hold in docker-remote too: a user kept
 * out of `secret/**` neither fills the cache with it nor pulls it once an admin has.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { ociPusher } from '../support/ociPush'
import { layoutDigest, skopeoCli } from '../support/skopeo'
import { buildImage } from '../../server/containers/imageBuilder'
import { blobFileName, containerStore } from '../../server/containers/store'
import { blobStore } from '../../server/repositories/blobs'
import { blobDirOf } from '../../server/config'
import { signInDirectly, signInDirectlyAs } from './helpers/catalogSession'
import { grant, usersOutsideGroups } from './helpers/permissions'
import { createUser, TEST_PASSWORD } from './helpers/registryClients'

let upstream: TestServer
let server: TestServer
let work: string
let skopeo: ReturnType<typeof skopeoCli>
let admin: string
const CREDS = 'developer:password'
const image = buildImage({
  layers: [
    { command: 'ADD a /', files: [{ path: 'a', content: 'evicted and fetched again\n' }] },
    { command: 'ADD b /', files: [{ path: 'b', content: 'second layer\n' }] },
  ],
})

beforeAll(async () => {
  upstream = await startTestServer({ anonymousAccess: true })
  const pusher = await ociPusher(upstream.url, 'developer', upstream.config.userPassword)
  await pusher.push('docker-local/cached/app', image, ['1.0.0'])
  for (const name of ['secret/app', 'public/app']) await pusher.push(`docker-local/${name}`, image, ['1.0.0'])
  server = await startTestServer({}, { DOCKER_REMOTE_URL: `${upstream.url}/docker-local` })
  work = mkdtempSync(join(tmpdir(), 'docker-evict-'))
  skopeo = skopeoCli(work)
  admin = signInDirectly(server, { admin: true })
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await upstream?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

let copies = 0
/** skopeo copies docker-remote/cached/app:1.0.0 to a new layout; answers its manifest digest. */
async function pull() {
  const out = join(work, `copy-${++copies}`)
  const copied = await skopeo([
    'copy',
    '--src-tls-verify=false',
    '--src-creds',
    CREDS,
    `docker://${new URL(server.url).host}/docker-remote/cached/app:1.0.0`,
    `oci:${out}:pulled`,
  ])
  expect(copied, copied.stderr).not.toHaveProperty('failed')
  return layoutDigest(out, 'pulled')
}
const remove = (path: string, cookie: string) =>
  fetch(`${server.url}/artifactory/docker-remote/${path}`, {
    method: 'DELETE',
    headers: browserHeaders(server.url, cookie),
  })
const tree = async (path: string) =>
  (
    (await (
      await fetch(
        `${server.url}/ui/api/v1/ui/treebrowser?repoKey=docker-remote&path=${encodeURIComponent(path)}`,
        { headers: { cookie: admin } },
      )
    ).json()) as { children: Array<{ name: string }> }
  ).children.map((c) => c.name)
const parts = [image.config, ...image.layers]
const held = () => {
  const blobs = blobStore(server.ctx.sql, blobDirOf(server.config))
  return [image.manifest, ...parts].map((b) => blobs.has(b.digest.slice('sha256:'.length)))
}

describe("docker-remote's cache", () => {
  it('shows a pulled tag in the tree with its manifest, config and layers', async () => {
    expect(await pull()).toBe(image.manifest.digest)
    expect(await tree('cached/app')).toEqual(['1.0.0'])
    expect((await tree('cached/app/1.0.0')).sort()).toEqual(
      ['manifest.json', ...parts.map((b) => blobFileName(b.digest))].sort(),
    )
  })

  it("lets only an admin delete a tag's manifest; the next pull fetches it from the upstream again", async () => {
    const deleter = signInDirectlyAs(server)
    await grant(server, { repositories: ['docker-remote'], users: { [deleter.name]: ['read', 'delete'] } })
    expect((await remove('cached/app/1.0.0/manifest.json', deleter.cookie)).status).toBe(403)
    // A layer goes only with the tag that names it.
    expect((await remove(`cached/app/1.0.0/${blobFileName(image.layers[0]!.digest)}`, admin)).status).toBe(
      409,
    )

    expect((await remove('cached/app/1.0.0/manifest.json', admin)).status).toBe(204)
    const store = containerStore(server.ctx.sql)
    expect(await store.imageExists('docker-remote', 'cached/app')).toBe(false)
    expect(await store.blobSize('docker-remote', 'cached/app', image.layers[0]!.digest)).toBeUndefined()
    expect(held()).toEqual([false, false, false, false])
    expect(await tree('')).not.toContain('cached')
    expect((await remove('cached/app/1.0.0/manifest.json', admin)).status).toBe(404)

    expect(await pull()).toBe(image.manifest.digest)
    expect(held()).toEqual([true, true, true, true])
    expect(await tree('cached/app')).toEqual(['1.0.0'])
  })

  it("deletes an image's folder whole", async () => {
    expect((await remove('cached', admin)).status).toBe(204)
    expect(await containerStore(server.ctx.sql).imageExists('docker-remote', 'cached/app')).toBe(false)
    expect(held()).toEqual([false, false, false, false])
    expect(await tree('')).not.toContain('cached')
  })
})

describe("docker-remote's cache through the registry API's DELETE", () => {
  const host = () => new URL(server.url).host
  const skopeoDelete = (creds: string) =>
    skopeo([
      'delete',
      '--tls-verify=false',
      '--creds',
      creds,
      `docker://${host()}/docker-remote/cached/app:1.0.0`,
    ])
  const basic = (creds: string) => `Basic ${Buffer.from(creds).toString('base64')}`
  const adminCreds = () => `admin:${server.config.adminPassword}`

  it('refuses a user who may delete but is no admin, and keeps the cache', async () => {
    expect(await pull()).toBe(image.manifest.digest)
    await createUser(server, 'cachedeleter')
    await grant(server, { repositories: ['docker-remote'], users: { cachedeleter: ['read', 'delete'] } })
    const refused = await skopeoDelete(`cachedeleter:${TEST_PASSWORD}`)
    expect(refused.failed, refused.stderr).toBe(true)
    expect(refused.stderr).toMatch(/denied|administrator/i)
    expect(held()).toEqual([true, true, true, true])
    const byTag = await fetch(`${server.url}/v2/docker-remote/cached/app/manifests/1.0.0`, {
      method: 'DELETE',
      headers: { authorization: basic(`cachedeleter:${TEST_PASSWORD}`) },
    })
    expect(byTag.status).toBe(403)
    expect(await tree('cached/app')).toEqual(['1.0.0'])
  }, 60_000)

  it('lets an admin delete by digest (skopeo delete); the next pull fetches it again', async () => {
    const deleted = await skopeoDelete(adminCreds())
    expect(deleted, deleted.stderr).not.toHaveProperty('failed')
    expect(await containerStore(server.ctx.sql).imageExists('docker-remote', 'cached/app')).toBe(false)
    expect(held()).toEqual([false, false, false, false])
    expect(await tree('')).not.toContain('cached')
    expect(await pull()).toBe(image.manifest.digest)
    expect(held()).toEqual([true, true, true, true])
  }, 60_000)

  it('lets an admin delete a tag by name; a blob alone is not deleted from a cache', async () => {
    const headers = { authorization: basic(adminCreds()) }
    const layer = await fetch(`${server.url}/v2/docker-remote/cached/app/blobs/${image.layers[0]!.digest}`, {
      method: 'DELETE',
      headers,
    })
    expect(layer.status).toBe(405)
    const byTag = await fetch(`${server.url}/v2/docker-remote/cached/app/manifests/1.0.0`, {
      method: 'DELETE',
      headers,
    })
    expect(byTag.status).toBe(202)
    expect(held()).toEqual([false, false, false, false])
    const again = await fetch(`${server.url}/v2/docker-remote/cached/app/manifests/1.0.0`, {
      method: 'DELETE',
      headers,
    })
    expect(again.status).toBe(404)
    expect(((await again.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe(
      'MANIFEST_UNKNOWN',
    )
  })
})

describe("docker-remote and a target's patterns", () => {
  const copyAs = async (creds: string, name: string) =>
    skopeo([
      'copy',
      '--src-tls-verify=false',
      '--src-creds',
      creds,
      `docker://${new URL(server.url).host}/docker-remote/${name}:1.0.0`,
      `oci:${join(work, `patterned-${++copies}`)}:pulled`,
    ])
  const patterned = `patterned:${TEST_PASSWORD}`

  beforeAll(async () => {
    // Out of every group (the readers read and cache everywhere): only the target below speaks for it.
    await usersOutsideGroups(server, 'patterned')
    await grant(server, {
      repositories: ['docker-remote'],
      excludePatterns: ['secret/**'],
      users: { patterned: ['read', 'deploy'] },
    })
  })

  it('fills the cache with what the patterns let in, not with an excluded image', async () => {
    const pulled = await copyAs(patterned, 'public/app')
    expect(pulled, pulled.stderr).not.toHaveProperty('failed')
    const refused = await copyAs(patterned, 'secret/app')
    expect(refused.failed, refused.stderr).toBe(true)
    expect(refused.stderr).toMatch(/denied|unauthorized|not found|unknown/i)
    const store = containerStore(server.ctx.sql)
    expect(await store.imageExists('docker-remote', 'public/app')).toBe(true)
    expect(await store.imageExists('docker-remote', 'secret/app')).toBe(false)
  }, 60_000)

  it('does not serve an excluded image that another user cached', async () => {
    const cached = await copyAs(`admin:${server.config.adminPassword}`, 'secret/app')
    expect(cached, cached.stderr).not.toHaveProperty('failed')
    expect(await containerStore(server.ctx.sql).imageExists('docker-remote', 'secret/app')).toBe(true)
    const refused = await copyAs(patterned, 'secret/app')
    expect(refused.failed, refused.stderr).toBe(true)
    const tags = await fetch(`${server.url}/v2/docker-remote/secret/app/tags/list`, {
      headers: { authorization: `Basic ${Buffer.from(patterned).toString('base64')}` },
    })
    expect(tags.status).toBeGreaterThanOrEqual(400)
    const catalogue = await fetch(`${server.url}/v2/_catalog`, {
      headers: { authorization: `Basic ${Buffer.from(patterned).toString('base64')}` },
    })
    const names = ((await catalogue.json()) as { repositories: string[] }).repositories
    expect(names).toContain('docker-remote/public/app')
    expect(names.filter((n) => n.includes('secret/'))).toEqual([])
  }, 60_000)
})
