/**
 * docker-remote fetching through from an upstream registry: a second platform on loopback,
 * anonymous reads on (so its Bearer challenge and token endpoint are what the remote meets),
 * holds an image pushed to its docker-local; DOCKER_REMOTE_URL names that repository. skopeo
 * copies the image out of docker-remote and through the docker virtual, digest for digest;
 * once the upstream is gone, what was fetched is still served from the cache, tags included. A
 * reader without deploy on the remote may not fill its cache: skopeo copies what is cached and is
 * refused the rest, and the tags it lists are the cache's. A remote with no upstream named stays
 * offline and asks nobody.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { ociPusher } from '../support/ociPush'
import { layoutDigest, skopeoCli } from '../support/skopeo'
import { buildImage } from '../../server/containers/imageBuilder'
import { bearerChallenge, upstreamName } from '../../server/containers/remoteRegistry'
import { remoteStore } from '../../server/remote/store'
import { containerStore } from '../../server/containers/store'
import { TEST_PASSWORD } from './helpers/registryClients'
import { grant, usersOutsideGroups } from './helpers/permissions'

let upstream: TestServer
let server: TestServer
let work: string
let skopeo: ReturnType<typeof skopeoCli>
let token: string
let pusher: Awaited<ReturnType<typeof ociPusher>>
const CREDS = 'developer:password'
const image = buildImage({
  layers: [
    { command: 'ADD a /', files: [{ path: 'a', content: 'from the upstream\n' }] },
    { command: 'ADD b /', files: [{ path: 'b', content: 'second layer\n' }] },
  ],
})

beforeAll(async () => {
  upstream = await startTestServer({ anonymousAccess: true })
  pusher = await ociPusher(upstream.url, 'developer', upstream.config.userPassword)
  await pusher.push('docker-local/proxied/app', image, ['1.0.0'])
  await pusher.push('docker-local/proxied/fresh', image, ['1.0.0'])
  server = await startTestServer({}, { DOCKER_REMOTE_URL: `${upstream.url}/docker-local` })
  work = mkdtempSync(join(tmpdir(), 'docker-remote-'))
  skopeo = skopeoCli(work)
  const res = await fetch(`${server.url}/v2/token`, {
    headers: { authorization: `Basic ${Buffer.from(CREDS).toString('base64')}` },
  })
  token = ((await res.json()) as { token: string }).token
})
afterAll(async () => {
  await server?.stop()
  await upstream?.stop().catch(() => undefined)
  if (work) rmSync(work, { recursive: true, force: true })
})

const tokenOf = async (user: string, password: string) => {
  const res = await fetch(`${server.url}/v2/token`, {
    headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
  })
  return ((await res.json()) as { token: string }).token
}
const v2 = (path: string, as = token) =>
  fetch(`${server.url}/v2/${path}`, { headers: { authorization: `Bearer ${as}` } })
/** A user with a password who may read `repositories` and nothing else (no group's grants). */
const readerOf = async (name: string, repositories: string[]) => {
  await usersOutsideGroups(server, name)
  await grant(server, { repositories, users: { [name]: ['read'] } })
  return tokenOf(name, TEST_PASSWORD)
}
const errorOf = async (res: Response) =>
  ((await res.json()) as { errors: Array<{ code: string; message: string }> }).errors[0]!

describe('the upstream address rules', () => {
  it("prefixes the address's path, and Docker Hub's one-segment names with library/", () => {
    expect(upstreamName('http://127.0.0.1:9/docker-local', 'a/b')).toEqual({
      base: 'http://127.0.0.1:9',
      name: 'docker-local/a/b',
    })
    expect(upstreamName('https://registry-1.docker.io', 'nginx').name).toBe('library/nginx')
    expect(upstreamName('https://registry-1.docker.io', 'grafana/grafana').name).toBe('grafana/grafana')
    expect(upstreamName('https://ghcr.io/', 'org/tool').name).toBe('org/tool')
  })

  it("reads a Bearer challenge's realm, service and scope", () => {
    expect(
      bearerChallenge('Bearer realm="https://auth.example/token",service="reg",scope="repository:a:pull"'),
    ).toEqual({ realm: 'https://auth.example/token', service: 'reg', scope: 'repository:a:pull' })
    expect(bearerChallenge('Basic realm="x"')).toBeUndefined()
    expect(bearerChallenge(undefined)).toBeUndefined()
  })
})

describe('docker-remote', () => {
  it('fetches through: skopeo copies the image out of docker-remote and the docker virtual', async () => {
    const host = new URL(server.url).host
    for (const [repo, tag] of [
      ['docker-remote', 'remote'],
      ['docker', 'virtual'],
    ] as const) {
      const out = join(work, repo)
      const pulled = await skopeo([
        'copy',
        '--src-tls-verify=false',
        '--src-creds',
        CREDS,
        `docker://${host}/${repo}/proxied/app:1.0.0`,
        `oci:${out}:${tag}`,
      ])
      expect(pulled, pulled.stderr).not.toHaveProperty('failed')
      expect(layoutDigest(out, tag)).toBe(image.manifest.digest)
      for (const b of [image.config, ...image.layers])
        expect(readFileSync(join(out, 'blobs', 'sha256', b.digest.slice(7)))).toEqual(b.bytes)
    }
    const tags = await v2('docker-remote/proxied/app/tags/list')
    expect(await tags.json()).toEqual({ name: 'docker-remote/proxied/app', tags: ['1.0.0'] })
    const missing = await v2('docker-remote/proxied/app/manifests/no-such-tag')
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe(
      'MANIFEST_UNKNOWN',
    )
    expect((await remoteStore(server.ctx.sql).state('docker-remote')).lastSuccessAt).not.toBeNull()
  })

  it('serves a reader who may not fill the cache what is cached, and refuses the rest', async () => {
    // The readers' group may fill remotes' caches (as Artifactory's readers may): this reader is in no group.
    const asReader = await readerOf('cache-reader', ['docker-remote', 'docker'])
    const host = new URL(server.url).host
    const out = join(work, 'reader')
    const copy = (name: string) =>
      skopeo([
        'copy',
        '--src-tls-verify=false',
        '--src-creds',
        `cache-reader:${TEST_PASSWORD}`,
        `docker://${host}/${name}`,
        `oci:${out}:${name.replace(/[/:]/g, '-')}`,
      ])
    const cached = await copy('docker-remote/proxied/app:1.0.0')
    expect(cached, cached.stderr).not.toHaveProperty('failed')
    expect(layoutDigest(out, 'docker-remote-proxied-app-1.0.0')).toBe(image.manifest.digest)

    const uncached = await copy('docker-remote/proxied/fresh:1.0.0')
    expect(uncached.failed).toBe(true)
    expect(uncached.stderr).toMatch(/may not cache/)
    for (const repo of ['docker-remote', 'docker']) {
      const refused = await v2(`${repo}/proxied/fresh/manifests/1.0.0`, asReader)
      expect(refused.status).toBe(403)
      expect(await errorOf(refused)).toMatchObject({
        code: 'DENIED',
        message: expect.stringMatching(/docker-remote/),
      })
      const blob = await v2(`${repo}/proxied/fresh/blobs/${image.layers[0]!.digest}`, asReader)
      expect(blob.status).toBe(403)
    }
    expect(await containerStore(server.ctx.sql).imageExists('docker-remote', 'proxied/fresh')).toBe(false)

    // A tag the upstream has since: the reader lists the cache's tags, a deployer the upstream's.
    await pusher.push('docker-local/proxied/app', image, ['1.1.0'])
    const readerTags = await v2('docker-remote/proxied/app/tags/list', asReader)
    expect(await readerTags.json()).toEqual({ name: 'docker-remote/proxied/app', tags: ['1.0.0'] })
    const deployerTags = await v2('docker-remote/proxied/app/tags/list')
    expect(await deployerTags.json()).toEqual({ name: 'docker-remote/proxied/app', tags: ['1.0.0', '1.1.0'] })
    const none = await v2('docker-remote/proxied/fresh/tags/list', asReader)
    expect(none.status).toBe(404)
    expect((await errorOf(none)).code).toBe('NAME_UNKNOWN')
  })

  it("lists the cache's images in _catalog to those who may read the remote only", async () => {
    const asReader = await readerOf('catalog-reader', ['docker-remote'])
    const reader = (await (await v2('_catalog', asReader)).json()) as {
      repositories: string[]
    }
    expect(reader.repositories).toContain('docker-remote/proxied/app')
    expect(reader.repositories).not.toContain('docker-remote/proxied/fresh')

    // Read on docker-local only: the remote's cache is neither listed nor readable.
    const asLocal = await readerOf('local-only', ['docker-local'])
    const listed = (await (await v2('_catalog', asLocal)).json()) as { repositories: string[] }
    expect(listed.repositories.some((r) => r.startsWith('docker-remote/'))).toBe(false)
    const tags = await v2('docker-remote/proxied/app/tags/list', asLocal)
    expect(tags.status).toBe(403)
  })

  it('fills and serves only the tags a pattern names, directly and through the docker virtual', async () => {
    const other = buildImage({
      layers: [{ command: 'ADD c /', files: [{ path: 'c', content: 'hidden\n' }] }],
    })
    await pusher.push('docker-local/proxied/tagged', image, ['1.0.0'])
    await pusher.push('docker-local/proxied/tagged', other, ['2.0.0'])
    await usersOutsideGroups(server, 'tag-reader')
    await grant(server, {
      repositories: ['docker-remote', 'docker'],
      includePatterns: ['proxied/tagged/1.0.0/**'],
      users: { 'tag-reader': ['read', 'deploy'] },
    })
    const host = new URL(server.url).host
    const copy = (repo: string, tag: string) =>
      skopeo([
        'copy',
        '--src-tls-verify=false',
        '--src-creds',
        `tag-reader:${TEST_PASSWORD}`,
        `docker://${host}/${repo}/proxied/tagged:${tag}`,
        `oci:${join(work, `tagged-${repo}-${tag}`)}:x`,
      ])
    const asTagReader = await tokenOf('tag-reader', TEST_PASSWORD)
    // The virtual first: its remote member fills its cache for the tag the pattern names only.
    for (const repo of ['docker', 'docker-remote']) {
      const named = await copy(repo, '1.0.0')
      expect(named, `${repo}: ${named.stderr}`).not.toHaveProperty('failed')
      expect((await copy(repo, '2.0.0')).failed, repo).toBe(true)
      // The upstream holds 2.0.0's manifest and layer: asked by digest, it is not fetched for this reader.
      for (const what of [`manifests/${other.manifest.digest}`, `blobs/${other.layers[0]!.digest}`])
        expect((await v2(`${repo}/proxied/tagged/${what}`, asTagReader)).status, `${repo} ${what}`).toBe(404)
      expect(await (await v2(`${repo}/proxied/tagged/tags/list`, asTagReader)).json(), repo).toEqual({
        name: `${repo}/proxied/tagged`,
        tags: ['1.0.0'],
      })
    }
    expect(
      await containerStore(server.ctx.sql).manifest('docker-remote', 'proxied/tagged', other.manifest.digest),
    ).toBeUndefined()
  })

  it('serves what it fetched from its cache once the upstream is gone', async () => {
    await upstream.stop()
    const byTag = await v2('docker-remote/proxied/app/manifests/1.0.0')
    expect(byTag.status).toBe(200)
    expect(Buffer.from(await byTag.arrayBuffer())).toEqual(image.manifest.bytes)
    const layer = await v2(`docker-remote/proxied/app/blobs/${image.layers[1]!.digest}`)
    expect(Buffer.from(await layer.arrayBuffer())).toEqual(image.layers[1]!.bytes)
    // The tags it holds, although the upstream cannot say which it has.
    const tags = await v2('docker-remote/proxied/app/tags/list')
    expect(tags.status).toBe(200)
    expect(await tags.json()).toEqual({ name: 'docker-remote/proxied/app', tags: ['1.0.0'] })
    // The failed ask is recorded on the remote; a tag it never fetched is not there.
    expect((await remoteStore(server.ctx.sql).state('docker-remote')).lastFailure).toMatch(/docker-remote/)
    const never = await v2('docker-remote/proxied/other/manifests/1.0.0')
    expect(never.status).toBeGreaterThanOrEqual(400)
  })

  it('stays offline without DOCKER_REMOTE_URL, asking no upstream', async () => {
    const plain = await startTestServer({}, { DOCKER_REMOTE_URL: undefined })
    try {
      const store = remoteStore(plain.ctx.sql)
      expect((await store.settings('docker-remote')).offline).toBe(true)
      const res = await fetch(`${plain.url}/v2/token`, {
        headers: { authorization: `Basic ${Buffer.from(CREDS).toString('base64')}` },
      })
      const plainToken = ((await res.json()) as { token: string }).token
      const pull = await fetch(`${plain.url}/v2/docker-remote/library/nginx/manifests/latest`, {
        headers: { authorization: `Bearer ${plainToken}` },
      })
      expect(pull.status).toBe(404)
      expect(await store.state('docker-remote')).toMatchObject({ lastFailure: null, lastSuccessAt: null })
    } finally {
      await plain.stop()
    }
  })
})
