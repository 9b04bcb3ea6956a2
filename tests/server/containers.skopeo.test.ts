/**
 * The container registry with a real client, skopeo from Debian, against the server on an
 * ephemeral loopback port: an image the test builds (config and two layers, written as an OCI
 * layout) is copied into docker-local with a user's credentials, inspected, its tags listed,
 * copied back out and compared digest for digest; the catalogue knows it at once. Then what
 * the specification says to wrong credentials and to a tag that does not exist.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { grant, signInDeveloper, usersOutsideGroups } from './helpers/permissions'
import { TEST_PASSWORD } from './helpers/registryClients'
import { clientSetup } from '../../domain/setMeUp/steps'
import { layoutDigest, skopeoCli, writeOciIndexLayout, writeOciLayout } from '../support/skopeo'
import { buildImage } from '../../server/containers/imageBuilder'
import { MEDIA } from '../../server/containers/rules'

let server: TestServer
let work: string
let host: string
let skopeo: ReturnType<typeof skopeoCli>

const CREDS = 'developer:password'
/** With `copyTo`, a source in the registry itself: plain HTTP and the user's credentials. */
const FROM_REGISTRY = ['--src-tls-verify=false', '--src-creds', CREDS]
const image = buildImage({
  layers: [
    {
      command: 'ADD hello.txt /srv/',
      files: [{ path: 'srv/hello.txt', content: 'hello from the skopeo test\n' }],
    },
    {
      command: 'COPY run.sh /usr/local/bin/',
      files: [{ path: 'usr/local/bin/run.sh', content: '#!/bin/sh\necho hi\n', mode: 0o755 }],
    },
  ],
  architecture: 'arm64',
  os: 'linux',
})

/** The image the test built, as skopeo reads it from the OCI layout. */
const built = () => `oci:${join(work, 'in')}:1.0.0`
/** Copies `source` (the built image unless named) to `ref` in the registry, signed in as `creds`. */
const copyTo = (ref: string, source = built(), extra: string[] = [], creds = CREDS) =>
  skopeo(['copy', '--dest-tls-verify=false', '--dest-creds', creds, ...extra, source, ref])
/** Copies `ref` out of the registry to `dest`, signed in as the developer. */
const copyFrom = (ref: string, dest: string) =>
  skopeo(['copy', '--src-tls-verify=false', '--src-creds', CREDS, ref, dest])
/** `skopeo inspect` of `ref` (`extra` before it, e.g. `--raw`), signed in as `creds`. */
const inspect = (ref: string, extra: string[] = [], creds = CREDS) =>
  skopeo(['inspect', ...extra, '--tls-verify=false', '--creds', creds, ref])
/** The tags skopeo lists for `ref`, as the developer. */
const listTags = (ref: string) => skopeo(['list-tags', '--tls-verify=false', '--creds', CREDS, ref])

beforeAll(async () => {
  server = await startTestServer()
  host = new URL(server.url).host
  work = mkdtempSync(join(tmpdir(), 'skopeo-loop-'))
  skopeo = skopeoCli(work)
  writeOciLayout(join(work, 'in'), image, '1.0.0')
})

afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('skopeo against the registry', () => {
  it('copies an image in, inspects it, lists its tags, copies it out with the same digests', async () => {
    const ref = `docker://${host}/docker-local/loop/hello`
    const pushed = await copyTo(`${ref}:1.0.0`)
    expect(pushed, pushed.stderr).not.toHaveProperty('failed')

    const inspected = await inspect(`${ref}:1.0.0`)
    expect(inspected, inspected.stderr).not.toHaveProperty('failed')
    const facts = JSON.parse(inspected.stdout) as {
      Digest: string
      Architecture: string
      Os: string
      Layers: string[]
    }
    expect(facts.Digest).toBe(image.manifest.digest)
    expect(facts.Architecture).toBe('arm64')
    expect(facts.Os).toBe('linux')
    expect(facts.Layers).toEqual(image.layers.map((l) => l.digest))

    const raw = await inspect(`${ref}:1.0.0`, ['--raw'])
    expect(Buffer.from(raw.stdout)).toEqual(image.manifest.bytes)

    // A second tag on the same image, then both listed.
    const retagged = await copyTo(`${ref}:latest`, `${ref}:1.0.0`, FROM_REGISTRY)
    expect(retagged, retagged.stderr).not.toHaveProperty('failed')
    const tags = await listTags(ref)
    expect(tags, tags.stderr).not.toHaveProperty('failed')
    expect((JSON.parse(tags.stdout) as { Tags: string[] }).Tags).toEqual(['1.0.0', 'latest'])

    const out = join(work, 'out')
    const pulled = await copyFrom(`${ref}:1.0.0`, `oci:${out}:copied`)
    expect(pulled, pulled.stderr).not.toHaveProperty('failed')
    const digest = layoutDigest(out, 'copied')
    expect(digest).toBe(image.manifest.digest)
    for (const b of [image.config, ...image.layers])
      expect(readFileSync(join(out, 'blobs', 'sha256', b.digest.slice(7)))).toEqual(b.bytes)

    // The catalogue shows the image at once: package, tags as versions, layers from the manifest.
    const sql = server.ctx.sql
    const pkg = await sql.one(
      "SELECT name, package_type, versions_count FROM catalog_packages WHERE id = 'docker://loop/hello'",
    )
    expect(pkg).toEqual({ name: 'loop/hello', package_type: 'docker', versions_count: 2 })
    const layers = await sql.all(
      "SELECT digest, size, command FROM catalog_docker_layers WHERE version_id = 'docker://loop/hello@1.0.0' ORDER BY position",
    )
    expect(layers).toEqual([
      {
        digest: image.layers[0]!.digest,
        size: image.layers[0]!.bytes.length,
        command: 'ADD hello.txt /srv/',
      },
      {
        digest: image.layers[1]!.digest,
        size: image.layers[1]!.bytes.length,
        command: 'COPY run.sh /usr/local/bin/',
      },
    ])
  })

  it("runs Set Me Up's skopeo commands verbatim, signed in with the token it shows", async () => {
    const res = await fetch(`${server.url}/ui/api/v1/ui/npm/token`, {
      method: 'POST',
      headers: browserHeaders(server.url, await signInDeveloper(server)),
      body: '{}',
    })
    const access = (await res.json()) as { token: string; user: string }
    const steps = clientSetup('docker', server.url, 'docker-local', access)
    const lines = steps.find((s) => s.title === 'With skopeo')!.code.split('\n')
    const out = join(work, 'set-me-up-out')
    const fill = (line: string, dir: string) =>
      line.replaceAll('<image>', 'setmeup/app').replaceAll('<tag>', '1.0.0').replaceAll('<dir>', dir)
    const [push, pull, list] = [fill(lines[0]!, join(work, 'in')), fill(lines[1]!, out), fill(lines[2]!, '')]
    for (const line of [push, pull, list]) {
      expect(line.split(' ')[0]).toBe('skopeo')
      const answer = await skopeo(line.split(' ').slice(1))
      expect(answer, `${line}\n${answer.stderr}`).not.toHaveProperty('failed')
      if (line === list) expect(JSON.parse(answer.stdout)).toMatchObject({ Tags: ['1.0.0'] })
    }
    expect(layoutDigest(out, '1.0.0')).toBe(image.manifest.digest)
  })

  it("shows the pushed image's layers (dockerv2, GET and POST) and deletes a tag from the console", async () => {
    const cookie = await signInDeveloper(server)
    const headers = browserHeaders(server.url, cookie)
    const path = 'loop/hello/latest/manifest.json'
    const expected = image.layers.map((l, i) => ({
      digest: l.digest,
      size: l.bytes.length,
      command: ['ADD hello.txt /srv/', 'COPY run.sh /usr/local/bin/'][i],
    }))
    const viaGet = await fetch(
      `${server.url}/ui/api/v1/ui/views/dockerv2?repoKey=docker-local&path=${encodeURIComponent(path)}`,
      { headers },
    )
    expect(await viaGet.json()).toEqual({ layers: expected, platforms: ['linux/arm64'] })
    const viaPost = await fetch(`${server.url}/ui/api/v1/ui/views/dockerv2`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ path, repoKey: 'docker-local', view: 'dockerv2' }),
    })
    expect(await viaPost.json()).toEqual({ layers: expected, platforms: ['linux/arm64'] })
    // The Artifacts tree's Delete on the tag's manifest.json: the tag goes, the other stays.
    const deleted = await fetch(`${server.url}/artifactory/docker-local/${path}`, {
      method: 'DELETE',
      headers,
    })
    expect(deleted.status).toBe(204)
    const tags = await listTags(`docker://${host}/docker-local/loop/hello`)
    expect((JSON.parse(tags.stdout) as { Tags: string[] }).Tags).toEqual(['1.0.0'])
    const versions = await server.ctx.sql.all(
      "SELECT name FROM catalog_versions WHERE package_id = 'docker://loop/hello'",
    )
    expect(versions).toEqual([{ name: '1.0.0' }])
  })

  it('takes a Docker schema 2 push, a copy to another image, no anonymous read, and a delete', async () => {
    const ref = `docker://${host}/docker-local/loop/v2s2`
    const pushed = await copyTo(`${ref}:2.0.0`, built(), ['--format', 'v2s2'])
    expect(pushed, pushed.stderr).not.toHaveProperty('failed')
    const raw = await inspect(`${ref}:2.0.0`, ['--raw'])
    const manifest = JSON.parse(raw.stdout) as { mediaType: string; layers: Array<{ digest: string }> }
    expect(manifest.mediaType).toBe('application/vnd.docker.distribution.manifest.v2+json')
    expect(manifest.layers.map((l) => l.digest)).toEqual(image.layers.map((l) => l.digest))

    // Into another image of the same repository: its blobs are already held there.
    const other = `docker://${host}/docker-local/loop/v2s2-copy:2.0.0`
    const copied = await copyTo(other, `${ref}:2.0.0`, FROM_REGISTRY)
    expect(copied, copied.stderr).not.toHaveProperty('failed')
    const out = join(work, 'v2s2-out')
    const pulled = await copyFrom(other, `oci:${out}:back`)
    expect(pulled, pulled.stderr).not.toHaveProperty('failed')
    for (const l of image.layers)
      expect(readFileSync(join(out, 'blobs', 'sha256', l.digest.slice(7)))).toEqual(l.bytes)

    // Anonymous access is off on this server: no read without credentials.
    const anonymous = await skopeo(['inspect', '--tls-verify=false', '--no-creds', `${ref}:2.0.0`])
    expect(anonymous.failed).toBe(true)
    expect(anonymous.stderr).toMatch(/unauthorized|authentication required/i)

    const deleted = await skopeo(['delete', '--tls-verify=false', '--creds', CREDS, `${ref}:2.0.0`])
    expect(deleted, deleted.stderr).not.toHaveProperty('failed')
    const gone = await inspect(`${ref}:2.0.0`)
    expect(gone.stderr).toMatch(/manifest unknown/i)
    // The copy is an image of its own: the delete left it whole.
    const kept = await inspect(other)
    expect(kept, kept.stderr).not.toHaveProperty('failed')
  })

  it('refuses wrong credentials and answers a missing tag with the specification errors', async () => {
    const ref = `docker://${host}/docker-local/loop/refused`
    const wrong = await copyTo(`${ref}:1.0.0`, built(), [], 'developer:not-the-password')
    expect(wrong.failed).toBe(true)
    expect(wrong.stderr).toMatch(/unauthorized|authentication required/i)

    const missing = await inspect(`docker://${host}/docker-local/loop/hello:no-such-tag`)
    expect(missing.failed).toBe(true)
    expect(missing.stderr).toMatch(/manifest unknown/i)
  })

  it('pushes a multi-platform image as a Docker manifest list, pulled by tag per platform and by digest', async () => {
    const platformImage = (text: string, architecture: string) =>
      buildImage({
        layers: [{ command: `ADD ${text}`, files: [{ path: 'arch.txt', content: text }] }],
        architecture,
        os: 'linux',
      })
    const [amd, arm] = [platformImage('amd64 build', 'amd64'), platformImage('arm64 build', 'arm64')]
    writeOciIndexLayout(
      join(work, 'multi'),
      [
        { image: amd, os: 'linux', architecture: 'amd64' },
        { image: arm, os: 'linux', architecture: 'arm64' },
      ],
      'multi',
    )
    const ref = `docker://${host}/docker-local/loop/multi`
    const pushed = await copyTo(`${ref}:2.0.0`, `oci:${join(work, 'multi')}:multi`, [
      '--all',
      '--format',
      'v2s2',
    ])
    expect(pushed, pushed.stderr).not.toHaveProperty('failed')
    const raw = await inspect(`${ref}:2.0.0`, ['--raw'])
    const list = JSON.parse(raw.stdout) as {
      mediaType: string
      manifests: Array<{ mediaType: string; digest: string; platform: { architecture: string } }>
    }
    expect(list.mediaType).toBe(MEDIA.dockerList)
    expect(list.manifests.map((m) => [m.mediaType, m.platform.architecture])).toEqual([
      [MEDIA.dockerManifest, 'amd64'],
      [MEDIA.dockerManifest, 'arm64'],
    ])

    // By tag, the client picks its platform out of the list.
    for (const arch of ['amd64', 'arm64']) {
      const facts = await inspect(`${ref}:2.0.0`, ['--override-arch', arch, '--override-os', 'linux'])
      expect(facts, facts.stderr).not.toHaveProperty('failed')
      expect(JSON.parse(facts.stdout)).toMatchObject({ Architecture: arch, Os: 'linux' })
    }
    // By digest: the arm64 image alone, copied as it is (a dir: copy keeps the manifest's bytes).
    const armDigest = list.manifests[1]!.digest
    const out = join(work, 'multi-out')
    const pulled = await copyFrom(`${ref}@${armDigest}`, `dir:${out}`)
    expect(pulled, pulled.stderr).not.toHaveProperty('failed')
    const manifest = readFileSync(join(out, 'manifest.json'))
    expect(`sha256:${createHash('sha256').update(manifest).digest('hex')}`).toBe(armDigest)
    const layer = arm.layers[0]!
    expect(readFileSync(join(out, layer.digest.slice(7)))).toEqual(layer.bytes)
  })

  it('lets a user who may only read pull, and refuses their push as denied', async () => {
    await usersOutsideGroups(server, 'only-reads')
    await grant(server, { repositories: ['docker-local'], users: { 'only-reads': ['read'] } })
    const creds = `only-reads:${TEST_PASSWORD}`
    const ref = `docker://${host}/docker-local/loop/hello`
    const read = await inspect(`${ref}:1.0.0`, [], creds)
    expect(read, read.stderr).not.toHaveProperty('failed')
    const push = await copyTo(`${ref}:by-a-reader`, built(), [], creds)
    expect(push.failed).toBe(true)
    expect(push.stderr).toMatch(/denied: only-reads may not do this here/)
    const tags = await listTags(ref)
    expect((JSON.parse(tags.stdout) as { Tags: string[] }).Tags).not.toContain('by-a-reader')
  })

  it('pushes through the docker virtual into docker-local; docker-remote takes no push', async () => {
    const viaVirtual = `docker://${host}/docker/loop/virtual:1.0.0`
    const pushed = await copyTo(viaVirtual)
    expect(pushed, pushed.stderr).not.toHaveProperty('failed')
    const local = await inspect(`docker://${host}/docker-local/loop/virtual:1.0.0`)
    expect(local, local.stderr).not.toHaveProperty('failed')
    expect(JSON.parse(local.stdout)).toMatchObject({ Digest: image.manifest.digest })

    const remote = await copyTo(`docker://${host}/docker-remote/loop/virtual:1.0.0`)
    expect(remote.failed).toBe(true)
    expect(remote.stderr).toMatch(/docker-remote does not take pushes/)
  })
})
