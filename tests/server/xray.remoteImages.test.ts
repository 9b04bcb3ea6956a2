/**
 * A container image cached by a remote is scanned once its layers are there: docker-remote
 * (indexed by an admin) fetches through from a second platform on loopback. Pulling the manifest
 * alone caches the tag; the image is then not scanned, waiting for its layers (not a failed scan),
 * and still so while one of its two layers is cached; the last layer's arrival scans it, finding
 * the advisories of the npm package its layers hold. A multi-platform image (an index) whose
 * linux/amd64 image, the one the console shows, is not cached waits too, rather than passing as
 * an image with nothing in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { ociPusher } from '../support/ociPush'
import { signInDirectly } from './helpers/catalogSession'
import { buildImage } from '../../server/containers/imageBuilder'
import { MEDIA } from '../../server/containers/rules'
import { xrayFor } from '../../server/xray/service'
import { gql } from './helpers/graphql'

const CREDS = 'developer:password'
const layers = [
  { command: 'ADD os-release /etc/', files: [{ path: 'etc/os-release', content: 'ID=scratchy\n' }] },
  {
    command: 'RUN npm install minimist@0.0.8',
    files: [
      {
        path: 'opt/app/node_modules/minimist/package.json',
        content: '{"name":"minimist","version":"0.0.8","license":"MIT"}',
      },
    ],
  },
]
const image = buildImage({ layers })
// Two platforms behind one index: amd64 (another creation time than `image`, so its own digests) and arm64 without the npm package.
const amd64 = buildImage({ layers, created: '2026-01-01T00:00:00Z' })
const arm64 = buildImage({ layers: layers.slice(0, 1), architecture: 'arm64' })
const index = Buffer.from(
  JSON.stringify({
    schemaVersion: 2,
    mediaType: MEDIA.ociIndex,
    manifests: [
      [arm64, 'arm64'],
      [amd64, 'amd64'],
    ].map(([i, architecture]) => {
      const built = i as typeof image
      return {
        mediaType: built.manifest.mediaType,
        digest: built.manifest.digest,
        size: built.manifest.bytes.length,
        platform: { os: 'linux', architecture },
      }
    }),
  }),
)

// Images whose layers arrive under other names: `late` shares its npm layer with `sharer`, and
// `copied`'s layers are pushed into docker-local under another image (layers of their own, by the
// marker file, so no other test here stores them first).
const npmLayer = (marker: string) => ({
  command: 'RUN npm install minimist@0.0.8',
  files: [...layers[1]!.files, { path: 'opt/app/marker', content: marker }],
})
const osLayer = (id: string) => ({
  command: 'ADD os-release /etc/',
  files: [{ path: 'etc/os-release', content: `ID=${id}\n` }],
})
const late = buildImage({ layers: [osLayer('late'), npmLayer('shared')] })
const sharer = buildImage({ layers: [osLayer('sharer'), npmLayer('shared')] })
const copied = buildImage({ layers: [osLayer('copied'), npmLayer('copied')] })

let upstream: TestServer
let server: TestServer
let admin: string
let token: string

beforeAll(async () => {
  upstream = await startTestServer({ anonymousAccess: true })
  const pusher = await ociPusher(upstream.url, 'developer', upstream.config.userPassword)
  await pusher.push('docker-local/proxied/waiting', image, ['1.0'])
  for (const child of [arm64, amd64]) {
    await pusher.push('docker-local/proxied/multi', child, [])
    await pusher.putManifest(
      'docker-local/proxied/multi',
      child.manifest.mediaType,
      child.manifest.bytes,
      child.manifest.digest,
    )
  }
  await pusher.putManifest('docker-local/proxied/multi', MEDIA.ociIndex, index, '1.0')
  await pusher.push('docker-local/proxied/late', late, ['1.0'])
  await pusher.push('docker-local/proxied/sharer', sharer, ['1.0'])
  await pusher.push('docker-local/proxied/copied', copied, ['1.0'])
  server = await startTestServer({}, { DOCKER_REMOTE_URL: `${upstream.url}/docker-local` })
  admin = signInDirectly(server, { admin: true })
  const res = await fetch(`${server.url}/v2/token`, {
    headers: { authorization: `Basic ${Buffer.from(CREDS).toString('base64')}` },
  })
  token = ((await res.json()) as { token: string }).token
})
afterAll(async () => {
  await server?.stop()
  await upstream?.stop()
})

async function api<T>(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/ui/api/v1${path}`, {
    method,
    headers: browserHeaders(server.url, admin),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}

/** Pulls `path` of the image through docker-remote, which caches it. */
async function pull(path: string, name = 'proxied/waiting') {
  const res = await fetch(`${server.url}/v2/docker-remote/${name}/${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: `${MEDIA.ociIndex}, ${MEDIA.ociManifest}` },
  })
  expect(res.status, path).toBe(200)
  await res.arrayBuffer()
  await xrayFor(server.ctx).imagesScanned()
}

/** The names of the files the version page's Files tab lists for the image's tag 1.0. */
async function filesOfImage(name: string) {
  const reply = await gql<{ versions: { edges: Array<{ node: { files: Array<{ name: string }> } }> } }>(
    server,
    admin,
    'query V($id: ID!) { versions(filter: { packageId: $id, name: "1.0" }) { edges { node { files { name } } } } }',
    { id: `docker://${name}` },
    '/mds/versions',
  )
  expect(reply.status).toBe(200)
  return reply.body.data!.versions.edges[0]!.node.files.map((f) => f.name)
}
const fileOf = (digest: string) => digest.replace(':', '__')

/** The image's scan as the Scans List shows it: status, why, counts. */
async function scanOfImage(name = 'proxied/waiting') {
  const found = await api<{
    data: Array<{ status: string; error: string | null; vulnerabilities: Record<string, number> }>
  }>('POST', '/xray/ui/component/paginatedsearch?page_num=1', {
    search: name,
    all_components: true,
  })
  expect(found.data).toHaveLength(1)
  return found.data[0]!
}

describe('an image a remote caches', () => {
  it('waits for its layers, not scanned, and is scanned when the last arrives', async () => {
    const indexed = await api<{ repositories: string[] }>('GET', '/xray/api/v1/indexed_resources')
    await api('PUT', '/xray/api/v1/indexed_resources', {
      repositories: [...indexed.repositories, 'docker-remote'],
    })

    await pull('manifests/1.0')
    expect(await scanOfImage()).toMatchObject({ status: 'not_scanned', error: 'waiting for its layers' })
    const details = await api<Record<string, unknown>>('POST', '/xray/ui/component/details/general', {
      package_id: 'docker://proxied/waiting',
      version: '1.0',
    })
    expect(details).toMatchObject({
      scan_status: 'not_scanned',
      scan_error: 'waiting for its layers',
      last_scanned: null,
    })

    await pull(`blobs/${image.config.digest}`)
    await pull(`blobs/${image.layers[0]!.digest}`)
    expect(await scanOfImage()).toMatchObject({ status: 'not_scanned', error: 'waiting for its layers' })

    await pull(`blobs/${image.layers[1]!.digest}`)
    const scanned = await scanOfImage()
    expect(scanned).toMatchObject({ status: 'scanned', error: null })
    // minimist 0.0.8's shipped advisories, found in the layer that arrived last.
    expect(scanned.vulnerabilities.critical).toBeGreaterThan(0)
  })

  it('waits while only an index is cached, or only the platform the console does not show', async () => {
    const multi = 'proxied/multi'
    await pull('manifests/1.0', multi)
    expect(await scanOfImage(multi)).toMatchObject({ status: 'not_scanned', error: 'waiting for its layers' })
    // An arm64 client's pull: its image whole, while the console shows the amd64 one.
    await pull(`manifests/${arm64.manifest.digest}`, multi)
    for (const b of [arm64.config, ...arm64.layers]) await pull(`blobs/${b.digest}`, multi)
    expect(await scanOfImage(multi)).toMatchObject({ status: 'not_scanned', error: 'waiting for its layers' })

    await pull(`manifests/${amd64.manifest.digest}`, multi)
    for (const b of [amd64.config, ...amd64.layers]) await pull(`blobs/${b.digest}`, multi)
    const scanned = await scanOfImage(multi)
    expect(scanned).toMatchObject({ status: 'scanned', error: null })
    expect(scanned.vulnerabilities.critical).toBeGreaterThan(0)
  })

  it('is scanned when a layer it waits for is stored under another image or repository', async () => {
    await pull('manifests/1.0', 'proxied/late')
    await pull(`blobs/${late.layers[0]!.digest}`, 'proxied/late')
    expect(await scanOfImage('proxied/late')).toMatchObject({
      status: 'not_scanned',
      error: 'waiting for its layers',
    })
    // A client that pulled `sharer` first has the npm layer and does not pull it again for `late`.
    await pull('manifests/1.0', 'proxied/sharer')
    for (const b of [sharer.config, ...sharer.layers]) await pull(`blobs/${b.digest}`, 'proxied/sharer')
    const scanned = await scanOfImage('proxied/late')
    expect(scanned).toMatchObject({ status: 'scanned', error: null })
    expect(scanned.vulnerabilities.critical).toBeGreaterThan(0)
    // Its Files tab lists the layer the remote now holds, though it was cached under `sharer`.
    expect(await filesOfImage('proxied/late')).toEqual(
      expect.arrayContaining(late.layers.map((l) => fileOf(l.digest))),
    )

    // The same bytes pushed to another repository (docker-local), under another image.
    await pull('manifests/1.0', 'proxied/copied')
    expect(await scanOfImage('proxied/copied')).toMatchObject({ status: 'not_scanned' })
    const local = await ociPusher(server.url, 'developer', server.config.userPassword)
    for (const l of copied.layers) await local.pushBlob('docker-local/elsewhere/copy', l.bytes, l.digest)
    await xrayFor(server.ctx).imagesScanned()
    const copiedScan = await scanOfImage('proxied/copied')
    expect(copiedScan).toMatchObject({ status: 'scanned', error: null })
    expect(copiedScan.vulnerabilities.critical).toBeGreaterThan(0)
    expect(await filesOfImage('proxied/copied')).toEqual(
      expect.arrayContaining(copied.layers.map((l) => fileOf(l.digest))),
    )
  })
})
