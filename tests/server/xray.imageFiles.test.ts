/**
 * An image's files as the Artifacts tree names them (`<image>/<tag>/manifest.json` and each blob
 * as `sha256__<hex>`, issue 30), read with a file path under /artifactory/docker-local/ and with
 * the console's Download: refused while a watch's block-download policy holds the image (the 403
 * of every path, decision 2026-12-05-blocked-on-every-path.md), served byte for byte for an image
 * no policy blocks. Both images are pushed with skopeo from OCI layouts the tests write: the
 * scanning tests' Debian image, which the imported Debian advisories find critical issues in, and
 * a clean one holding two plain files.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../support/apiCalls'
import { browserHeaders, startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { importDebianFixture, pushDebianFixtureImage } from '../support/debianFixtureImage'
import { skopeoCli, writeOciLayout } from '../support/skopeo'
import { securityPolicy } from '../support/xrayPolicies'
import { buildImage } from '../../server/containers/imageBuilder'
import { xrayFor } from '../../server/xray/service'

const CREDS = 'developer:password'
const basic = { authorization: `Basic ${Buffer.from(CREDS).toString('base64')}` }
const ACCEPT =
  'application/vnd.oci.image.manifest.v1+json, application/vnd.docker.distribution.manifest.v2+json'

let server: TestServer
let work: string
let admin: string
/** The blocked image's files, read while /v2/ still serves its manifest. */
let vulnerableFiles: Array<{ path: string; digest: string }>

const sha256 = (bytes: ArrayBuffer) =>
  `sha256:${createHash('sha256').update(Buffer.from(bytes)).digest('hex')}`

/** The tag's files as the Artifacts tree names them, from its manifest as /v2/ gives it, with their digests. */
async function treeFiles(image: string, tag: string) {
  const res = await fetch(`${server.url}/v2/docker-local/${image}/manifests/${tag}`, {
    headers: { ...basic, accept: ACCEPT },
  })
  expect(res.status).toBe(200)
  const digest = res.headers.get('docker-content-digest')!
  const manifest = (await res.json()) as { config: { digest: string }; layers: Array<{ digest: string }> }
  const blobs = [manifest.config.digest, ...manifest.layers.map((l) => l.digest)]
  return [
    { path: `${image}/${tag}/manifest.json`, digest },
    ...blobs.map((d) => ({ path: `${image}/${tag}/${d.replace(':', '__')}`, digest: d })),
  ]
}

/** A file of docker-local through the file path and through the console's Download. */
const readFile = (path: string) => [
  fetch(`${server.url}/artifactory/docker-local/${path}`, { headers: basic }),
  fetch(`${server.url}/ui/api/v1/download?repoKey=docker-local&path=${encodeURIComponent(path)}`, {
    headers: browserHeaders(server.url, admin),
  }),
]

beforeAll(async () => {
  server = await startTestServer()
  admin = signInDirectly(server, { admin: true })
  work = mkdtempSync(join(tmpdir(), 'xray-image-files-'))
  expect(await importDebianFixture(server, admin)).toMatchObject({ ok: true })
  const vulnerable = await pushDebianFixtureImage(server, join(work, 'vulnerable'), CREDS)
  expect(vulnerable, vulnerable.stderr).not.toHaveProperty('failed')
  const clean = buildImage({
    layers: [
      {
        command: 'ADD hello.txt /srv/',
        files: [{ path: 'srv/hello.txt', content: 'nothing to find here\n' }],
      },
      { command: 'ADD bye.txt /srv/', files: [{ path: 'srv/bye.txt', content: 'nor here\n' }] },
    ],
    architecture: 'amd64',
    os: 'linux',
  })
  writeOciLayout(join(work, 'clean'), clean, '1.0')
  const pushed = await skopeoCli(work)([
    'copy',
    '--dest-tls-verify=false',
    '--dest-creds',
    CREDS,
    `oci:${join(work, 'clean')}:1.0`,
    `docker://${new URL(server.url).host}/docker-local/clean/hello:1.0`,
  ])
  expect(pushed, pushed.stderr).not.toHaveProperty('failed')
  await xrayFor(server.ctx).imagesScanned()
}, 180_000)

afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('an image’s files under /artifactory/', () => {
  it('are served while no policy blocks the image', async () => {
    vulnerableFiles = await treeFiles('fixture/app', '1.0')
    // The manifest, the config and both layers.
    expect(vulnerableFiles).toHaveLength(4)
    for (const file of vulnerableFiles)
      for (const res of readFile(file.path)) {
        const answer = await res
        expect(answer.status, `${answer.url}`).toBe(200)
        expect(sha256(await answer.arrayBuffer()), answer.url).toBe(file.digest)
      }
  })

  it('are refused for an image a block-download policy holds, naming the policy', async () => {
    const policy = securityPolicy('image-files-block', 'critical', { blockDownload: true })
    expect(
      (await call(server, 'POST', '/xray/api/v1/policies', { cookie: admin, body: policy })).status,
    ).toBe(201)
    const watch = {
      name: 'image-files',
      description: '',
      resources: { kind: 'repositories', repositories: ['docker-local'] },
      policies: ['image-files-block'],
    }
    expect((await call(server, 'POST', '/xray/api/v1/watches', { cookie: admin, body: watch })).status).toBe(
      201,
    )

    // Its files as the tree named them before (/v2/ refuses its manifest now too).
    for (const file of vulnerableFiles)
      for (const res of readFile(file.path)) {
        const refused = await res
        expect(refused.status, refused.url).toBe(403)
        expect(await refused.json(), refused.url).toMatchObject({
          code: 'BLOCKED',
          message: expect.stringContaining('fixture/app@1.0 is blocked by policy "image-files-block"'),
          policy: 'image-files-block',
          watch: 'image-files',
        })
      }
  })

  it('are said to be blocked by the Artifacts page’s information, with the policy and watch', async () => {
    // What the page shows in place of a Download that would be refused.
    const info = (path: string) =>
      call<{ blocked?: unknown }>(
        server,
        'GET',
        `/ui/artifact/info?repoKey=docker-local&path=${encodeURIComponent(path)}`,
        { cookie: admin },
      )
    for (const file of vulnerableFiles)
      expect((await info(file.path)).body.blocked, file.path).toEqual({
        policy: 'image-files-block',
        watch: 'image-files',
        issue: expect.any(String),
      })
    expect((await info('clean/hello/1.0/manifest.json')).body.blocked).toBeNull()
  })

  it('of an image no policy blocks download byte for byte under the same policy', async () => {
    const files = await treeFiles('clean/hello', '1.0')
    expect(files).toHaveLength(4)
    for (const file of files)
      for (const res of readFile(file.path)) {
        const served = await res
        expect(served.status, served.url).toBe(200)
        expect(sha256(await served.arrayBuffer()), served.url).toBe(file.digest)
      }
  })
})
