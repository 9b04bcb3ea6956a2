/**
 * The container registry edition opens on images it really holds: at first start it pushes its
 * sample images into docker-local through the registry's own push path, so the packages list
 * names them with their tags, their layers come from the real config, skopeo copies one out
 * digest for digest, and the multi-platform one answers each platform. Pushed once: a second
 * claim does nothing; another flavour gets none.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { skopeoCli } from '../support/skopeo'
import { signInDirectly } from './helpers/catalogSession'
import { gql, type Connection } from './helpers/graphql'
import { pushSampleImagesOnce, sampleImages } from '../../server/containers/samples'

let server: TestServer
let cookie: string
let work: string
let skopeo: ReturnType<typeof skopeoCli>

beforeAll(async () => {
  server = await startTestServer({}, { PLATFORM_FLAVOUR: 'container-registry' })
  cookie = signInDirectly(server)
  work = mkdtempSync(join(tmpdir(), 'docker-samples-'))
  skopeo = skopeoCli(work)
}, 60_000)
afterAll(async () => {
  await server?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

interface Version {
  name: string
  repos: Array<{ name: string; leadFilePath: string }>
}
const versionsOf = async (id: string) =>
  (
    await gql<{ versions: Connection<Version> }>(
      server,
      cookie,
      'query V($id: ID!) { versions(filter: {packageId: $id}) { edges { node { name repos { name leadFilePath } } } } }',
      { id },
      '/mds/versions',
    )
  ).body.data!.versions.edges.map((e) => e.node)

describe('the container registry edition after a fresh start', () => {
  it('lists the pushed sample images as docker packages in docker-local', async () => {
    const reply = await gql<{ packages: Connection<{ name: string; packageType: string }> }>(
      server,
      cookie,
      '{ packages(filter: {repositoriesIn: ["docker-local"]}, first: 100) { edges { node { name packageType } } } }',
    )
    expect(reply.status, JSON.stringify(reply.body.errors)).toBe(200)
    expect(reply.body.data!.packages.edges.map((e) => `${e.node.packageType}://${e.node.name}`)).toEqual([
      'docker://samples/console-web',
      'docker://samples/platform-api',
    ])
    const web = await versionsOf('docker://samples/console-web')
    expect(web.map((v) => v.name).sort()).toEqual(['1.0.0', '1.1.0', 'latest'])
    expect(web.find((v) => v.name === '1.1.0')!.repos).toEqual([
      { name: 'docker-local', leadFilePath: 'samples/console-web/1.1.0/manifest.json' },
    ])
    expect((await versionsOf('docker://samples/platform-api')).map((v) => v.name)).toEqual(['2.3.0'])
  })

  it('lists the packages of its own types alone: its newest are images, none of the shared catalogue', async () => {
    // As the landing asks (no filter, newest first) and as a search naming another type asks.
    const listed = async (filter: string) => {
      const reply = await gql<{ packages: Connection<{ name: string; packageType: string }> }>(
        server,
        cookie,
        `{ packages(filter: {${filter}}, first: 50, orderBy: {field: CREATED, direction: DESC}) { edges { node { name packageType } } } }`,
      )
      expect(reply.status, JSON.stringify(reply.body.errors)).toBe(200)
      return reply.body.data!.packages.edges.map((e) => `${e.node.packageType}://${e.node.name}`)
    }
    const newest = await listed('')
    expect(newest).toEqual(
      expect.arrayContaining(['docker://samples/console-web', 'docker://samples/platform-api']),
    )
    expect(newest.filter((id) => !/^(docker|helm|helmoci|oci):\/\//.test(id))).toEqual([])
    expect(await listed('packageTypeIn: ["debian", "npm"]')).toEqual([])
    expect(await listed('packageTypeIn: ["docker", "npm"]')).toEqual(
      expect.arrayContaining(['docker://samples/console-web']),
    )
  })

  it("shows the layers from the image's own config", async () => {
    const res = await fetch(
      `${server.url}/ui/api/v1/ui/views/dockerv2?repoKey=docker-local&path=${encodeURIComponent('samples/console-web/1.0.0/manifest.json')}`,
      { headers: { cookie } },
    )
    expect(res.status).toBe(200)
    const { layers } = (await res.json()) as { layers: Array<{ command: string }> }
    expect(layers.map((l) => l.command)).toEqual([
      'ADD rootfs /',
      'COPY dist/ /app/www/',
      'COPY serve /app/serve',
    ])
  })

  it('serves them to registry clients: skopeo copies one out digest for digest', async () => {
    const [web] = sampleImages()
    const expected = web!.manifests.find((m) => m.references.includes('1.1.0'))!.manifest.digest
    const out = join(work, 'web')
    const copied = await skopeo([
      'copy',
      '--src-tls-verify=false',
      '--src-creds',
      `developer:${server.config.userPassword}`,
      `docker://${new URL(server.url).host}/docker/samples/console-web:latest`,
      `oci:${out}:copied`,
    ])
    expect(copied, copied.stderr).not.toHaveProperty('failed')
    const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as {
      manifests: Array<{ digest: string }>
    }
    expect(index.manifests.map((m) => m.digest)).toEqual([expected])
  }, 60_000)

  it('answers each platform of the multi-platform image', async () => {
    for (const arch of ['amd64', 'arm64']) {
      const inspected = await skopeo([
        'inspect',
        '--tls-verify=false',
        '--creds',
        `developer:${server.config.userPassword}`,
        '--override-os',
        'linux',
        '--override-arch',
        arch,
        `docker://${new URL(server.url).host}/docker-local/samples/platform-api:2.3.0`,
      ])
      expect(inspected, inspected.stderr).not.toHaveProperty('failed')
      expect((JSON.parse(inspected.stdout) as { Architecture: string }).Architecture).toBe(arch)
    }
  }, 60_000)

  it('pushes them once: a later start that claims again pushes nothing', async () => {
    const refuse = () => Promise.reject(new Error('pushed a second time'))
    expect(await pushSampleImagesOnce(server.ctx, { pushBlob: refuse, pushManifest: refuse })).toBe(false)
  })
})

describe('another flavour', () => {
  it('pushes no sample image', async () => {
    const other = await startTestServer()
    try {
      const reply = await gql<{ packages: Connection<{ name: string }> }>(
        other,
        signInDirectly(other),
        '{ packages(filter: {repositoriesIn: ["docker-local"]}, first: 100) { totalCount } }',
      )
      expect(reply.body.data!.packages.totalCount).toBe(0)
    } finally {
      await other.stop()
    }
  }, 60_000)
})
