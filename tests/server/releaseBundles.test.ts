import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { gql, type Connection } from './helpers/graphql'

let server: TestServer
let cookie: string

beforeAll(async () => {
  server = await startTestServer()
  cookie = signInDirectly(server)
})
afterAll(async () => server.stop())

interface Bundle {
  name: string
  version: string
  created: string
  status: string
  repository: string
  artifacts: number
}

const lookup = async (checksum: string, query = '', withCookie = true) => {
  const res = await fetch(
    `${server.url}/ui/api/v1/distribution/api/ui/release_bundle/checksum/${encodeURIComponent(checksum)}${query}`,
    { headers: withCookie ? { cookie } : {} },
  )
  return { status: res.status, body: (await res.json()) as { data?: { data: Bundle[] }; message?: string } }
}

async function newestFiles(packageId: string) {
  const reply = await gql<{
    versions: Connection<{ files: Array<{ name: string; sha256: string; sha1: string }> }>
  }>(
    server,
    cookie,
    'query V($id: ID!) { versions(filter: {packageId: $id}, first: 1) { edges { node { files { name sha256 sha1 } } } } }',
    { id: packageId },
    '/mds/versions',
  )
  return reply.body.data!.versions.edges[0]!.node.files
}

describe('release bundles by checksum', () => {
  it('finds the bundles containing a real artifact by sha256, newest first', async () => {
    const files = await newestFiles('npm://react')
    const { status, body } = await lookup(files[0]!.sha256)
    expect(status).toBe(200)
    const bundles = body.data!.data
    expect(bundles.map((b) => `${b.name}@${b.version}`)).toEqual(['console-web@1.1.0', 'console-web@1.0.0'])
    expect(bundles[0]).toMatchObject({ status: 'SIGNED', repository: 'release-bundles' })
    // Each bundle's artifact count is every file it holds, more than the one looked up.
    for (const b of bundles) expect(b.artifacts).toBeGreaterThan(files.length)
  })

  it('finds them by sha1, in either case, and bounds the rows', async () => {
    const files = await newestFiles('npm://react')
    const bySha1 = await lookup(files[0]!.sha1.toUpperCase())
    expect(bySha1.body.data!.data).toHaveLength(2)
    const one = await lookup(files[0]!.sha1, '?num_of_rows=1')
    expect(one.body.data!.data.map((b) => b.version)).toEqual(['1.1.0'])
  })

  it('finds a bundle through a file of a package only one bundle holds', async () => {
    const files = await newestFiles('npm://fastify')
    const { body } = await lookup(files.find((f) => f.name === 'package.json')!.sha256)
    expect(body.data!.data.map((b) => `${b.name}@${b.version}`)).toEqual(['platform-api@0.9.0'])
  })

  it('answers an empty list for a checksum no bundle holds', async () => {
    const { status, body } = await lookup('0'.repeat(64))
    expect(status).toBe(200)
    expect(body.data!.data).toEqual([])
  })

  it('refuses a malformed checksum or row count with 400', async () => {
    for (const bad of ['xyz', 'a'.repeat(63), 'a'.repeat(65), 'g'.repeat(40), `${'a'.repeat(40)} OR 1=1`]) {
      const { status, body } = await lookup(bad)
      expect(status, bad).toBe(400)
      expect(body.message).toBeTruthy()
    }
    expect((await lookup('a'.repeat(64), '?num_of_rows=0')).status).toBe(400)
    expect((await lookup('a'.repeat(64), '?num_of_rows=many')).status).toBe(400)
  })

  it('is for signed-in users only', async () => {
    expect((await lookup('a'.repeat(64), '', false)).status).toBe(401)
  })
})
