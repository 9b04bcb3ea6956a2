/**
 * Permission patterns narrower than an image, with skopeo: a tag's files stand at
 * `<image>/<tag>/…`, so a target including `tagged/app/1.0.0/**` lets its user pull that tag
 * (and a multi-platform tag's parts, by digest) but not the image's other tags, their
 * manifests by digest or their layers, and push no other tag (a signature, with its config and
 * layers, goes with the tag it signs, and so does a signature of that signature); a target excluding
 * `tagged/app/2.0.0/**` hides that one tag from a user who may otherwise read, push and
 * delete the whole image: pull, tag list, overwrite and delete of it are all refused, and the
 * console's versions and Artifacts tree leave it out. What such a user's lists cost in
 * statements: containers.listCost.test.ts.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly, signInDirectlyAs } from './helpers/catalogSession'
import { gql, type Connection } from './helpers/graphql'
import { grant, skopeoAs, usersOutsideGroups } from './helpers/permissions'
import { createUser, TEST_PASSWORD } from './helpers/registryClients'
import { skopeoCli, writeOciIndexLayout, writeOciLayout } from '../support/skopeo'
import { buildImage, type BuiltImage } from '../../server/containers/imageBuilder'
import { MEDIA } from '../../server/containers/rules'
import { ociPusher } from '../support/ociPush'

let server: TestServer
let work: string
let as: ReturnType<typeof skopeoAs>

const imageOf = (content: string, architecture = 'amd64') =>
  buildImage({
    layers: [{ command: 'ADD a.txt /', files: [{ path: 'a.txt', content }] }],
    architecture,
    os: 'linux',
  })
const one = imageOf('tag one\n')
const two = imageOf('tag two\n')
const arm = imageOf('multi arm\n', 'arm64')
const amd = imageOf('multi amd\n', 'amd64')

const basic = (user: string) => `Basic ${Buffer.from(`${user}:${TEST_PASSWORD}`).toString('base64')}`
const push = (user: string, layout: string, repo: string, tag: string) =>
  as.push(user, layout, `${repo}/tagged/app:${tag}`)
const pull = (user: string, repo: string, tag: string) => as.pull(user, `${repo}/tagged/app:${tag}`)
const tagsOf = async (user: string, repo: string) => {
  const listed = await as.listTags(user, `${repo}/tagged/app`)
  expect(listed, listed.stderr).not.toHaveProperty('failed')
  return (JSON.parse(listed.stdout) as { Tags: string[] }).Tags.sort()
}
const v2 = (user: string, path: string, method = 'GET') =>
  fetch(`${server.url}/v2/docker-local/tagged/app/${path}`, {
    method,
    headers: { authorization: basic(user), accept: 'application/vnd.oci.image.manifest.v1+json' },
  })

beforeAll(async () => {
  server = await startTestServer()
  work = mkdtempSync(join(tmpdir(), 'skopeo-tag-patterns-'))
  as = skopeoAs(server, skopeoCli(work), work)
  writeOciLayout(join(work, 'one'), one, '1.0.0')
  writeOciLayout(join(work, 'two'), two, '2.0.0')
  writeOciIndexLayout(
    join(work, 'multi'),
    [
      { image: amd, os: 'linux', architecture: 'amd64' },
      { image: arm, os: 'linux', architecture: 'arm64' },
    ],
    'multi',
  )
  await createUser(server, 'owner')
  // Out of every group: only the patterned targets speak for them.
  await usersOutsideGroups(server, 'tagger', 'hider')
  await grant(server, { repositories: ['docker-local', 'docker'], users: { owner: ['read', 'deploy'] } })
  await grant(server, {
    repositories: ['docker-local', 'docker'],
    includePatterns: ['tagged/app/1.0.0/**', 'tagged/app/multi/**'],
    users: { tagger: ['read', 'deploy'] },
  })
  await grant(server, {
    repositories: ['docker-local', 'docker'],
    excludePatterns: ['tagged/app/2.0.0/**'],
    users: { hider: ['read', 'annotate', 'deploy', 'delete'] },
  })
  for (const [layout, tag] of [
    ['one', '1.0.0'],
    ['two', '2.0.0'],
    // The same bytes as 2.0.0 under a tag the patterns do not name.
    ['two', 'copy'],
    ['multi', 'multi'],
  ] as const) {
    const source = `oci:${join(work, layout)}:${layout === 'one' ? '1.0.0' : layout === 'two' ? '2.0.0' : 'multi'}`
    const pushed = await push('owner', source, 'docker-local', tag)
    expect(pushed, pushed.stderr).not.toHaveProperty('failed')
  }
}, 180_000)

afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('a user whose target includes only some tags of an image', () => {
  it('pulls those tags (a multi-platform one whole), directly and through the virtual', async () => {
    for (const repo of ['docker-local', 'docker'])
      for (const tag of ['1.0.0', 'multi']) {
        const pulled = await pull('tagger', repo, tag)
        expect(pulled, `${repo}:${tag}: ${pulled.stderr}`).not.toHaveProperty('failed')
      }
  }, 60_000)

  it('cannot pull or list the other tags, nor read their manifests or layers by digest', async () => {
    for (const repo of ['docker-local', 'docker']) {
      const pulled = await pull('tagger', repo, '2.0.0')
      expect(pulled.failed, `${repo}: ${pulled.stderr}`).toBe(true)
      expect(pulled.stderr).toMatch(/manifest unknown|not found/i)
      expect(await tagsOf('tagger', repo)).toEqual(['1.0.0', 'multi'])
    }
    expect((await v2('tagger', `manifests/${two.manifest.digest}`)).status).toBe(404)
    expect((await v2('tagger', `blobs/${two.layers[0]!.digest}`)).status).toBe(404)
    expect((await v2('tagger', `blobs/${two.config.digest}`, 'HEAD')).status).toBe(404)
    // What the tags it may read stand on, it reads by digest too.
    expect((await v2('tagger', `manifests/${one.manifest.digest}`)).status).toBe(200)
    expect((await v2('tagger', `blobs/${one.layers[0]!.digest}`)).status).toBe(200)
    expect((await v2('owner', `manifests/${two.manifest.digest}`)).status).toBe(200)
  }, 60_000)

  it('pushes its own tag again, but no other tag', async () => {
    const again = await push('tagger', `oci:${join(work, 'one')}:1.0.0`, 'docker-local', '1.0.0')
    expect(again, again.stderr).not.toHaveProperty('failed')
    const other = await push('tagger', `oci:${join(work, 'one')}:1.0.0`, 'docker-local', '3.0.0')
    expect(other.failed, other.stderr).toBe(true)
    expect(other.stderr).toMatch(/denied|may not push/i)
    expect(await tagsOf('owner', 'docker-local')).toEqual(['1.0.0', '2.0.0', 'copy', 'multi'])
  }, 60_000)
})

describe('signatures of the tags', () => {
  /**
   * A signature (an artifact whose subject is `signed`: an image, or another signature) with a
   * layer of its own, pushed as the owner.
   */
  const sign = async (signed: BuiltImage | { manifest: { digest: string; bytes: Buffer } }, text: string) => {
    const pusher = await ociPusher(server.url, 'owner', TEST_PASSWORD)
    const blob = (bytes: Buffer) => ({
      bytes,
      digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
    })
    const config = blob(Buffer.from('{}'))
    const payload = blob(Buffer.from(text))
    for (const b of [config, payload]) await pusher.pushBlob('docker-local/tagged/app', b.bytes, b.digest)
    const manifest = blob(
      Buffer.from(
        JSON.stringify({
          schemaVersion: 2,
          mediaType: MEDIA.ociManifest,
          artifactType: 'application/vnd.example.signature',
          config: { mediaType: 'application/vnd.oci.empty.v1+json', digest: config.digest, size: 2 },
          layers: [
            { mediaType: 'application/octet-stream', digest: payload.digest, size: payload.bytes.length },
          ],
          subject: {
            mediaType: MEDIA.ociManifest,
            digest: signed.manifest.digest,
            size: signed.manifest.bytes.length,
          },
        }),
      ),
    )
    await pusher.putManifest('docker-local/tagged/app', MEDIA.ociManifest, manifest.bytes, manifest.digest)
    return {
      manifest: { digest: manifest.digest, bytes: manifest.bytes },
      digest: manifest.digest,
      layer: payload.digest,
    }
  }

  const tagger = (repo: string) => {
    const get = (path: string) =>
      fetch(`${server.url}/v2/${repo}/tagged/app/${path}`, {
        headers: { authorization: basic('tagger'), accept: MEDIA.ociManifest },
      })
    const referrers = async (subject: string) =>
      (
        (await (await get(`referrers/${subject}`)).json()) as { manifests: Array<{ digest: string }> }
      ).manifests
        .map((m) => m.digest)
        .sort()
    return { get, referrers }
  }

  it("are read with the tag they sign, their layers too, and not another tag's", async () => {
    const mine = await sign(one, 'signature of 1.0.0')
    const other = await sign(two, 'signature of 2.0.0')
    for (const repo of ['docker-local', 'docker']) {
      const { get, referrers } = tagger(repo)
      expect(await referrers(one.manifest.digest), repo).toEqual([mine.digest])
      expect((await get(`manifests/${mine.digest}`)).status, repo).toBe(200)
      const layer = await get(`blobs/${mine.layer}`)
      expect(layer.status, repo).toBe(200)
      expect(await layer.text()).toBe('signature of 1.0.0')
      expect(await referrers(two.manifest.digest), repo).toEqual([])
      expect((await get(`manifests/${other.digest}`)).status, repo).toBe(404)
      expect((await get(`blobs/${other.layer}`)).status, repo).toBe(404)
    }
  })

  it('a signature of a signature goes with the tag at the end of the chain, however long', async () => {
    const first = await sign(one, 'first of 1.0.0')
    const second = await sign(first, 'second of 1.0.0')
    const third = await sign(second, 'third of 1.0.0')
    const hidden = await sign(await sign(two, 'first of 2.0.0'), 'second of 2.0.0')
    for (const repo of ['docker-local', 'docker']) {
      const { get, referrers } = tagger(repo)
      for (const [signature, text] of [
        [second, 'second of 1.0.0'],
        [third, 'third of 1.0.0'],
      ] as const) {
        expect((await get(`manifests/${signature.digest}`)).status, `${repo} ${text}`).toBe(200)
        const layer = await get(`blobs/${signature.layer}`)
        expect(layer.status, `${repo} ${text}`).toBe(200)
        expect(await layer.text()).toBe(text)
      }
      expect(await referrers(first.digest), repo).toEqual([second.digest])
      expect(await referrers(second.digest), repo).toEqual([third.digest])
      // The chain of another tag's signatures stays hidden all the way.
      expect((await get(`manifests/${hidden.digest}`)).status, repo).toBe(404)
      expect((await get(`blobs/${hidden.layer}`)).status, repo).toBe(404)
    }
  })
})

describe('a user whose target excludes one tag of an image', () => {
  it('pulls and pushes the other tags', async () => {
    for (const tag of ['1.0.0', 'multi']) {
      const pulled = await pull('hider', 'docker', tag)
      expect(pulled, `${tag}: ${pulled.stderr}`).not.toHaveProperty('failed')
    }
    const pushed = await push('hider', `oci:${join(work, 'one')}:1.0.0`, 'docker-local', '4.0.0')
    expect(pushed, pushed.stderr).not.toHaveProperty('failed')
  }, 60_000)

  it('cannot pull, list, overwrite or delete the excluded tag', async () => {
    for (const repo of ['docker-local', 'docker']) {
      expect((await pull('hider', repo, '2.0.0')).failed, repo).toBe(true)
      expect(await tagsOf('hider', repo), repo).not.toContain('2.0.0')
    }
    expect((await v2('hider', 'manifests/2.0.0')).status).toBe(404)
    const overwrite = await push('hider', `oci:${join(work, 'one')}:1.0.0`, 'docker-local', '2.0.0')
    expect(overwrite.failed, overwrite.stderr).toBe(true)
    // Deleting its manifest by digest would take the tag with it; its bytes belong to it too.
    expect((await v2('hider', `manifests/${two.manifest.digest}`, 'DELETE')).status).toBe(403)
    expect((await v2('hider', `blobs/${two.layers[0]!.digest}`, 'DELETE')).status).toBe(403)
    expect((await v2('hider', 'manifests/2.0.0', 'DELETE')).status).toBe(403)
    // Nor through the console: deleting the manifest of the tag beside it would take it too.
    const viewer = signInDirectlyAs(server, { outsider: true })
    await grant(server, {
      repositories: ['docker-local'],
      excludePatterns: ['tagged/app/2.0.0/**'],
      users: { [viewer.name]: ['read', 'annotate', 'deploy', 'delete'] },
    })
    const { 'content-type': _json, ...headers } = browserHeaders(server.url, viewer.cookie)
    const deleted = await fetch(
      `${server.url}/ui/api/v1/containers/manifests?repoKey=docker-local&path=${encodeURIComponent('tagged/app/copy/manifest.json')}`,
      { method: 'DELETE', headers },
    )
    expect(deleted.status).toBe(403)
    const owner = await as.rawManifest('owner', 'docker-local/tagged/app:2.0.0')
    expect(owner, owner.stderr).not.toHaveProperty('failed')
    expect(owner.stdout).toBe(two.manifest.bytes.toString())
  }, 60_000)
})

describe("the console's versions and tree of the image", () => {
  it('leave out the tags a pattern hides', async () => {
    const viewer = signInDirectlyAs(server, { outsider: true })
    await grant(server, {
      repositories: ['docker-local', 'docker'],
      excludePatterns: ['tagged/app/2.0.0/**'],
      users: { [viewer.name]: ['read'] },
    })
    const versions = async (cookie: string) => {
      const reply = await gql<{ versions: Connection<{ name: string }> }>(
        server,
        cookie,
        'query V($id: ID!) { versions(filter: {packageId: $id}, first: 50) { totalCount edges { node { name } } } }',
        { id: 'docker://tagged/app' },
        '/mds/versions',
      )
      expect(reply.status, JSON.stringify(reply.body.errors)).toBe(200)
      const names = reply.body.data!.versions.edges.map((e) => e.node.name).sort()
      expect(reply.body.data!.versions.totalCount).toBe(names.length)
      return names
    }
    expect(await versions(signInDirectly(server))).toContain('2.0.0')
    const seen = await versions(viewer.cookie)
    expect(seen).toContain('1.0.0')
    expect(seen).not.toContain('2.0.0')
    const tree = async (cookie: string) => {
      const res = await fetch(
        `${server.url}/ui/api/v1/ui/treebrowser?repoKey=docker-local&path=${encodeURIComponent('tagged/app')}`,
        { headers: { cookie } },
      )
      expect(res.status).toBe(200)
      return ((await res.json()) as { children: Array<{ name: string }> }).children.map((c) => c.name)
    }
    expect(await tree(signInDirectly(server))).toContain('2.0.0')
    expect(await tree(viewer.cookie)).toEqual(expect.arrayContaining(['1.0.0', 'copy', 'multi']))
    expect(await tree(viewer.cookie)).not.toContain('2.0.0')
  })
})
