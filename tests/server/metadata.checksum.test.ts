/**
 * A checksum search (spec 001 section 3, the search model's checksum): the metadata API finds
 * the packages, and the versions of a package, holding a file with a given sha256, sha1 or md5.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { signInDirectly } from './helpers/catalogSession'
import { gql, PACKAGES_QUERY, type Connection, type PackageNode } from './helpers/graphql'

let server: TestServer
let cookie: string

beforeAll(async () => {
  server = await startTestServer({ graphqlBudget: { perSecond: 1e12, burst: 1e12 } })
  cookie = signInDirectly(server)
})
afterAll(async () => server.stop())

interface FileSums {
  name: string
  md5: string
  sha1: string
  sha256: string
}
type Versions = { versions: Connection<{ id: string; name: string; files: FileSums[] }> }
const VERSIONS = `query V($filter: VersionFilter!) {
  versions(filter: $filter, first: 1000) { totalCount edges { cursor node { id name files { name md5 sha1 sha256 } } }
    pageInfo { hasNextPage endCursor } } }`

const versionsOf = async (filter: Record<string, unknown>) => {
  const reply = await gql<Versions>(server, cookie, VERSIONS, { filter }, '/mds/versions')
  expect(reply.status, JSON.stringify(reply.body.errors)).toBe(200)
  return reply.body.data!.versions.edges.map((e) => e.node)
}

const packageIds = async (filter: Record<string, unknown>) => {
  const reply = await gql<{ packages: Connection<PackageNode> }>(server, cookie, PACKAGES_QUERY, {
    filter,
    first: 1000,
  })
  expect(reply.status, JSON.stringify(reply.body.errors)).toBe(200)
  return reply.body.data!.packages.edges.map((e) => e.node.id)
}

describe('metadata GraphQL: search by checksum', () => {
  it('finds the package and the version holding a file by its sha256, sha1 or md5, in any case', async () => {
    const all = await versionsOf({ packageId: 'npm://react' })
    expect(all.length).toBeGreaterThanOrEqual(1)
    const version = all[all.length - 1]!
    // package.json's sums are shared by no other react version (its version field differs).
    const file = version.files.find((f) => f.name === 'package.json') ?? version.files[0]!
    for (const sum of [file.sha256, file.sha1, file.md5, file.sha256.toUpperCase()]) {
      expect(await packageIds({ checksum: sum })).toContain('npm://react')
      const holding = await versionsOf({ packageId: 'npm://react', checksum: sum })
      expect(holding.map((v) => v.name)).toContain(version.name)
      for (const v of holding)
        expect(v.files.some((f) => [f.sha256, f.sha1, f.md5].includes(sum.toLowerCase()))).toBe(true)
    }
  })

  it('finds nothing for a checksum no file has, and combines with the other filters', async () => {
    const none = '0'.repeat(64)
    expect(await packageIds({ checksum: none })).toEqual([])
    const version = (await versionsOf({ packageId: 'npm://react' }))[0]!
    const sum = version.files[0]!.sha256
    expect(await packageIds({ checksum: sum, packageTypeIn: ['maven'] })).toEqual([])
    expect(await packageIds({ checksum: sum, packageTypeIn: ['npm'] })).toContain('npm://react')
    expect(await versionsOf({ packageId: 'npm://react', checksum: none })).toEqual([])
  })

  it('refuses a checksum that is not 32, 40 or 64 hex digits', async () => {
    for (const bad of ['abc', 'g'.repeat(64), '1'.repeat(63), "' OR 1=1 --"]) {
      const reply = await gql(server, cookie, PACKAGES_QUERY, { filter: { checksum: bad }, first: 1 })
      expect(reply.body.data ?? null).toBeNull()
      expect(reply.body.errors?.[0]?.message).toMatch(/checksum must be a sha256, sha1 or md5/)
    }
  })
})
